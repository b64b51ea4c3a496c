// An id-only backfill spends the clinic's background share of the platform's rate limit, no more:
// through the client the job worker uses (clientForClinic), against the sandbox with its limit and the
// app's both lowered to 100 requests per 2 seconds, so the background share is 10 per window. The
// run retrieves every missing event one by one, waiting its turn each window instead of failing or
// pushing the platform to 429, and its calls are exactly the minimum.
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_CATEGORIES, LOCAL_DEFAULTS, MAX_PAGE_SIZE } from "@/lib/contract";
import { db } from "@/lib/db";
import { pool } from "@/lib/db/pool";
import { clientForClinic } from "@/lib/auth/platform-client";
import { exchangeAndStore } from "@/lib/auth/provider";
import { reconcileClinic } from "@/lib/events/reconcile/run";
import { createBoss } from "@/lib/queue/boss";
import { enqueueEventProcessing } from "@/lib/queue/enqueue";
import { SHARES } from "@/lib/limits/platform-quota";
import {
  authorizeAs,
  sandboxControl,
  sandboxSeed,
  sandboxStats,
  startAuthTestbed,
  TEST_REDIRECT_URI,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";
import { platformEventsOf } from "@/tooling/testing/stored-events";

const LIMIT = 100;
const WINDOW_SECONDS = 2;
let bed: AuthTestbed;
let boss: PgBoss;
let clinicId: string;

beforeAll(async () => {
  bed = await startAuthTestbed("reconcile_ids_quota", {
    CLINIC_AUTH_MODE: "role",
    PLATFORM_RATE_LIMIT: String(LIMIT),
    PLATFORM_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
  boss = await createBoss(bed.database.url, { supervise: false, schedule: false });
  const seed = await sandboxSeed(bed.sandboxUrl);
  const { code } = await authorizeAs(bed.sandboxUrl, seed.clinics[0].staff[0].id, {
    clientId: LOCAL_DEFAULTS.clientId,
  });
  const { userId } = await exchangeAndStore(code, TEST_REDIRECT_URI);
  clinicId = (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { clinicId: true } })).clinicId;
  await sandboxControl(bed.sandboxUrl, "rate-limit", { limit: LIMIT, window_seconds: WINDOW_SECONDS });
  await sandboxControl(bed.sandboxUrl, "account", { event_lists: "ids" });
}, 60_000);

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await db.$disconnect();
  await pool().end();
  await bed?.close();
});

describe("an id-only backfill within the background share", () => {
  it("retrieves every missing event, a share per window, with exactly the minimum of calls and no 429", async () => {
    const feed = await clientForClinic(clinicId);
    // What the platform lists for the clinic, per list (read before the run, not counted in it).
    const perList = await Promise.all(
      EVENT_CATEGORIES.map(async (c) => (await feed.listEvents(c, {}, { size: 1 })).meta.total_count),
    );
    const events = perList.reduce((s, n) => s + n, 0);
    const minimum = perList.reduce((s, n) => s + Math.max(1, Math.ceil(n / MAX_PAGE_SIZE)), 0) + 1 + events;
    const share = Math.floor(LIMIT * SHARES.background);
    // Enough work to need several windows of the share, or the test proves nothing.
    expect(minimum).toBeGreaterThan(3 * share);

    // A fresh window for the run: the reads above spent part of this one.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000));
    const before = await sandboxStats(bed.sandboxUrl);
    const run = await db.reconciliationRun.create({ data: { clinicId, trigger: "manual" } });
    const started = performance.now();
    await reconcileClinic(db, feed, clinicId, run.id, {
      enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids),
    });
    const seconds = (performance.now() - started) / 1000;
    const after = await sandboxStats(bed.sandboxUrl);

    expect(await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: "succeeded",
      inserted: events,
    });
    expect(await db.event.count({ where: platformEventsOf(clinicId) })).toBe(events);
    expect(after.requests_total - before.requests_total).toBe(minimum);
    expect(after.rate_limited).toBe(before.rate_limited);
    // `share` calls per window at most: the last call came at least this many whole windows after the first.
    const windows = Math.ceil(minimum / share) - 1;
    expect(seconds).toBeGreaterThanOrEqual(windows * WINDOW_SECONDS * 0.9);
  }, 120_000);
});
