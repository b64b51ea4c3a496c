// Hostile arguments for the timeline's server actions (app/events/actions.ts). An action is a public
// POST endpoint: whatever the browser sends arrives as `filters`, `cursor` or `id`. Each row goes
// through the action's own input schema and, when accepted, through the same reads the action makes
// for the caller's clinic (A). The answer must be a refusal naming the field, or only A's rows —
// never B's, never an error — and the database must be exactly as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { storeEvents } from "@/lib/events/store";
import { eventsPerDay } from "@/lib/events/timeline/chart";
import { encodeCursor, TimelineCursorSchema, TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import { getTimelineEvent, listTimeline } from "@/lib/events/timeline/list";
import { databaseFingerprint } from "@/tooling/resilience/bad-input/fingerprint";

const A = "clinic_a";
const B = "clinic_b";
const ev = (id: string, clinic: string, name: string, at: string) => ({
  id,
  clinic_id: clinic,
  integration_id: null,
  type: "patient.created",
  created_at: at,
  data: { patient: { id: `p_${id}`, name } },
});
const SEED = [
  ev("evt_a1", A, "Ada Lovelace", "2026-01-10T08:00:00.000Z"),
  ev("evt_a2", A, "Alan Turing", "2026-01-11T08:00:00.000Z"),
  ev("evt_b1", B, "Grace Hopper", "2026-01-10T09:00:00.000Z"),
  ev("evt_b2", B, "Edsger Dijkstra", "2026-01-12T09:00:00.000Z"),
];
const ALL_A = ["evt_a2", "evt_a1"];

type Outcome = { refused: string } | { ids: string[] };
const injection = "'; DELETE FROM events; --";
const filterRows: Array<[string, unknown, Outcome]> = [
  ["null instead of an object", null, { refused: "_" }],
  ["a string instead of an object", "category=patients", { refused: "_" }],
  ["an array", ["patients"], { refused: "_" }],
  ["category of the wrong type", { category: 7 }, { refused: "category" }],
  ["category with SQL", { category: `patients${injection}` }, { refused: "category" }],
  ["type with SQL", { type: `patient.created${injection}` }, { refused: "type" }],
  ["type of 101 characters", { type: "a".repeat(101) }, { refused: "type" }],
  ["date with SQL", { date: `2026-01-10' OR '1'='1` }, { refused: "date" }],
  ["date that is not a day", { date: "2026-02-30" }, { refused: "date" }],
  ["date as an object", { date: { gte: "2026-01-01" } }, { refused: "date" }],
  ["search of 201 characters", { q: "x".repeat(201) }, { refused: "q" }],
  ["search of one million characters", { q: "x".repeat(1_000_000) }, { refused: "q" }],
  ["search with SQL", { q: "' OR 'abc'='abc' --" }, { ids: [] }],
  ["search for %, which no index serves", { q: "%" }, { refused: "q" }],
  ["search for a backslash, which no index serves", { q: "\\" }, { refused: "q" }],
  ["search of two letters, which no index serves", { q: "Ad" }, { refused: "q" }],
  ["search with % and _ among letters, taken literally", { q: "Ada%_" }, { ids: [] }],
  ["search with unicode, RTL override and a lone surrogate", { q: "Ada😀\u202e\ud800" }, { ids: [] }],
  ["search for another clinic's patient", { q: "Grace" }, { ids: [] }],
  ["search for another clinic's event id", { q: "evt_b1" }, { ids: [] }],
  [
    "unknown keys (clinic_id, __proto__) are ignored",
    JSON.parse(`{"clinic_id":"${B}","__proto__":{"category":"orders"},"constructor":{"x":1}}`),
    { ids: ALL_A },
  ],
  ["date range over another clinic's days", { date: "2026-01-12..2026-01-12" }, { ids: [] }],
];

const cursorRows: Array<[string, string, Outcome]> = [
  ["garbage", "!!!not base64!!!", { refused: "cursor" }],
  ["401 characters", "a".repeat(401), { refused: "cursor" }],
  ["not a date inside", Buffer.from("yesterday|evt_a2").toString("base64url"), { refused: "cursor" }],
  ["no id inside", Buffer.from("2026-01-11T08:00:00.000Z|").toString("base64url"), { refused: "cursor" }],
  ["SQL as the id", encodeCursor(new Date("2026-01-12T00:00:00.000Z"), injection), { ids: ALL_A }],
  ["another clinic's newest event", encodeCursor(new Date("2026-01-12T09:00:00.000Z"), "evt_b2"), { ids: ALL_A }],
];

describe("hostile arguments to the timeline's server actions", () => {
  let t: AppTestDatabase;
  let before: Record<string, string>;
  beforeAll(async () => {
    t = await createTestDatabase("bad_timeline", { app: true });
    await storeEvents(t.db, SEED, "webhook", new Date("2026-01-12T12:00:00.000Z"));
    before = await databaseFingerprint(t.url);
  });
  afterAll(async () => {
    // Nothing any row did changed a row.
    if (t) expect(await databaseFingerprint(t.url)).toEqual(before);
    await t?.drop();
  });

  it.each(filterRows)("filters: %s", async (_name, input, outcome) => {
    const parsed = TimelineFiltersSchema.safeParse(input);
    if ("refused" in outcome) {
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => String(i.path[0] ?? "_"))).toContain(outcome.refused);
      return;
    }
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const page = await listTimeline(t.db, A, "UTC", parsed.data!);
    expect(page.events.map((e) => e.id)).toEqual(outcome.ids);
    const chart = await eventsPerDay(t.db, A, "UTC", parsed.data!, "2026-01-12");
    expect(chart.series.every((s) => s.counts.every((n) => n >= 0))).toBe(true);
  });

  it.each(cursorRows)("cursor: %s", async (_name, input, outcome) => {
    const parsed = TimelineCursorSchema.safeParse(input);
    if ("refused" in outcome) {
      expect(parsed.success).toBe(false);
      return;
    }
    expect(parsed.success).toBe(true);
    const page = await listTimeline(t.db, A, "UTC", {}, parsed.data);
    expect(page.events.map((e) => e.id)).toEqual(outcome.ids);
  });

  it.each([
    ["another clinic's event", "evt_b1"],
    ["SQL", injection],
    ["unicode", "évt_😀"],
    ["an id of 200 characters", "e".repeat(200)],
  ])("event detail: %s → nothing", async (_name, id) => {
    expect(await getTimelineEvent(t.db, A, id)).toBeNull();
  });

  it.each([
    ["a NUL byte", "a\u0000b"],
    ["a line feed", "a\nb"],
    ["an escape", "\u001b[31m"],
  ])("filters: search with %s is refused, naming the field", (_name, q) => {
    const parsed = TimelineFiltersSchema.safeParse({ q });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["q"]);
  });

  it("the reads themselves still work (the rows above are refusals, not a broken set-up)", async () => {
    expect((await listTimeline(t.db, A, "UTC", {})).events.map((e) => e.id)).toEqual(ALL_A);
    expect(await getTimelineEvent(t.db, A, "evt_a1")).toMatchObject({ id: "evt_a1" });
  });
});
