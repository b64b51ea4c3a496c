// Refresh against the sandbox and a real PostgreSQL: rotation, a spent refresh token, invalid_grant
// → broken, refresh after a 401, and exactly one refresh at the platform however many requests
// (and app processes) need it at once. The sandbox's /__sandbox/stats counts the refreshes.
import { spawn } from "node:child_process";
import readline from "node:readline";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { InvalidGrantError } from "@/lib/clinic-api/errors";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { clientForConnection } from "@/lib/auth/platform-client";
import { exchangeAndStore } from "@/lib/auth/provider";
import { refreshTokenOnce } from "@/lib/auth/refresh";
import { sealSecret, SECRET_PURPOSES } from "@/lib/auth/secrets";
import { openTokens } from "@/lib/auth/token-store";
import { endedBecause, endSession, isSessionLive, SESSION_ENDED, startSession } from "@/lib/auth/sessions";
import { revokeConnection } from "@/lib/auth/revoke";
import {
  authorizeAs,
  sandboxControl,
  sandboxSeed,
  sandboxStats,
  startAuthTestbed,
  tokenRefreshCount,
  TEST_REDIRECT_URI,
  type AuthTestbed,
  type SandboxSeed,
} from "@/tooling/testing/auth-testbed";

let bed: AuthTestbed;
let seed: SandboxSeed;
let connectionId: string;

beforeAll(async () => {
  bed = await startAuthTestbed("auth_refresh", { CLINIC_AUTH_MODE: "role" });
  seed = await sandboxSeed(bed.sandboxUrl);
});
afterAll(async () => {
  await db.$disconnect();
  await bed?.close();
});

/** A fresh connection for each test: one practitioner signing in anew. */
beforeEach(async () => {
  const { code } = await authorizeAs(bed.sandboxUrl, seed.clinics[0].practitioners[0].id, {
    clientId: LOCAL_DEFAULTS.clientId,
  });
  const { userId } = await exchangeAndStore(code, TEST_REDIRECT_URI);
  connectionId = (await db.platformConnection.findUniqueOrThrow({ where: { userId } })).id;
});

const row = () => db.platformConnection.findUniqueOrThrow({ where: { id: connectionId } });
/** As if two hours had passed: the stored expiry is behind us (the platform's token still works). */
const expireLocally = () =>
  db.platformConnection.update({ where: { id: connectionId }, data: { expiresAt: new Date(Date.now() - 1000) } });

describe("refresh", () => {
  it("refreshes ahead of expiry, rotates the refresh token and spends the old one", async () => {
    const before = openTokens(await row());
    await db.platformConnection.update({
      where: { id: connectionId },
      data: { expiresAt: new Date(Date.now() + 60_000) },
    }); // < 5 min left
    const refreshes = await tokenRefreshCount(bed.sandboxUrl);

    const client = await clientForConnection(connectionId);
    await expect(client.getClinic()).resolves.toMatchObject({ id: seed.clinics[0].id });

    expect(await tokenRefreshCount(bed.sandboxUrl)).toBe(refreshes + 1);
    const after = await row();
    const opened = openTokens(after);
    expect(opened.accessToken).not.toBe(before.accessToken);
    expect(opened.refreshToken).not.toBe(before.refreshToken);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7100_000);
    expect(after.refreshCount).toBe(1);
    // The old refresh token is spent at the platform.
    await expect(platformOAuth(TEST_REDIRECT_URI).refresh(before.refreshToken)).rejects.toBeInstanceOf(
      InvalidGrantError,
    );
  });

  it("does not refresh a token with time left", async () => {
    const refreshes = await tokenRefreshCount(bed.sandboxUrl);
    await (await clientForConnection(connectionId)).getClinic();
    expect(await tokenRefreshCount(bed.sandboxUrl)).toBe(refreshes);
  });

  const brokenCases: Array<[string, () => Promise<void>]> = [
    [
      "a spent refresh token",
      async () => {
        const spent = openTokens(await row()).refreshToken;
        // Rotates: `spent` is now used up.
        await refreshTokenOnce(connectionId, { rejectedToken: openTokens(await row()).accessToken });
        await db.platformConnection.update({
          where: { id: connectionId },
          data: { refreshTokenEnc: sealSecret(spent, SECRET_PURPOSES.refreshToken) },
        });
      },
    ],
    [
      "a grant revoked at the platform",
      async () => {
        await platformOAuth(TEST_REDIRECT_URI).revoke(openTokens(await row()).refreshToken);
      },
    ],
    [
      "a refresh token the platform never issued",
      async () => {
        await db.platformConnection.update({
          where: { id: connectionId },
          data: { refreshTokenEnc: sealSecret("rt_unknown", SECRET_PURPOSES.refreshToken) },
        });
      },
    ],
  ];
  it.each(brokenCases)(
    "invalid_grant from %s marks the connection broken and asks to sign in again",
    async (_name, spoil) => {
      const { userId } = await row();
      const sessions = [await startSession(userId ?? "", 3600), await startSession(userId ?? "", 3600)];
      await spoil();
      await expireLocally();
      const client = await clientForConnection(connectionId);
      const error = await client.getClinic().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReconnectRequiredError);
      expect((error as ReconnectRequiredError).reason).toBe("broken");
      expect(await row()).toMatchObject({ state: "broken", stateReason: "admin.connectionReasons.invalidGrant" });
      // The user's access ended at the platform: every session of theirs ends with it.
      for (const sid of sessions) expect(await isSessionLive(sid)).toBe(false);
      // …and the sign-in page they land on says why.
      for (const sid of sessions) expect(await endedBecause(sid)).toBe("broken");
      // Broken stays broken: no further refresh attempts reach the platform.
      const failed = (await sandboxStats(bed.sandboxUrl)).token_refreshes_failed;
      await expect(client.getClinic()).rejects.toBeInstanceOf(ReconnectRequiredError);
      expect((await sandboxStats(bed.sandboxUrl)).token_refreshes_failed).toBe(failed);
    },
  );

  it("revoking a user's connection ends every session of theirs, and only theirs", async () => {
    const { userId } = await row();
    const mine = [await startSession(userId ?? "", 3600), await startSession(userId ?? "", 3600)];
    const someoneElse = await db.user.findFirstOrThrow({ where: { id: { not: userId ?? "" } } }).catch(() => null);
    const theirs = someoneElse ? await startSession(someoneElse.id, 3600) : null;
    await revokeConnection(connectionId, "Revoked by an admin");
    for (const sid of mine) expect(await isSessionLive(sid)).toBe(false);
    for (const sid of mine) expect(await endedBecause(sid)).toBe("revoked");
    if (theirs) expect(await isSessionLive(theirs)).toBe(true);
    if (theirs) expect(await endedBecause(theirs)).toBeNull();
    // Signing out is no one's refusal: the sign-in page gives no reason for it.
    if (theirs) await endSession(theirs, SESSION_ENDED.signedOut);
    if (theirs) expect(await endedBecause(theirs)).toBeNull();
  });

  it("a 401 from the platform triggers one refresh and one replay", async () => {
    await sandboxControl(bed.sandboxUrl, "faults", { expire_tokens: true });
    const refreshes = await tokenRefreshCount(bed.sandboxUrl);
    const client = await clientForConnection(connectionId);
    await expect(client.getClinic()).resolves.toMatchObject({ id: seed.clinics[0].id });
    expect(await tokenRefreshCount(bed.sandboxUrl)).toBe(refreshes + 1);
    await sandboxControl(bed.sandboxUrl, "faults", { clear: true });
  });

  it("50 concurrent calls with an expired token cause exactly one refresh", async () => {
    await expireLocally();
    const refreshes = await tokenRefreshCount(bed.sandboxUrl);
    const clients = await Promise.all(Array.from({ length: 50 }, () => clientForConnection(connectionId)));
    const clinics = await Promise.all(clients.map((client) => client.getClinic()));
    expect(clinics.every((c) => c.id === seed.clinics[0].id)).toBe(true);
    expect(await tokenRefreshCount(bed.sandboxUrl)).toBe(refreshes + 1);
  });

  it("50 concurrent calls after the platform expired the token (401s) cause exactly one refresh", async () => {
    await sandboxControl(bed.sandboxUrl, "faults", { expire_tokens: true });
    const refreshes = await tokenRefreshCount(bed.sandboxUrl);
    const clients = await Promise.all(Array.from({ length: 50 }, () => clientForConnection(connectionId)));
    await Promise.all(clients.map((client) => client.getClinic()));
    expect(await tokenRefreshCount(bed.sandboxUrl)).toBe(refreshes + 1);
    await sandboxControl(bed.sandboxUrl, "faults", { clear: true });
  });

  it("the database lock alone holds: 50 direct refreshes at once refresh once and agree on the token", async () => {
    await expireLocally();
    const refreshes = await tokenRefreshCount(bed.sandboxUrl);
    const tokens = await Promise.all(Array.from({ length: 50 }, () => refreshTokenOnce(connectionId)));
    expect(new Set(tokens).size).toBe(1);
    expect(await tokenRefreshCount(bed.sandboxUrl)).toBe(refreshes + 1);
    expect(openTokens(await row()).accessToken).toBe(tokens[0]);
  });

  it("two app processes refreshing at once cause exactly one refresh", async () => {
    await expireLocally();
    const refreshes = await tokenRefreshCount(bed.sandboxUrl);
    const child = spawn(
      "npx",
      ["tsx", "--conditions=react-server", "tooling/testing/refresh-child.ts", connectionId, "25"],
      {
        cwd: process.cwd(),
        env: process.env,
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
    const lines = readline.createInterface({ input: child.stdout });
    const output = lines[Symbol.asyncIterator]();
    expect((await output.next()).value).toBe("ready");
    child.stdin.write("go\n");
    const [mine, theirs] = await Promise.all([
      Promise.all(Array.from({ length: 25 }, () => refreshTokenOnce(connectionId))),
      output.next().then((line) => JSON.parse(String(line.value)) as { tokens: string[]; errors: string[] }),
    ]);
    child.stdin.end();
    await new Promise((resolve) => child.once("exit", resolve));

    expect(theirs.errors).toEqual([]);
    expect(theirs.tokens).toHaveLength(1);
    expect(new Set([...mine, ...theirs.tokens]).size).toBe(1);
    expect(await tokenRefreshCount(bed.sandboxUrl)).toBe(refreshes + 1);
  }, 60_000);
});
