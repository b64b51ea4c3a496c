// The platform's rate limit shared fairly, against the sandbox with its limit lowered to 60 requests
// a minute and a real PostgreSQL holding the counters: one user's burst of 40 calls spends only
// their own share (the rest are refused here, in plain words, before reaching the platform), and
// another clinic's user and another user of the same clinic go on working; the platform never
// answers 429. Background work waits while people have spent most of the limit. The counters live
// in the database, so every app process counts against the same numbers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { say } from "@/lib/i18n/settle";
import { translatorFor } from "@/lib/i18n/translator";
import { failureOf } from "@/lib/actions/platform-failure";
import { clientForUser } from "@/lib/auth/platform-client";
import { exchangeAndStore } from "@/lib/auth/provider";
import { pool } from "@/lib/db/pool";
import { BACKGROUND_YIELDS_ABOVE, QuotaExceededError, SHARES, takePlatformTurn } from "@/lib/limits/platform-quota";
import {
  authorizeAs,
  sandboxControl,
  sandboxSeed,
  sandboxStats,
  startAuthTestbed,
  TEST_REDIRECT_URI,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";

const LIMIT = 60;
let bed: AuthTestbed;
const users: Record<"a1" | "a2" | "b1", string> = { a1: "", a2: "", b1: "" };

async function signIn(platformUserId: string): Promise<string> {
  const { code } = await authorizeAs(bed.sandboxUrl, platformUserId, { clientId: LOCAL_DEFAULTS.clientId });
  return (await exchangeAndStore(code, TEST_REDIRECT_URI)).userId;
}

/** Calls the platform `n` times at once as `userId`; how many got through, and what refused the rest. */
async function burst(userId: string, n: number) {
  const client = await clientForUser(userId);
  const results = await Promise.allSettled(Array.from({ length: n }, () => client.getClinic()));
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  return { ok: results.length - refused.length, refused };
}

beforeAll(async () => {
  bed = await startAuthTestbed("platform_quota", {
    CLINIC_AUTH_MODE: "role",
    PLATFORM_RATE_LIMIT: String(LIMIT),
    PLATFORM_RATE_WINDOW_SECONDS: "60",
  });
  const seed = await sandboxSeed(bed.sandboxUrl);
  users.a1 = await signIn(seed.clinics[0].practitioners[0].id);
  users.a2 = await signIn(seed.clinics[0].staff[0].id);
  users.b1 = await signIn(seed.clinics[1].practitioners[0].id);
  await sandboxControl(bed.sandboxUrl, "rate-limit", { limit: LIMIT, window_seconds: 60 });
}, 60_000);

afterAll(async () => {
  await db.$disconnect();
  await pool().end();
  await bed?.close();
});

describe("fair share of the platform's rate limit", () => {
  it("one user's burst spends their share only; another clinic and a colleague go on working", async () => {
    const before = await sandboxStats(bed.sandboxUrl);
    const share = Math.floor(LIMIT * SHARES.user);

    const a1 = await burst(users.a1, 40);
    expect(a1.ok).toBe(share);
    expect(a1.refused).toHaveLength(40 - share);
    for (const error of a1.refused) {
      expect(error).toBeInstanceOf(QuotaExceededError);
      expect((error as QuotaExceededError).level).toBe("user");
    }
    const message = failureOf(a1.refused[0]);
    expect(message.code).toBe("busy");
    expect(say(translatorFor("en"), message.message, message.values)).toMatch(
      /^You have sent many requests to the platform in a short time and used your share for now\. Try again in \d+ seconds\. The rest of your clinic can go on working\.$/,
    );

    // Another clinic's user and a colleague of the same clinic are served as if nothing happened.
    expect(await burst(users.b1, 3)).toEqual({ ok: 3, refused: [] });
    expect(await burst(users.a2, 3)).toEqual({ ok: 3, refused: [] });
    // The platform itself was never pushed to refuse anyone.
    const after = await sandboxStats(bed.sandboxUrl);
    expect(after.rate_limited).toBe(before.rate_limited);
    // Only the calls that got a turn reached it: the user's share and the six others.
    expect(after.requests_total - before.requests_total).toBe(share + 6);
  });

  it("background work waits while people have spent most of the limit; people are served meanwhile", async () => {
    // People of other clinics spend the application's limit past the point where background yields.
    const spent = async () => (await db.platformQuota.findUnique({ where: { key: "app:all" } }))?.points ?? 0;
    for (let clinic = 0; (await spent()) <= LIMIT * BACKGROUND_YIELDS_ABOVE; clinic++)
      for (let user = 0; user < 2; user++)
        await Promise.allSettled(
          Array.from({ length: 6 }, () => takePlatformTurn({ clinicId: `busy-${clinic}`, userId: `u${user}` })),
        );
    let backgroundGotTurn = false;
    // It waits on after this file ends (up to two minutes, for the window to empty); once the pool
    // is closed its wait ends in an error, which is this test's to handle, not an unhandled one.
    takePlatformTurn({ clinicId: "background-clinic", userId: null }).then(
      () => (backgroundGotTurn = true),
      () => undefined,
    );
    await expect(takePlatformTurn({ clinicId: "another-clinic", userId: "someone" })).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 1500));
    expect(backgroundGotTurn).toBe(false);
  });

  it("the counters are in PostgreSQL, one row per user, clinic and the application", async () => {
    const rows = await db.platformQuota.findMany({ where: { key: { startsWith: "user:" } } });
    const a1 = rows.find((r) => r.key.endsWith(`:${users.a1}`));
    expect(a1?.points).toBeGreaterThanOrEqual(Math.floor(LIMIT * SHARES.user));
  });
});
