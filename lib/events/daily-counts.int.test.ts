// The chart's per-day counts on the clinic's clock, on a real database: events either side of
// midnight and of both daylight-saving changes of 2026 in Vancouver, and of midnight in Kolkata
// (UTC+5:30: an hourly bucket could not say which day 18:00–18:59 UTC is). For every day the chart's
// count, the date filter's events and the times shown agree; a change of zone recounts the chart,
// also while events are being processed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { setClinicTimeZone } from "@/lib/admin/clinic-settings";
import { processEvents } from "@/lib/events/process";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { eventsPerDay } from "@/lib/events/timeline/chart";
import { listTimeline } from "@/lib/events/timeline/list";
import { formatTime } from "@/lib/format/time";

const VAN = "clinic-vancouver";
const KOL = "clinic-kolkata";

const ev = (id: string, clinic: string, createdAt: string): StorableEvent => ({
  id,
  clinic_id: clinic,
  integration_id: null,
  type: "patient.created",
  created_at: createdAt,
  data: { patient: { id: `p_${id}`, first_name: "Ada", last_name: "Quist" } },
});

// [event, UTC instant, its day in Vancouver, as Vancouver shows it]
const VANCOUVER: Array<[string, string, string, string]> = [
  ["v1", "2026-03-08T07:59:00.000Z", "2026-03-07", "7 Mar 2026, 23:59 PST"],
  ["v2", "2026-03-08T08:00:00.000Z", "2026-03-08", "8 Mar 2026, 00:00 PST"],
  // Clocks go forward at 02:00 on 8 March: that day has 23 hours and ends at 07:00 UTC.
  ["v3", "2026-03-09T06:59:00.000Z", "2026-03-08", "8 Mar 2026, 23:59 PDT"],
  ["v4", "2026-03-09T07:00:00.000Z", "2026-03-09", "9 Mar 2026, 00:00 PDT"],
  ["v5", "2026-11-01T06:59:00.000Z", "2026-10-31", "31 Oct 2026, 23:59 PDT"],
  ["v6", "2026-11-01T07:00:00.000Z", "2026-11-01", "1 Nov 2026, 00:00 PDT"],
  // From 1 November 2026 British Columbia stays on UTC−7 (the IANA rules of 2026, which the browsers
  // have and Node 20 and PostgreSQL here do not): clocks no longer go back, the day ends at 07:00 UTC.
  ["v7", "2026-11-02T06:59:00.000Z", "2026-11-01", "1 Nov 2026, 23:59 Pacific time"],
  ["v8", "2026-11-02T07:00:00.000Z", "2026-11-02", "2 Nov 2026, 00:00 Pacific time"],
];
const KOLKATA: Array<[string, string, string, string]> = [
  ["k1", "2026-11-22T18:29:00.000Z", "2026-11-22", "22 Nov 2026, 23:59 GMT+5:30"],
  ["k2", "2026-11-22T18:30:00.000Z", "2026-11-23", "23 Nov 2026, 00:00 GMT+5:30"],
];

let t: AppTestDatabase;

/** The chart's count of `day` and the ids the date filter "on `day`" lists, in `timeZone`. */
async function day(clinic: string, timeZone: string, date: string): Promise<{ chart: number; listed: string[] }> {
  const chart = await eventsPerDay(t.db, clinic, timeZone, { date }, date);
  const page = await listTimeline(t.db, clinic, timeZone, { date, sort: "oldest" });
  return { chart: chart.series.reduce((n, s) => n + s.total, 0), listed: page.events.map((e) => e.id) };
}

beforeAll(async () => {
  t = await createTestDatabase("daily_counts_zones", { app: true });
  await t.db.clinic.createMany({
    data: [
      { id: VAN, name: "Vancouver", timeZone: "America/Vancouver" },
      { id: KOL, name: "Kolkata", timeZone: "Asia/Kolkata" },
    ],
  });
  const events = [...VANCOUVER.map(([id, at]) => ev(id, VAN, at)), ...KOLKATA.map(([id, at]) => ev(id, KOL, at))];
  await storeEvents(t.db, events, "webhook", new Date("2026-11-23T00:00:00.000Z"));
  await processEvents(
    t.db,
    events.map((e) => e.id),
  );
});
afterAll(async () => t?.drop());

describe("the chart's days are the clinic's", () => {
  it.each([
    ["Vancouver", VAN, "America/Vancouver", VANCOUVER],
    ["Kolkata", KOL, "Asia/Kolkata", KOLKATA],
  ] as const)("%s: each event is shown, filtered and counted on the same day", async (_name, clinic, zone, rows) => {
    for (const [id, at, date, shown] of rows) {
      expect(formatTime(at, { timeZone: zone }), id).toBe(shown);
      const expected = rows.filter((r) => r[2] === date).map((r) => r[0]);
      expect(await day(clinic, zone, date), `${id} on ${date}`).toEqual({ chart: expected.length, listed: expected });
    }
  });

  it("a day that is not the clinic's holds none of them", async () => {
    // In UTC, 8 March holds v2 and v1 (07:59 and 08:00 UTC); on Vancouver's clock, v2 and v3.
    expect(await day(VAN, "America/Vancouver", "2026-03-08")).toEqual({ chart: 2, listed: ["v2", "v3"] });
    expect((await day(KOL, "Asia/Kolkata", "2026-11-24")).chart).toBe(0);
  });

  it("a change of zone recounts the chart by the new zone's days, events processed meanwhile included", async () => {
    const later = Array.from({ length: 40 }, (_, i) =>
      ev(`late_${i}`, VAN, new Date(Date.parse("2026-03-08T06:30:00.000Z") + i * 60_000).toISOString()),
    );
    await storeEvents(t.db, later, "webhook", new Date("2026-03-09T00:00:00.000Z"));
    // Processing races the change: each event is counted once, on its day in the new zone.
    const [change] = await Promise.all([
      setClinicTimeZone(VAN, "UTC", t.db),
      ...later.map((e) => processEvents(t.db, [e.id])),
    ]);
    expect(change).toMatchObject({ kind: "changed", before: "America/Vancouver" });
    // 06:30–07:09 UTC on 8 March, plus v1 (07:59) and v2 (08:00): 42 on UTC's 8 March.
    expect(await day(VAN, "UTC", "2026-03-08")).toMatchObject({ chart: 42 });
    expect((await day(VAN, "UTC", "2026-03-07")).chart).toBe(0);
    const total = await t.db.eventDailyCount.aggregate({ _sum: { count: true }, where: { clinicId: VAN } });
    expect(total._sum.count).toBe(VANCOUVER.length + later.length);

    expect(await setClinicTimeZone(VAN, "UTC", t.db)).toEqual({ kind: "unchanged" });
    expect(await setClinicTimeZone(VAN, "America/Vancouver", t.db)).toMatchObject({ kind: "changed", counted: 48 });
    // Back on Vancouver's clock: 7 March now holds v1 and the 40 later events (22:30–23:09 PST).
    expect((await day(VAN, "America/Vancouver", "2026-03-07")).chart).toBe(41);
  });
});
