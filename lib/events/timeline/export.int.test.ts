// The timeline's CSV export on a real database: the filter and order of the page, every matching
// event once across keyset batches, the summary and the patient in words, and formula-looking cells defused.
import { translatorFor } from "@/lib/i18n/translator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { processEvents } from "@/lib/events/process";
import { storeEvents } from "@/lib/events/store";
import { EXPORT_BATCH, timelineCsvStream } from "@/lib/events/timeline/export";
import { listTimeline } from "@/lib/events/timeline/list";

const CLINIC = "clinic-export";
let t: AppTestDatabase;
const N = EXPORT_BATCH * 2 + 7; // three batches

beforeAll(async () => {
  t = await createTestDatabase("timeline_export", { app: true });
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  const events = Array.from({ length: N }, (_, i) => ({
    id: `ev_${String(i).padStart(5, "0")}`,
    clinic_id: CLINIC,
    integration_id: null,
    type: i % 2 ? "order.placed" : "patient.created",
    created_at: new Date(start + i * 60_000).toISOString(),
    data:
      i % 2
        ? { order: { id: `o${i}`, patient_id: "pat_0", total_cents: 4500 } }
        : { patient: { id: `pat_${i}`, first_name: i === 0 ? "=cmd" : "Zed", last_name: "Quist" } },
  }));
  await storeEvents(t.db, events, "webhook", new Date(start + N * 60_000));
  await processEvents(
    t.db,
    events.map((e) => e.id),
  );
});
afterAll(async () => t?.drop());

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parse(text: string): Record<string, string>[] {
  const records: string[][] = [[]];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    records.at(-1)!.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\n") {
      endCell();
      records.push([]);
    } else if (c !== "\r") cell += c;
  }
  if (cell || records.at(-1)!.length) records.at(-1)!.push(cell);
  else records.pop();
  const [header, ...rows] = records;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

async function csv(
  filters: Parameters<typeof timelineCsvStream>[3],
  timeZone = "UTC",
): Promise<Record<string, string>[]> {
  const text = await new Response(timelineCsvStream(t.db, CLINIC, timeZone, filters, translatorFor("en"))).text();
  return parse(text);
}

describe("timeline CSV export", () => {
  it("streams every matching event once, in the page's order, with its summary", async () => {
    const rows = await csv({ type: "order.placed", sort: "oldest" });
    expect(rows).toHaveLength(Math.floor(N / 2));
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(rows.length);
    expect(rows[0]).toMatchObject({ event_id: "ev_00001", summary: "Order placed by =cmd Quist — $45.00" });
    // The patient by name beside their id, defused like every cell a spreadsheet would run.
    expect(rows[0]).toMatchObject({ patient: "'=cmd Quist", patient_id: "pat_0" });
    const shown = (await listTimeline(t.db, CLINIC, "UTC", { type: "order.placed", sort: "oldest" })).events;
    expect(rows.slice(0, shown.length).map((r) => r.event_id)).toEqual(shown.map((e) => e.id));
  });

  it("rests after each batch as long as the batch took to write (one export leaves the thread half free)", async () => {
    const rests: number[] = [];
    const stream = timelineCsvStream(t.db, CLINIC, "UTC", {}, translatorFor("en"), {
      rest: async (writingMs) => void rests.push(writingMs),
    });
    const text = await new Response(stream).text();
    expect(parse(text)).toHaveLength(N);
    expect(rests).toHaveLength(Math.ceil(N / EXPORT_BATCH));
    for (const ms of rests) expect(ms).toBeGreaterThan(0);
  });

  it("newest first by default, and an empty export still has its header", async () => {
    const rows = await csv({ category: "patients" });
    expect(rows).toHaveLength(Math.ceil(N / 2));
    expect(rows.at(-1)).toMatchObject({ event_id: "ev_00000", summary: "New patient =cmd Quist" });
    expect(rows[0].created_utc > rows.at(-1)!.created_utc).toBe(true);
    const empty = await new Response(
      timelineCsvStream(t.db, CLINIC, "UTC", { type: "clinic_key.revoked" }, translatorFor("en")),
    ).text();
    expect(empty.trim()).toBe(
      "created,time_zone,created_utc,summary,type,category,source,received_utc,patient,patient_id,event_id",
    );
  });

  it("counts the filter's days and writes the times on the clinic's clock", async () => {
    // The events start at 2026-01-01 00:00 UTC, one a minute: 16:00 on 31 December in Vancouver.
    expect(await csv({ date: "2025-12-31" })).toHaveLength(0);
    const rows = await csv({ date: "2025-12-31", sort: "oldest" }, "America/Vancouver");
    expect(rows).toHaveLength(8 * 60); // 16:00 to midnight, Vancouver time
    expect(rows[0]).toMatchObject({
      event_id: "ev_00000",
      created: "2025-12-31T16:00:00.000-08:00",
      time_zone: "America/Vancouver",
      created_utc: "2026-01-01T00:00:00.000Z",
    });
    expect(rows.at(-1)).toMatchObject({ event_id: "ev_00479", created: "2025-12-31T23:59:00.000-08:00" });
  });
});
