// The timeline's reads against a real migrated database: filters (every date form of spec 4,
// category, type, search), keyset pages, the chart projection, and tenant isolation as a table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { processEvents } from "@/lib/events/process";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { eventsPerDay } from "@/lib/events/timeline/chart";
import { TimelineCursorSchema, TimelineFiltersSchema, type TimelineFilters } from "@/lib/events/timeline/filters";
import { getTimelineEvent, listTimeline, timelineHead } from "@/lib/events/timeline/list";

const A = "clinic-a";
const B = "clinic-b";

function ev(
  id: string,
  clinic: string,
  type: string,
  createdAt: string,
  data: Record<string, unknown> = {},
): StorableEvent {
  return { id, clinic_id: clinic, integration_id: null, type, created_at: createdAt, data };
}

const seed: StorableEvent[] = [
  ev("a1", A, "patient.created", "2026-01-10T08:00:00.000Z", { patient: { id: "p1", name: "Ada Lovelace" } }),
  ev("a2", A, "patient.updated", "2026-01-10T23:59:59.000Z", { patient: { id: "p1", name: "Ada King" } }),
  ev("a3", A, "order.placed", "2026-01-11T00:00:00.000Z", { order: { id: "o1", total: "50%_off" } }),
  ev("a4", A, "treatment_plan.created", "2026-01-12T12:00:00.000Z", { treatment_plan: { id: "tp1" } }),
  ev("a5", A, "lab_order.updated", "2026-01-14T09:30:00.000Z", { lab_order: { id: "lo1" } }),
  ev("a6", A, "practitioner.created", "2026-01-14T10:00:00.000Z", { practitioner: { id: "pr1" } }),
  ev("b1", B, "patient.created", "2026-01-10T09:00:00.000Z", { patient: { id: "pb", name: "Grace Hopper" } }),
  ev("b2", B, "order.placed", "2026-01-11T10:00:00.000Z", { order: { id: "ob" } }),
];

describe("timeline reads", () => {
  let t: AppTestDatabase;
  const ids = async (clinicId: string, raw: Record<string, string>) =>
    (await listTimeline(t.db, clinicId, "UTC", TimelineFiltersSchema.parse(raw))).events.map((e) => e.id);

  beforeAll(async () => {
    t = await createTestDatabase("timeline", { app: true });
    // Clinics on UTC's clock, so the days below are UTC days (zones: lib/events/daily-counts.int.test.ts).
    await t.db.clinic.createMany({ data: [A, B].map((id) => ({ id, name: id, timeZone: "UTC" })) });
    await storeEvents(t.db, seed, "webhook", new Date("2026-01-14T12:00:00.000Z"));
    // Processing twice must count each event once in the chart.
    await processEvents(
      t.db,
      seed.map((e) => e.id),
    );
    await processEvents(
      t.db,
      seed.map((e) => e.id),
    );
  });
  afterAll(async () => t?.drop());

  const filterRows: Array<[string, Record<string, string>, string[]]> = [
    ["no filter: newest first", {}, ["a6", "a5", "a4", "a3", "a2", "a1"]],
    ["category", { category: "patients" }, ["a2", "a1"]],
    ["category other (unknown types)", { category: "other" }, ["a6"]],
    ["event type", { type: "order.placed" }, ["a3"]],
    ["date: one day (both ends of it)", { date: "2026-01-10" }, ["a2", "a1"]],
    ["date: before", { date: "<2026-01-11" }, ["a2", "a1"]],
    ["date: after", { date: ">2026-01-12" }, ["a6", "a5"]],
    ["date: range includes both ends", { date: "2026-01-11..2026-01-12" }, ["a4", "a3"]],
    ["search in data", { q: "lovelace" }, ["a1"]],
    ["search treats % and _ literally", { q: "50%_off" }, ["a3"]],
    ["filters combine", { category: "patients", date: "2026-01-10", q: "king" }, ["a2"]],
    ["blank fields mean no filter", { category: "", type: "", date: " ", q: "" }, ["a6", "a5", "a4", "a3", "a2", "a1"]],
  ];
  it.each(filterRows)("%s", async (_name, raw, expected) => {
    expect(await ids(A, raw)).toEqual(expected);
  });

  it.each([
    ["bad date", { date: "2026-13-01" }],
    ["bad category", { category: "nope" }],
    ["bad type", { type: "DROP TABLE" }],
    // Searches no trigram index can serve: each would read every event of the clinic.
    ["search of two characters (an event id of two)", { q: "a4" }],
    ["search of wildcards only", { q: "%_%" }],
    ["search of a lone backslash", { q: "\\" }],
    ["search with no three letters or digits in a row", { q: "ab 12 cd" }],
  ])("refuses a %s", (_name, raw) => {
    expect(TimelineFiltersSchema.safeParse(raw).success).toBe(false);
  });

  // The calendar's ends: each answers at once with a bounded page and chart (the day after
  // 9999-12-31 once formatted as +010000-01-01, sorted before it and never ended the chart's loop).
  const edges: Array<[string, string[], number]> = [
    ["9999-12-31", [], 1],
    ["0001-01-01", [], 1],
    [">9999-12-30", [], 1],
    ["<0001-01-02", [], 1],
    ["9999-01-01..9999-12-31", [], 365],
    ["0001-01-01..9999-12-31", ["a6", "a5", "a4", "a3", "a2", "a1"], 366],
    ["<9999-12-31", ["a6", "a5", "a4", "a3", "a2", "a1"], 30],
  ];
  it.each(edges)("the calendar's edge %s answers a bounded page and chart", async (date, expected, days) => {
    const started = Date.now();
    const filters = TimelineFiltersSchema.parse({ date });
    expect(await ids(A, { date })).toEqual(expected);
    const chart = await eventsPerDay(t.db, A, "UTC", filters, "2026-01-14");
    expect(chart.days).toHaveLength(days);
    expect(chart.days[chart.days.length - 1]).toBe(chart.to);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses the days past the calendar and a cursor outside it", () => {
    for (const date of [">9999-12-31", "<0001-01-01", "0000-01-01", "10000-01-01"])
      expect(TimelineFiltersSchema.safeParse({ date }).success, date).toBe(false);
    for (const at of ["+010000-01-01T00:00:00.000Z", "-000001-01-01T00:00:00.000Z", "0000-01-01T00:00:00.000Z"])
      expect(TimelineCursorSchema.safeParse(Buffer.from(`${at}|a1`).toString("base64url")).success, at).toBe(false);
  });

  it("reports source and delay from creation to arrival", async () => {
    const [first] = (await listTimeline(t.db, A, "UTC", { type: "lab_order.updated" })).events;
    expect(first).toMatchObject({ source: "webhook", delayMs: 2.5 * 3600_000 });
  });

  it("charts events per day by category from the projection, each event once", async () => {
    const chart = await eventsPerDay(t.db, A, "UTC", TimelineFiltersSchema.parse({ date: "2026-01-10..2026-01-14" }));
    expect(chart.days).toEqual(["2026-01-10", "2026-01-11", "2026-01-12", "2026-01-13", "2026-01-14"]);
    expect(chart.series).toEqual([
      { category: "lab_orders", counts: [0, 0, 0, 0, 1], total: 1 },
      { category: "orders", counts: [0, 1, 0, 0, 0], total: 1 },
      { category: "patients", counts: [2, 0, 0, 0, 0], total: 2 },
      { category: "treatment_plans", counts: [0, 0, 1, 0, 0], total: 1 },
      { category: "other", counts: [0, 0, 0, 0, 1], total: 1 },
    ]);
  });

  it("charts only the filtered type, with or without its category", async () => {
    const rows = [
      [{ type: "patient.updated" }, [{ category: "patients", counts: [1, 0, 0, 0, 0], total: 1 }]],
      [
        { type: "patient.updated", category: "patients" },
        [{ category: "patients", counts: [1, 0, 0, 0, 0], total: 1 }],
      ],
      [{ type: "patient.updated", category: "orders" }, []],
      [{ type: "clinic_key.revoked" }, []],
    ] as const;
    for (const [filter, series] of rows) {
      const chart = await eventsPerDay(
        t.db,
        A,
        "UTC",
        TimelineFiltersSchema.parse({ ...filter, date: "2026-01-10..2026-01-14" }),
      );
      expect(chart.series, JSON.stringify(filter)).toEqual(series);
    }
  });

  // Staff of clinic A asking every reader for anything of clinic B gets nothing of B.
  const isolation: Array<[string, () => Promise<unknown>, (result: unknown) => void]> = [
    ["list", () => ids(A, {}), (r) => expect(r).not.toEqual(expect.arrayContaining(["b1"]))],
    ["search for B's patient", () => ids(A, { q: "Grace" }), (r) => expect(r).toEqual([])],
    // Below the schema's length floor, straight to the reader: the clinic is still the first condition.
    [
      "search for B's event id",
      async () => (await listTimeline(t.db, A, "UTC", { q: "b2" })).events.map((e) => e.id),
      (r) => expect(r).toEqual([]),
    ],
    ["detail of B's event", () => getTimelineEvent(t.db, A, "b1"), (r) => expect(r).toBeNull()],
    [
      "chart",
      () => eventsPerDay(t.db, A, "UTC", { date: "2026-01-10..2026-01-11" }),
      (r) =>
        expect(
          (r as Awaited<ReturnType<typeof eventsPerDay>>).series.find((s) => s.category === "patients")?.counts,
        ).toEqual([2, 0]),
    ],
    ["head of a clinic with no events", () => timelineHead(t.db, "clinic-none"), (r) => expect(r).toBe("empty")],
  ];
  it.each(isolation)("tenant isolation: %s", async (_name, read, check) => {
    check(await read());
  });

  it("B sees its own events, and the detail of its own event", async () => {
    expect(await ids(B, {})).toEqual(["b2", "b1"]);
    expect(await getTimelineEvent(t.db, B, "b1")).toMatchObject({
      id: "b1",
      data: { patient: { id: "pb", name: "Grace Hopper" } },
    });
  });

  it("pages through a large history by keyset without gaps or repeats, and the head moves on arrival", async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      ev(
        `m${String(i).padStart(3, "0")}`,
        "clinic-many",
        "product.updated",
        new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 60_000).toISOString(),
      ),
    );
    const headBefore = await timelineHead(t.db, "clinic-many");
    await storeEvents(t.db, many, "reconciliation");
    expect(await timelineHead(t.db, "clinic-many")).not.toBe(headBefore);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const filters: TimelineFilters = {};
      const page = await listTimeline(
        t.db,
        "clinic-many",
        "UTC",
        filters,
        cursor ? TimelineCursorSchema.parse(cursor) : undefined,
        50,
      );
      seen.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    // Newest first, ties (same created_at) by id descending.
    expect(seen.slice(0, 3)).toEqual(["m119", "m118", "m117"]);
  });
});
