// Sign-in against the sandbox and a real PostgreSQL (role-based mode): the code exchange stores the
// clinic, the user, the clinic's people and a sealed token pair; the platform's Clinic admin is the
// admin, whoever signs in first; signing in again replaces
// and revokes the old grant; the state check refuses a mismatched answer; no column holds a token.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenEndpointHandler } from "next-auth/providers/oauth";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { say } from "@/lib/i18n/settle";
import { translatorFor } from "@/lib/i18n/translator";
import { InvalidGrantError } from "@/lib/clinic-api/errors";
import { openTokens } from "@/lib/auth/token-store";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { clinicProvider, exchangeAndStore, SignInStateError } from "@/lib/auth/provider";
import { revokeOnSignOut } from "@/lib/auth/revoke";
import { AdminActionError, setAdmin, setAdminBeforeSignIn } from "@/lib/auth/admin";
import { listAccounts } from "@/lib/admin/accounts";
import {
  sandboxControl,
  authorizeAs,
  sandboxSeed,
  startAuthTestbed,
  TEST_REDIRECT_URI,
  type AuthTestbed,
  type SandboxSeed,
} from "@/tooling/testing/auth-testbed";

let bed: AuthTestbed;
let seed: SandboxSeed;
const clientId = LOCAL_DEFAULTS.clientId;

beforeAll(async () => {
  bed = await startAuthTestbed("auth_signin", { CLINIC_AUTH_MODE: "role" });
  seed = await sandboxSeed(bed.sandboxUrl);
});
afterAll(async () => {
  await db.$disconnect();
  await bed?.close();
});

async function signIn(userId: string) {
  const { code } = await authorizeAs(bed.sandboxUrl, userId, { clientId });
  return exchangeAndStore(code, TEST_REDIRECT_URI);
}

async function storedTokens(userId: string) {
  return openTokens(await db.platformConnection.findUniqueOrThrow({ where: { userId } }));
}

describe("sign-in (role-based)", () => {
  it("exchanges the code and stores clinic, user, people and a sealed connection; a practitioner first is no admin", async () => {
    const [clinicA] = seed.clinics;
    const practitioner = clinicA.practitioners[0];
    const signedIn = await signIn(practitioner.id);
    expect(signedIn).toMatchObject({ clinicId: clinicA.id, role: "Practitioner" });
    const people = await db.person.findMany({ where: { clinicId: clinicA.id } });
    expect(people).toHaveLength(clinicA.practitioners.length + clinicA.staff.length);
    expect(people.find((p) => p.platformUserId === practitioner.id)).toMatchObject({
      displayName: `${practitioner.first_name} ${practitioner.last_name}`,
      source: "platform",
      type: "Practitioner",
    });

    const clinic = await db.clinic.findUniqueOrThrow({ where: { id: clinicA.id } });
    expect(clinic.name).toBe(clinicA.name);
    expect(clinic.integrationId).toBeTruthy();
    const user = await db.user.findUniqueOrThrow({ where: { id: signedIn.userId } });
    expect(user).toMatchObject({
      platformUserId: practitioner.id,
      platformUserType: "Practitioner",
      isAdmin: false,
      name: `${practitioner.first_name} ${practitioner.last_name}`,
    });
    const connection = await db.platformConnection.findUniqueOrThrow({ where: { userId: user.id } });
    expect(connection).toMatchObject({ state: "connected", platformUserId: practitioner.id, clinicId: clinicA.id });
    // Expiry = created_at + expires_in (7200 s): about two hours from now.
    expect(connection.expiresAt.getTime() - Date.now()).toBeGreaterThan(7100_000);
    expect(connection.accessTokenEnc).toMatch(/^v1\.test1\./);
  });

  it("makes the staff member whose platform role is Clinic admin the admin, and other staff not", async () => {
    const [clinicA] = seed.clinics;
    const frontDesk = clinicA.staff.find((s) => s.role !== "Clinic admin")!;
    expect((await signIn(frontDesk.id)).role).toBe("Staff");
    const clinicAdmin = clinicA.staff.find((s) => s.role === "Clinic admin")!;
    expect((await signIn(clinicAdmin.id)).role).toBe("Admin");
    const second = await signIn(clinicA.practitioners[1].id);
    expect(second.role).toBe("Practitioner");
  });

  it("keeps an admin's promote and demote over the platform's role across sign-ins, and never the last admin's demote", async () => {
    const [clinicA] = seed.clinics;
    const clinicAdmin = await db.user.findFirstOrThrow({
      where: { platformUserId: clinicA.staff.find((s) => s.role === "Clinic admin")!.id },
    });
    const practitioner = await db.user.findFirstOrThrow({ where: { platformUserId: clinicA.practitioners[0].id } });
    const actor = { userId: clinicAdmin.id, clinicId: clinicA.id };
    const refused = (await setAdmin(actor, clinicAdmin.id, false).catch((e: unknown) => e)) as AdminActionError;
    expect(refused).toBeInstanceOf(AdminActionError);
    expect(say(translatorFor("en"), refused.failure.message, refused.failure.values)).toMatch(/at least one admin/);
    await setAdmin(actor, practitioner.id, true);
    expect((await signIn(clinicA.practitioners[0].id)).role).toBe("Admin");
    expect(await db.user.findUniqueOrThrow({ where: { id: practitioner.id } })).toMatchObject({
      adminOverride: true,
      adminOverrideById: clinicAdmin.id,
    });
    await setAdmin({ userId: practitioner.id, clinicId: clinicA.id }, clinicAdmin.id, false);
    expect((await signIn(clinicA.staff.find((s) => s.role === "Clinic admin")!.id)).role).toBe("Staff");
    // Hand it back, as the clinic would.
    await setAdmin({ userId: practitioner.id, clinicId: clinicA.id }, clinicAdmin.id, true);
    await setAdmin(actor, practitioner.id, false);
    expect((await signIn(clinicA.practitioners[0].id)).role).toBe("Practitioner");
  });

  it("an admin's grant to someone who has not signed in yet applies at their first sign-in, and can be withdrawn before", async () => {
    const [clinicA] = seed.clinics;
    const clinicAdmin = await db.user.findFirstOrThrow({
      where: { platformUserId: clinicA.staff.find((s) => s.role === "Clinic admin")!.id },
    });
    const actor = { userId: clinicAdmin.id, clinicId: clinicA.id };
    const [later, never] = [clinicA.practitioners[3], clinicA.practitioners[2]];
    expect(await db.user.count({ where: { platformUserId: { in: [later.id, never.id] } } })).toBe(0);
    // Listed before they sign in, with the grant and who gave it.
    await setAdminBeforeSignIn(actor, later.id, true);
    await setAdminBeforeSignIn(actor, never.id, true);
    await setAdminBeforeSignIn(actor, never.id, false);
    const waiting = (await listAccounts(actor)).notSignedIn;
    expect(waiting.find((r) => r.platformUserId === later.id)).toMatchObject({
      userId: null,
      presence: { kind: "not-signed-in" },
      adminBasis: { why: "granted", by: clinicAdmin.name },
    });
    expect(waiting.find((r) => r.platformUserId === never.id)?.adminBasis).toEqual({ why: "none" });

    expect((await signIn(later.id)).role).toBe("Admin");
    expect(await db.user.findFirstOrThrow({ where: { platformUserId: later.id } })).toMatchObject({
      adminOverride: true,
      adminOverrideById: clinicAdmin.id,
    });
    expect(await db.person.findFirstOrThrow({ where: { platformUserId: later.id } })).toMatchObject({
      adminGrantAt: null,
      adminGrantById: null,
    });
    expect((await signIn(never.id)).role).toBe("Practitioner");
    // Signed in now: the early grant is refused, their row's promote and demote apply instead.
    const refused = (await setAdminBeforeSignIn(actor, later.id, false).catch((e: unknown) => e)) as AdminActionError;
    expect(say(translatorFor("en"), refused.failure.message, refused.failure.values)).toMatch(/signed in since/);
    const stranger = (await setAdminBeforeSignIn(actor, "staff_nobody", true).catch(
      (e: unknown) => e,
    )) as AdminActionError;
    expect(stranger.failure.code).toBe("not-found");
    await setAdmin(actor, (await db.user.findFirstOrThrow({ where: { platformUserId: later.id } })).id, false);
  });

  it("without the platform's people lists, nobody becomes admin by signing in first", async () => {
    const clinicB = seed.clinics[1];
    await sandboxControl(bed.sandboxUrl, "account", { people_lists: false });
    try {
      const clinicAdmin = clinicB.staff.find((s) => s.role === "Clinic admin")!;
      expect((await signIn(clinicB.practitioners[0].id)).role).toBe("Practitioner");
      expect((await signIn(clinicAdmin.id)).role).toBe("Staff");
      expect(await db.person.count({ where: { clinicId: clinicB.id } })).toBe(0);
    } finally {
      await sandboxControl(bed.sandboxUrl, "account", { people_lists: true });
    }
    // Once the lists are back, the next sign-in reads them.
    expect((await signIn(clinicB.staff.find((s) => s.role === "Clinic admin")!.id)).role).toBe("Admin");
  });

  it("signing in again replaces the token pair and revokes the old grant at the platform", async () => {
    const staffId = seed.clinics[0].staff[0].id;
    const user = await db.user.findFirstOrThrow({ where: { platformUserId: staffId } });
    const before = await storedTokens(user.id);
    await signIn(staffId);
    const after = await storedTokens(user.id);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await expect(platformOAuth(TEST_REDIRECT_URI).refresh(before.refreshToken)).rejects.toBeInstanceOf(
      InvalidGrantError,
    );
  });

  it("refuses a callback whose state does not match, without spending the code", async () => {
    const { code } = await authorizeAs(bed.sandboxUrl, seed.clinics[0].practitioners[2].id, {
      clientId,
      state: "expected",
    });
    const token = clinicProvider().token as TokenEndpointHandler & {
      request: NonNullable<TokenEndpointHandler["request"]>;
    };
    const context = (state: string | undefined) =>
      ({
        params: { code, state },
        checks: { state: "expected" },
        provider: { callbackUrl: TEST_REDIRECT_URI },
      }) as unknown as Parameters<typeof token.request>[0];
    await expect(token.request(context("forged"))).rejects.toBeInstanceOf(SignInStateError);
    await expect(token.request(context(undefined))).rejects.toBeInstanceOf(SignInStateError);
    // The genuine answer still works, and what next-auth gets back is only the app user id.
    const result = await token.request(context("expected"));
    expect(Object.keys(result.tokens).sort()).toEqual(["app_user_id", "token_type"]);
    expect(JSON.stringify(result)).not.toMatch(/at_|rt_/);
    // The same callback replayed (same state, same cookie) is refused before a second exchange.
    await expect(token.request(context("expected"))).rejects.toBeInstanceOf(SignInStateError);
  });

  it("a spent code is refused (invalid_grant)", async () => {
    const { code } = await authorizeAs(bed.sandboxUrl, seed.clinics[0].practitioners[3].id, { clientId });
    await exchangeAndStore(code, TEST_REDIRECT_URI);
    await expect(exchangeAndStore(code, TEST_REDIRECT_URI)).rejects.toBeInstanceOf(InvalidGrantError);
  });

  it("sign-out revokes at the platform and marks the connection revoked", async () => {
    const practitionerId = seed.clinics[0].practitioners[1].id;
    const user = await db.user.findFirstOrThrow({ where: { platformUserId: practitionerId } });
    const tokens = await storedTokens(user.id);
    const result = await revokeOnSignOut(user.id, "role");
    expect(result.revokedAtPlatform).toBe(true);
    expect(await db.platformConnection.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "revoked",
      stateReason: "admin.connectionReasons.signedOut",
    });
    await expect(platformOAuth(TEST_REDIRECT_URI).refresh(tokens.refreshToken)).rejects.toBeInstanceOf(
      InvalidGrantError,
    );
    const probe = await fetch(`${bed.sandboxUrl}/api/clinic`, {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(probe.status).toBe(401);
  });

  it("no database column holds a plaintext token", async () => {
    const connections = await db.platformConnection.findMany();
    const secrets = connections.flatMap((row) => Object.values(openTokens(row)));
    expect(secrets.length).toBeGreaterThanOrEqual(10);
    // Every text of every row of every table, as PostgreSQL returns it.
    const client = new pg.Client({ connectionString: bed.database.url });
    await client.connect();
    try {
      const tables = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      let dump = "";
      for (const { table_name } of tables.rows) {
        const rows = await client.query(`SELECT t::text AS row FROM "${table_name}" t`);
        dump += rows.rows.map((r: { row: string }) => r.row).join("\n");
      }
      expect(dump).toContain(connections[0].accessTokenEnc); // the dump is real
      for (const secret of secrets) expect(dump).not.toContain(secret);
    } finally {
      await client.end();
    }
  });
});
