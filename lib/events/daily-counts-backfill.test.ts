// The migrations of the chart's projection on a database with history. 20261122170225_daily_counts_by_type:
// the processed events still stored are counted by type, what is left of the old per-category counts
// (events since removed by retention) stays in type "", and no total moves. 20261124203137_clinic_time_zone:
// the counts, kept by UTC day until then, are recounted by day on each clinic's clock (the default zone,
// America/Toronto, for every clinic then). After them all, the events not processed yet are the ones in
// event_backlog (20261124234252_event_backlog).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, withClient, type TestDatabase } from "@/tooling/testing/database";
import { deployMigrations } from "@/tooling/migrate";

const MIGRATIONS = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../prisma/migrations");
const BY_TYPE = "20261122170225_daily_counts_by_type";
const BY_ZONE = "20261124203137_clinic_time_zone";

/** The history before `migration` (with it when `including`), in a folder of its own. */
function historyUpTo(migration: string, including: boolean): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-"));
  for (const entry of fs.readdirSync(MIGRATIONS)) {
    if (entry !== "migration_lock.toml" && (including ? entry > migration : entry >= migration)) continue;
    fs.cpSync(path.join(MIGRATIONS, entry), path.join(folder, entry), { recursive: true });
  }
  return folder;
}

describe("migration: daily counts by type", () => {
  let database: TestDatabase;
  let before: string;
  let upTo: string;

  beforeAll(async () => {
    before = historyUpTo(BY_TYPE, false);
    upTo = historyUpTo(BY_TYPE, true);
    database = await createTestDatabase("daily_by_type");
    await deployMigrations(database.url, { migrationsDir: before });
  });
  afterAll(async () => {
    await database?.drop();
    for (const folder of [before, upTo]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("splits the stored events' counts by type and keeps the rest of each day's count", async () => {
    await withClient(database.url, async (c) => {
      const event = (id: string, type: string, category: string, at: string, processed: boolean) =>
        c.query(
          `INSERT INTO events (id, clinic_id, type, category, created_at, source, data, processed_at)
           VALUES ($1, 'clinic-a', $2, $3, $4, 'webhook', '{}', ${processed ? "now()" : "NULL"})`,
          [id, type, category, at],
        );
      await event("e1", "patient.created", "patients", "2026-01-10T08:00:00Z", true);
      await event("e2", "patient.updated", "patients", "2026-01-10T09:00:00Z", true);
      await event("e3", "patient.updated", "patients", "2026-01-10T10:00:00Z", true);
      await event("e4", "order.placed", "orders", "2026-01-11T10:00:00Z", true);
      await event("e5", "order.placed", "orders", "2026-01-11T11:00:00Z", false); // not counted yet
      // The old projection: day 10 also counted 2 patient events that retention has since removed,
      // and day 9's events are all gone.
      await c.query(
        `INSERT INTO event_daily_counts (clinic_id, day, category, count) VALUES
           ('clinic-a', '2026-01-09', 'patients', 4), ('clinic-a', '2026-01-10', 'patients', 5), ('clinic-a', '2026-01-11', 'orders', 1)`,
      );
    });

    await deployMigrations(database.url, { migrationsDir: upTo });

    const after = await withClient(
      database.url,
      async (c) =>
        (
          await c.query<{ day: string; category: string; type: string; count: number }>(
            `SELECT to_char(day, 'YYYY-MM-DD') AS day, category, type, count FROM event_daily_counts ORDER BY day, category, type`,
          )
        ).rows,
    );
    expect(after).toEqual([
      { day: "2026-01-09", category: "patients", type: "", count: 4 },
      { day: "2026-01-10", category: "patients", type: "", count: 2 },
      { day: "2026-01-10", category: "patients", type: "patient.created", count: 1 },
      { day: "2026-01-10", category: "patients", type: "patient.updated", count: 2 },
      { day: "2026-01-11", category: "orders", type: "order.placed", count: 1 },
    ]);
  });
});

describe("migration: daily counts by day of the clinic's zone", () => {
  let database: TestDatabase;
  let before: string;

  beforeAll(async () => {
    before = historyUpTo(BY_ZONE, false);
    database = await createTestDatabase("daily_by_zone");
    await deployMigrations(database.url, { migrationsDir: before });
  });
  afterAll(async () => {
    await database?.drop();
    if (before) fs.rmSync(before, { recursive: true, force: true });
  });

  it("recounts the processed events by day in the clinic's zone, replacing the UTC days", async () => {
    const rows = () =>
      withClient(
        database.url,
        async (c) =>
          (
            await c.query<{ day: string; type: string; count: number }>(
              `SELECT to_char(day, 'YYYY-MM-DD') AS day, type, count FROM event_daily_counts ORDER BY day, type`,
            )
          ).rows,
      );
    await withClient(database.url, async (c) => {
      await c.query(`INSERT INTO clinics (id, name, updated_at) VALUES ('clinic-a', 'A', now())`);
      const event = (id: string, type: string, at: string, processed: boolean) =>
        c.query(
          `INSERT INTO events (id, clinic_id, type, category, created_at, source, data, processed_at)
           VALUES ($1, 'clinic-a', $2, 'orders', $3, 'webhook', '{}', ${processed ? "now()" : "NULL"})`,
          [id, type, at],
        );
      // 04:59 UTC on the 10th is 23:59 on the 9th in Toronto (UTC-5 in January); 05:00 is midnight.
      await event("e1", "order.placed", "2026-01-10T04:59:00Z", true);
      await event("e2", "order.placed", "2026-01-10T05:00:00Z", true);
      await event("e3", "order.updated", "2026-01-10T05:00:00Z", false); // not counted yet
      await c.query(
        `INSERT INTO event_daily_counts (clinic_id, day, category, type, count) VALUES ('clinic-a', '2026-01-10', 'orders', 'order.placed', 2)`,
      );
    });
    expect(await rows()).toEqual([{ day: "2026-01-10", type: "order.placed", count: 2 }]);

    await deployMigrations(database.url, { migrationsDir: MIGRATIONS });

    expect(await rows()).toEqual([
      { day: "2026-01-09", type: "order.placed", count: 1 },
      { day: "2026-01-10", type: "order.placed", count: 1 },
    ]);
    // And 20261124234252_event_backlog: the event not processed yet waits in the backlog, the others not.
    const waiting = await withClient(
      database.url,
      async (c) => (await c.query<{ event_id: string }>(`SELECT event_id FROM event_backlog`)).rows,
    );
    expect(waiting).toEqual([{ event_id: "e3" }]);
  });
});
