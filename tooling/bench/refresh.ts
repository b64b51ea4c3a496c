// Benchmark 4: many requests at once with an expired access token, through the app's token
// provider (one refresh at a time, across processes, by a row lock): refresh calls made at the
// platform (the sandbox's /__sandbox/stats) against the goal of exactly one. Two ways to expire:
// our stored expiry is past (refresh before calling), or the platform expired the token (401s,
// refresh after). The burst's time is compared with the same burst on a fresh token.
import { LOCAL_DEFAULTS } from "@/lib/contract";
import {
  authorizeAs,
  sandboxControl,
  sandboxSeed,
  startAuthTestbed,
  tokenRefreshCount,
  TEST_REDIRECT_URI,
} from "@/tooling/testing/auth-testbed";
import { benchCommand, figure, type BenchResult } from "@/tooling/bench/result";
import { round } from "@/tooling/bench/stats";
import { closeAppDatabase } from "@/tooling/bench/support";

const CONCURRENT = 100;

export async function benchRefresh(): Promise<BenchResult[]> {
  const started = performance.now();
  const bed = await startAuthTestbed("bench_refresh", { CLINIC_AUTH_MODE: "role" });
  // After the test bed set DATABASE_URL and the platform's address: the app's modules read them once.
  const { db } = await import("@/lib/db");
  const { exchangeAndStore } = await import("@/lib/auth/provider");
  const { clientForConnection } = await import("@/lib/auth/platform-client");
  try {
    const seed = await sandboxSeed(bed.sandboxUrl);
    const { code } = await authorizeAs(bed.sandboxUrl, seed.clinics[0].practitioners[0].id, {
      clientId: LOCAL_DEFAULTS.clientId,
    });
    const { userId } = await exchangeAndStore(code, TEST_REDIRECT_URI);
    const connectionId = (await db.platformConnection.findUniqueOrThrow({ where: { userId } })).id;

    /** CONCURRENT requests at once, each through its own client as separate server actions would. */
    const burst = async () => {
      const before = await tokenRefreshCount(bed.sandboxUrl);
      const t0 = performance.now();
      const clients = await Promise.all(Array.from({ length: CONCURRENT }, () => clientForConnection(connectionId)));
      const answers = await Promise.allSettled(clients.map((c) => c.getClinic()));
      const ms = performance.now() - t0;
      const failed = answers.filter((a) => a.status === "rejected").length;
      return { ms, failed, refreshes: (await tokenRefreshCount(bed.sandboxUrl)) - before };
    };

    await burst(); // warm-up: connections, modules
    const fresh = await burst();
    await db.platformConnection.update({
      where: { id: connectionId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expiredHere = await burst();
    await sandboxControl(bed.sandboxUrl, "faults", { expire_tokens: true });
    const expiredThere = await burst();
    await sandboxControl(bed.sandboxUrl, "faults", { clear: true });

    return [
      {
        id: "refresh",
        title: `Token refresh: ${CONCURRENT} concurrent requests with an expired access token`,
        command: benchCommand("refresh"),
        baseline: "the same burst with a valid token (for time); the goal for refreshes is exactly 1",
        figures: [
          figure({
            name: "refreshes, stored expiry past",
            value: expiredHere.refreshes,
            unit: "refreshes",
            baseline: 1,
            ratio: expiredHere.refreshes,
            goal: "1",
            pass: expiredHere.refreshes === 1,
          }),
          figure({
            name: "refreshes, platform answered 401",
            value: expiredThere.refreshes,
            unit: "refreshes",
            baseline: 1,
            ratio: expiredThere.refreshes,
            goal: "1",
            pass: expiredThere.refreshes === 1,
          }),
          figure({
            name: "failed requests (all three bursts)",
            value: fresh.failed + expiredHere.failed + expiredThere.failed,
            unit: "requests",
            goal: "0",
            pass: fresh.failed + expiredHere.failed + expiredThere.failed === 0,
          }),
          figure({
            name: "burst time, stored expiry past",
            value: round(expiredHere.ms, 1),
            unit: "ms",
            baseline: round(fresh.ms, 1),
            ratio: round(expiredHere.ms / fresh.ms),
          }),
          figure({
            name: "burst time, platform answered 401",
            value: round(expiredThere.ms, 1),
            unit: "ms",
            baseline: round(fresh.ms, 1),
            ratio: round(expiredThere.ms / fresh.ms),
          }),
          figure({
            name: "refreshes with a valid token",
            value: fresh.refreshes,
            unit: "refreshes",
            goal: "0",
            pass: fresh.refreshes === 0,
          }),
        ],
        notes: [
          "Each request builds its client with clientForConnection (as each server action does) and calls GET /api/clinic on the sandbox; refreshes are counted by the sandbox.",
          "Two processes refreshing at once are covered by lib/auth/refresh.int.test.ts (also exactly one refresh).",
        ],
        seconds: (performance.now() - started) / 1000,
      },
    ];
  } finally {
    // Every client of the test bed's database closed before it is dropped.
    await closeAppDatabase();
    await bed.close();
  }
}
