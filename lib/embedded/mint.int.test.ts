// Minting in clinic-level mode (spec 4.3, 5.5) against the sandbox's legacy application and
// PostgreSQL: the grant names the signed-in user (user_id and user_type are sent; the sandbox
// answers 422 without them, and answers the bare grant object), and what the library is handed opens
// the builder once and is refused after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LOCAL_DEFAULTS, EMBED_TREATMENT_PLAN_PATH, embedUrl } from "@/lib/contract";
import { db } from "@/lib/db";
import { exchangeAndStore } from "@/lib/auth/provider";
import {
  authorizeAs,
  sandboxControl,
  sandboxSeed,
  startAuthTestbed,
  TEST_APP_URL,
  TEST_REDIRECT_URI,
  type AuthTestbed,
  type SandboxSeed,
} from "@/tooling/testing/auth-testbed";
import { mintEmbedSession } from "@/lib/embedded/mint";

let bed: AuthTestbed;
let seed: SandboxSeed;

const GrantViewSchema = z.object({
  session_grant: z.object({
    id: z.string(),
    claimed_at: z.string().nullable(),
    user: z.object({ id: z.string(), type: z.string() }),
    client_id: z.string(),
  }),
});
const grantView = async (id: string) =>
  GrantViewSchema.parse(await sandboxControl(bed.sandboxUrl, `grants/${id}`)).session_grant;

beforeAll(async () => {
  bed = await startAuthTestbed("embed_clinic", {
    CLINIC_AUTH_MODE: "clinic",
    CLINIC_CLIENT_ID: LOCAL_DEFAULTS.clinicLevelClientId,
    CLINIC_CLIENT_SECRET: LOCAL_DEFAULTS.clinicLevelClientSecret,
    CLINIC_EMBED_PUBLIC_KEY: LOCAL_DEFAULTS.clinicLevelEmbedPublicKey,
  });
  seed = await sandboxSeed(bed.sandboxUrl);
});
afterAll(async () => {
  await db.$disconnect();
  await bed?.close();
});

async function signIn(platformUserId: string): Promise<string> {
  const { code } = await authorizeAs(bed.sandboxUrl, platformUserId, { clientId: LOCAL_DEFAULTS.clinicLevelClientId });
  return (await exchangeAndStore(code, TEST_REDIRECT_URI)).userId;
}

describe("mintEmbedSession in clinic-level mode", () => {
  it("grants carry each user's user_id and user_type, not the clinic connection's", async () => {
    const [clinic] = seed.clinics;
    const adminId = await signIn(clinic.staff[0].id); // connects the clinic
    const practitionerId = await signIn(clinic.practitioners[1].id);
    const staffId = await signIn(clinic.staff[1].id);

    const cases: Array<[string, string, { id: string; type: string }]> = [
      ["the practitioner", practitionerId, { id: clinic.practitioners[1].id, type: "Practitioner" }],
      ["a staff member", staffId, { id: clinic.staff[1].id, type: "Staff" }],
      ["the admin who connected the clinic", adminId, { id: clinic.staff[0].id, type: "Staff" }],
    ];
    for (const [who, userId, platformUser] of cases) {
      const session = await mintEmbedSession(userId);
      const grant = await grantView(session.grant_id);
      expect(grant.user, who).toEqual(platformUser);
      expect(grant.client_id, who).toBe(LOCAL_DEFAULTS.clinicLevelClientId);
      expect(grant.claimed_at, who).toBeNull();
    }
  });

  it("hands the library what it needs to open the builder at the app's origin once; a second use is refused", async () => {
    const userId = await signIn(seed.clinics[0].practitioners[1].id);
    const patient = { id: "pat_x", firstName: "Ada" };
    const session = await mintEmbedSession(userId, patient);
    // No CLINIC_WEB_URL here: the web address is the platform's base URL (the sandbox serves both).
    expect(session).toEqual({
      secret_token: expect.stringMatching(/\S/),
      public_key: LOCAL_DEFAULTS.clinicLevelEmbedPublicKey,
      web_origin: bed.sandboxUrl,
      grant_id: expect.stringMatching(/\S/),
      expires_at: expect.any(String),
      patient,
    });
    // The address the library builds from it.
    const src = embedUrl({
      webUrl: session.web_origin,
      secretToken: session.secret_token,
      publicKey: session.public_key,
      frameId: "frame-1",
      targetOrigin: new URL(TEST_APP_URL).origin,
    });
    expect(new URL(src).pathname).toBe(EMBED_TREATMENT_PLAN_PATH);

    const first = await fetch(src);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-security-policy")).toContain(`frame-ancestors ${new URL(TEST_APP_URL).origin}`);
    expect(await first.text()).toContain("Treatment plan builder");
    expect((await grantView(session.grant_id)).claimed_at).not.toBeNull();

    const second = await fetch(src);
    expect(second.status).toBe(410);
    expect(await second.text()).toContain("already used");
  });

  it("every mint is a new grant with a new secret", async () => {
    const userId = await signIn(seed.clinics[0].practitioners[1].id);
    const [a, b] = [await mintEmbedSession(userId), await mintEmbedSession(userId)];
    expect(a.grant_id).not.toBe(b.grant_id);
    expect(a.secret_token).not.toBe(b.secret_token);
    expect(a.patient).toBeNull();
  });
});
