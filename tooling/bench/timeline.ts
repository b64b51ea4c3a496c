// Benchmark 2: the staff timeline's server work with one million stored events — the first page
// (the list and the chart, as app/events/page.tsx loads them) and a filtered page (category and a
// date range), through the app's own Prisma client, against the bare index-scan query sent with pg
// to the same database. p95 over repeated runs; the goal is p95 under 50 ms.
import pg from "pg";
import type { TimelineFilters } from "@/lib/events/timeline/filters";
import { benchCommand, figure, type BenchResult, type Figure } from "@/tooling/bench/result";
import { round, summarize, timeRuns } from "@/tooling/bench/stats";
import { createTestDatabase, withClient } from "@/tooling/testing/database";
import { BENCH_CLINIC, fillEvents, PATIENTS, RARE_NAME, SHARED_SURNAME } from "@/tooling/bench/timeline-data";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";

const ITERATIONS = 200;
const TODAY = "2025-12-31";
const FILTERED: TimelineFilters = { category: "orders", date: "2025-06-01..2025-09-30" };
const COLUMNS = "id, type, category, integration_id, created_at, received_at, source::text AS source";
// Free-text searches of different rarity: the trigram indexes serve the rare ones, the newest-first
// scan the common ones; every one must meet the goal.
const SEARCHES: Array<{ label: string; q: string }> = [
  { label: "a name held by 1 event in 977", q: "Name 976" },
  { label: "a term no event holds", q: "Zed Quist" },
  { label: "a word in every event", q: "name" },
  { label: "an event id", q: "evt_00123457" },
  { label: "a record id held by 1 event in 20,000", q: "rec_19999" },
  // Names that no event's data holds: found through patient_names and the ids the events carry.
  { label: `a patient's name only ids carry (1 patient in ${PATIENTS.toLocaleString("en")})`, q: RARE_NAME },
  { label: `a surname only ids carry, shared by 1 patient in 100`, q: SHARED_SURNAME },
];
const SEARCH_RUNS = 50;
const BARE_FIRST = `SELECT ${COLUMNS} FROM events WHERE clinic_id = $1 ORDER BY created_at DESC, id DESC LIMIT 51`;
const BARE_FILTERED = `SELECT ${COLUMNS} FROM events WHERE clinic_id = $1 AND category = $2 AND created_at >= $3::timestamp AND created_at < $4::timestamp ORDER BY created_at DESC, id DESC LIMIT 51`;
// The filter's days on the clinic's clock (the default zone, America/Toronto: UTC-4 in summer).
const FILTERED_ARGS = [BENCH_CLINIC, "orders", "2025-06-01T04:00:00", "2025-10-01T04:00:00"];

export async function benchTimeline(): Promise<BenchResult[]> {
  const started = performance.now();
  const real = Boolean(process.env.TEST_PG_ADMIN_URL);
  const count = real ? 1_000_000 : 200_000; // PGlite is one single-threaded session
  const database = await createTestDatabase("bench_timeline", { migrated: true });
  try {
    const fillStarted = performance.now();
    await withClient(database.url, (c) => fillEvents(c, count));
    const fillSeconds = (performance.now() - fillStarted) / 1000;

    // The app's modules read DATABASE_URL on first use.
    process.env.DATABASE_URL = database.url;
    const { db } = await import("@/lib/db");
    const { listTimeline } = await import("@/lib/events/timeline/list");
    const { eventsPerDay } = await import("@/lib/events/timeline/chart");
    const { TimelineCursorSchema } = await import("@/lib/events/timeline/filters");
    const page = (filters: TimelineFilters) =>
      Promise.all([
        listTimeline(db, BENCH_CLINIC, DEFAULT_CLINIC_TIME_ZONE, filters),
        eventsPerDay(db, BENCH_CLINIC, DEFAULT_CLINIC_TIME_ZONE, filters, TODAY),
      ]);

    const firstPage = await listTimeline(db, BENCH_CLINIC, DEFAULT_CLINIC_TIME_ZONE, {});
    const cursor = TimelineCursorSchema.parse(firstPage.nextCursor);
    const app = {
      first: summarize(await timeRuns(() => page({}), ITERATIONS)),
      filtered: summarize(await timeRuns(() => page(FILTERED), ITERATIONS)),
      listOnly: summarize(
        await timeRuns(() => listTimeline(db, BENCH_CLINIC, DEFAULT_CLINIC_TIME_ZONE, {}), ITERATIONS),
      ),
      next: summarize(
        await timeRuns(() => listTimeline(db, BENCH_CLINIC, DEFAULT_CLINIC_TIME_ZONE, {}, cursor), ITERATIONS),
      ),
    };
    const searches = [];
    for (const { label, q } of SEARCHES) {
      const found = (await listTimeline(db, BENCH_CLINIC, DEFAULT_CLINIC_TIME_ZONE, { q })).events.length;
      searches.push({
        label,
        q,
        found,
        times: summarize(
          await timeRuns(() => listTimeline(db, BENCH_CLINIC, DEFAULT_CLINIC_TIME_ZONE, { q }), SEARCH_RUNS, 3),
        ),
      });
    }
    // An admin's change of zone recounts the clinic's chart from its events (lib/events/daily-counts.ts).
    const { rebuildDailyCounts } = await import("@/lib/events/daily-counts");
    const recountStarted = performance.now();
    const recounted = await db.$transaction((tx) => rebuildDailyCounts(tx, BENCH_CLINIC, "America/Vancouver"), {
      timeout: 600_000,
    });
    const recountSeconds = (performance.now() - recountStarted) / 1000;
    await db.$disconnect();

    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const bare = {
      first: summarize(await timeRuns(() => pool.query(BARE_FIRST, [BENCH_CLINIC]), ITERATIONS)),
      filtered: summarize(await timeRuns(() => pool.query(BARE_FILTERED, FILTERED_ARGS), ITERATIONS)),
    };
    const plans = await Promise.all(
      [BARE_FIRST, BARE_FILTERED].map(async (sql, i) => {
        const rows = (
          await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, i === 0 ? [BENCH_CLINIC] : FILTERED_ARGS)
        ).rows;
        return (
          rows
            .map((r) => r["QUERY PLAN"])
            .find((l) => /Index/.test(l))
            ?.trim() ?? rows[0]["QUERY PLAN"]
        );
      }),
    );
    await pool.end();

    const p95 = (
      name: string,
      a: ReturnType<typeof summarize>,
      b: ReturnType<typeof summarize> | null,
      goal = true,
    ): Figure =>
      figure({
        name,
        value: round(a.p95),
        unit: "ms",
        baseline: b ? round(b.p95) : null,
        ratio: b ? round(a.p95 / b.p95) : null,
        ...(goal ? { goal: "p95 < 50 ms", pass: a.p95 < 50 } : {}),
      });
    return [
      {
        id: "timeline",
        title: `Timeline: server time of a page with ${count.toLocaleString("en")} stored events`,
        command: benchCommand("timeline"),
        baseline: "the bare index-scan query for the same rows (51, newest first), sent with pg to the same database",
        figures: [
          p95("first page p95 (list + chart)", app.first, bare.first),
          figure({
            name: "first page p50 (list + chart)",
            value: round(app.first.p50),
            unit: "ms",
            baseline: round(bare.first.p50),
            ratio: round(app.first.p50 / bare.first.p50),
          }),
          p95("filtered page p95 (category + date range; list + chart)", app.filtered, bare.filtered),
          p95("first page, list only p95", app.listOnly, bare.first, false),
          p95("next page by keyset cursor p95", app.next, bare.first, false),
          ...searches.map(({ label, q, found, times }) =>
            p95(`search p95: ${label} ("${q}", ${found >= 50 ? "a full page" : `${found} found`})`, times, bare.first),
          ),
          figure({
            name: `recount of the chart for a change of zone (${recounted.toLocaleString("en")} events, once)`,
            value: round(recountSeconds),
            unit: "s",
            baseline: null,
            ratio: null,
          }),
        ],
        notes: [
          `${count.toLocaleString("en")} events (90% in the clinic read, 10% in another; all 14 types over ~${Math.round((count * 31) / 86400)} days) inserted with INSERT … SELECT generate_series in ${fillSeconds.toFixed(0)} s, then VACUUM ANALYZE.`,
          `${ITERATIONS} timed runs after 10 untimed, one at a time (each search: ${SEARCH_RUNS} runs after 3 untimed). Filtered page: ${JSON.stringify(FILTERED)}.`,
          `Bare plans: first page → ${plans[0]}; filtered → ${plans[1]}.`,
          "Search is ILIKE '%term%' over the event's data (as text), its type and its id, case-insensitive; trigram GIN indexes (pg_trgm) on data::text and type let a rare term be found from the index, while a common one is found by reading the newest events first.",
          `A name also finds the events of the people it names: ${PATIENTS.toLocaleString("en")} patients' names in patient_names (trigram index), each event's record holding one patient's id and no name. The ids the name matches are read first, then the events concerning them (GIN over event_person_ids(data)) beside the text search, and the two merged.`,
        ],
        seconds: (performance.now() - started) / 1000,
      },
    ];
  } finally {
    await database.drop();
  }
}
