// Sign-in against the sandbox and a real PostgreSQL (role-based mode): the code exchange stores the
// clinic, the user and a sealed token pair; the first user is the admin; signing in again replaces
// and revokes the old grant; the state check refuses a mismatched answer; no column holds a token.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenEndpointHandler } from "next-auth/providers/oauth";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { InvalidGrantError } from "@/lib/clinic-api/errors";
import { openTokens } from "@/lib/auth/token-store";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { clinicProvider, exchangeAndStore, SignInStateError } from "@/lib/auth/provider";
import { revokeOnSignOut } from "@/lib/auth/revoke";
import {
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
  it("exchanges the code and stores clinic, user and a sealed connection; the first user is admin", async () => {
    const [clinicA] = seed.clinics;
    const practitioner = clinicA.practitioners[0];
    const signedIn = await signIn(practitioner.id);
    expect(signedIn).toMatchObject({ clinicId: clinicA.id, role: "Admin" });

    const clinic = await db.clinic.findUniqueOrThrow({ where: { id: clinicA.id } });
    expect(clinic.name).toBe(clinicA.name);
    expect(clinic.integrationId).toBeTruthy();
    const user = await db.user.findUniqueOrThrow({ where: { id: signedIn.userId } });
    expect(user).toMatchObject({ platformUserId: practitioner.id, platformUserType: "Practitioner", isAdmin: true });
    const connection = await db.platformConnection.findUniqueOrThrow({ where: { userId: user.id } });
    expect(connection).toMatchObject({ state: "connected", platformUserId: practitioner.id, clinicId: clinicA.id });
    // Expiry = created_at + expires_in (7200 s): about two hours from now.
    expect(connection.expiresAt.getTime() - Date.now()).toBeGreaterThan(7100_000);
    expect(connection.accessTokenEnc).toMatch(/^v1\.test1\./);
  });

  it("makes later users of the clinic Practitioner or Staff, not admin", async () => {
    const [clinicA] = seed.clinics;
    const staff = await signIn(clinicA.staff[0].id);
    expect(staff.role).toBe("Staff");
    const second = await signIn(clinicA.practitioners[1].id);
    expect(second.role).toBe("Practitioner");
  });

  it("makes the first user of another clinic that clinic's admin", async () => {
    const clinicB = seed.clinics[1];
    expect((await signIn(clinicB.staff[0].id)).role).toBe("Admin");
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
      stateReason: "Signed out",
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
