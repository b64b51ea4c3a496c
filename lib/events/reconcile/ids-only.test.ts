// Reconciliation when the platform's event lists give ids alone (as its documentation describes
// them): against the sandbox over HTTP in its `event_lists: "ids"` mode and a real PostgreSQL. Every
// listed event ends up stored; only those the store lacked are retrieved, so the platform calls are
// exactly the minimum (list pages + one GET per missing event + the delivery log); an event that
// cannot be retrieved (404, 500) costs none of the others and keeps its list's cursor for next time.
import type PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClinicClient, type ClinicClient } from "@/lib/clinic-api";
import { collect } from "@/lib/clinic-api/pagination";
import {
  EVENT_CATEGORIES,
  EVENT_RETENTION_DAYS,
  MAX_PAGE_SIZE,
  eventCategoryOf,
  type EventCategory,
} from "@/lib/contract";
import { reconcileClinic, UNRETRIEVED_MESSAGE } from "@/lib/events/reconcile/run";
import { storeEvents } from "@/lib/events/store";
import { createBoss } from "@/lib/queue/boss";
import { enqueueEventProcessing } from "@/lib/queue/enqueue";
import { startTestSandbox } from "@/sandbox/testing/harness";
import { recordEvent } from "@/sandbox/testing/history";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { platformEventsOf as ofClinic } from "@/tooling/testing/stored-events";

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let t: AppTestDatabase;
let boss: PgBoss;

const GET_ONE = "GET /api/events/:id";

async function clientOf(staffId: string): Promise<ClinicClient> {
  const token = (await sandbox.client.signIn(staffId)).access_token;
  return createClinicClient({
    baseUrl: sandbox.sb.url,
    credentials: {
      tokens: {
        getAccessToken: async () => token,
        refreshAfterUnauthorized: async () => Promise.reject(new Error("no refresh in this test")),
      },
    },
  });
}

/** The platform's calls by route since the last reset of its counters. */
async function callsByRoute(): Promise<Record<string, number>> {
  const res = await sandbox.client.control<{ stats: { requests_by_route: Record<string, number> } }>("/stats");
  return res.body.stats.requests_by_route;
}
const total = (calls: Record<string, number>) => Object.values(calls).reduce((s, n) => s + n, 0);

/** What the platform lists for a clinic (its 30 days), per list: ids, oldest first. */
function listed(clinicId: string): Record<EventCategory, string[]> {
  const since = sandbox.sb.state.clock.now() - EVENT_RETENTION_DAYS * 86_400_000;
  const rows = sandbox.sb.state.events.filter((e) => e.clinicId === clinicId && e.createdAt >= since);
  return Object.fromEntries(
    EVENT_CATEGORIES.map((c) => [c, rows.filter((e) => eventCategoryOf(e.type) === c).map((e) => e.id)]),
  ) as Record<EventCategory, string[]>;
}

/** List pages of a walk through every list from the start, plus the one page of the delivery log. */
const listPages = (lists: Record<EventCategory, string[]>) =>
  EVENT_CATEGORIES.reduce((s, c) => s + Math.max(1, Math.ceil(lists[c].length / MAX_PAGE_SIZE)), 0) + 1;

const run = async (clinicId: string, feed: ClinicClient) => {
  const row = await t.db.reconciliationRun.create({ data: { clinicId, trigger: "manual" } });
  const counters = await reconcileClinic(t.db, feed, clinicId, row.id, {
    enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids),
  });
  return { counters, run: await t.db.reconciliationRun.findUniqueOrThrow({ where: { id: row.id } }) };
};

const cursors = async (clinicId: string) =>
  Object.fromEntries(
    (await t.db.reconciliationCursor.findMany({ where: { clinicId } })).map((c) => [c.category, c.lastCreatedAt]),
  );

beforeAll(async () => {
  [sandbox, t] = await Promise.all([startTestSandbox(), createTestDatabase("reconcile_ids", { app: true })]);
  boss = await createBoss(t.url, { supervise: false, schedule: false });
}, 60_000);

afterEach(async () => {
  await sandbox.client.control("/account", { event_lists: "whole" });
  await sandbox.client.control("/faults", { clear: true });
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await sandbox?.close();
  await t?.drop();
});

describe("reconciliation from lists that give ids alone", () => {
  it("stores every listed event, retrieving only those not stored yet: calls are exactly the minimum", async () => {
    const A = sandbox.clinicA.id;
    const feed = await clientOf(sandbox.clinicA.staff[0].id);
    // Some events arrived already (as webhooks bring them): every third of each list, read whole.
    const lists = listed(A);
    const all = Object.values(lists).flat();
    const early = new Set(all.filter((_, i) => i % 3 === 0));
    for (const category of EVENT_CATEGORIES) {
      const items = await collect(feed.allEvents(category));
      const whole = items.flatMap((item) => item.event ?? []);
      expect(whole).toHaveLength(items.length); // the sandbox's default: whole events
      await storeEvents(
        t.db,
        whole.filter((e) => early.has(e.id)),
        "webhook",
      );
    }
    expect(await t.db.event.count({ where: ofClinic(A) })).toBe(early.size);

    expect((await sandbox.client.control("/account", { event_lists: "ids" })).status).toBe(200);
    await sandbox.client.control("/stats/reset", {});
    const first = await run(A, feed);

    const stored = await t.db.event.findMany({ where: ofClinic(A), select: { id: true, source: true } });
    expect(stored.map((e) => e.id).sort()).toEqual([...all].sort());
    expect(stored.filter((e) => e.source === "reconciliation")).toHaveLength(all.length - early.size);
    expect(first.run).toMatchObject({ status: "succeeded", error: null, inserted: all.length - early.size });
    expect(first.counters.fetched).toBe(all.length);
    const calls = await callsByRoute();
    expect(calls[GET_ONE]).toBe(all.length - early.size);
    expect(total(calls)).toBe(listPages(lists) + all.length - early.size);
    // Each list's cursor is its newest event, whether it was retrieved or already stored.
    const newest = await t.db.event.groupBy({ by: ["category"], where: ofClinic(A), _max: { createdAt: true } });
    expect(await cursors(A)).toMatchObject(Object.fromEntries(newest.map((n) => [n.category, n._max.createdAt])));

    // A new event later: the next run lists one day back and retrieves that one event alone.
    const fresh = recordEvent(sandbox.sb.state, {
      clinicId: A,
      type: "order.placed",
      object: { id: "ord_ids_fresh" },
    });
    await sandbox.client.control("/stats/reset", {});
    const second = await run(A, feed);
    expect(second.run).toMatchObject({ status: "succeeded", inserted: 1 });
    expect((await callsByRoute())[GET_ONE]).toBe(1);
    expect(await t.db.event.findUnique({ where: { id: fresh.id } })).toMatchObject({ source: "reconciliation" });
  });

  it("an event that cannot be retrieved (404, 500) costs none of the others and keeps its list's cursor", async () => {
    const B = sandbox.clinicB.id;
    const feed = await clientOf(sandbox.clinicB.staff[0].id);
    await sandbox.client.control("/account", { event_lists: "ids" });
    // A quiet week of patient activity, then a first run of B's whole history.
    const now = sandbox.sb.state.clock.now();
    const patients = Array.from({ length: 150 }, (_, i) =>
      recordEvent(sandbox.sb.state, {
        clinicId: B,
        type: "patient.updated",
        object: { id: `pat_ids_${i}` },
        at: now - (150 - i) * 3_600_000,
      }),
    );
    sandbox.sb.state.events.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
    const gone = patients[40]!;
    const failing = patients[120]!;
    // The platform no longer has one of them (as after its 30 days), and fails on another.
    sandbox.sb.state.eventsById.delete(gone.id);
    await sandbox.client.control("/faults", {
      fail_next: { count: 1, status: 500, path_prefix: `/api/events/${failing.id}`, method: "GET" },
    });

    const first = await run(B, feed);
    expect(first.run).toMatchObject({ status: "failed", error: UNRETRIEVED_MESSAGE });
    const all = Object.values(listed(B)).flat();
    const storedIds = new Set(
      (await t.db.event.findMany({ where: { id: { in: all } }, select: { id: true } })).map((e) => e.id),
    );
    expect(all.filter((id) => !storedIds.has(id)).sort()).toEqual([gone.id, failing.id].sort());
    expect(first.run.inserted).toBe(all.length - 2);
    // The patients list's cursor did not move; the other lists', with nothing failing, did.
    const afterFirst = await cursors(B);
    expect(afterFirst.patients).toBeUndefined();
    expect(Object.keys(afterFirst).sort()).toEqual(
      EVENT_CATEGORIES.filter((c) => c !== "patients" && listed(B)[c].length > 0).sort(),
    );

    // The platform has them again: the next run retrieves those two and nothing else, and moves on.
    sandbox.sb.state.eventsById.set(gone.id, gone);
    await sandbox.client.control("/stats/reset", {});
    const second = await run(B, feed);
    expect(second.run).toMatchObject({ status: "succeeded", error: null, inserted: 2 });
    expect((await callsByRoute())[GET_ONE]).toBe(2);
    expect(await t.db.event.count({ where: { id: { in: all } } })).toBe(all.length);
    expect((await cursors(B)).patients).toEqual(new Date(patients.at(-1)!.createdAt));
  });
});
