-- AlterTable
ALTER TABLE "event_daily_counts" DROP CONSTRAINT "event_daily_counts_pkey",
ADD COLUMN     "type" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "event_daily_counts_pkey" PRIMARY KEY ("clinic_id", "day", "category", "type");

-- Backfill: the rows so far are per category (now type ''). Count the processed events still
-- stored by type, take those counts out of the category rows, and keep in type '' only what is
-- left: events counted before and since removed by retention, which the chart still shows.
CREATE TEMPORARY TABLE "typed_daily_counts" ON COMMIT DROP AS
SELECT "clinic_id", "created_at"::date AS "day", "category", "type", count(*)::int AS "count"
FROM "events" WHERE "processed_at" IS NOT NULL
GROUP BY 1, 2, 3, 4;

UPDATE "event_daily_counts" AS d
SET "count" = d."count" - t."count"
FROM (SELECT "clinic_id", "day", "category", sum("count")::int AS "count" FROM "typed_daily_counts" GROUP BY 1, 2, 3) AS t
WHERE d."type" = '' AND d."clinic_id" = t."clinic_id" AND d."day" = t."day" AND d."category" = t."category";

DELETE FROM "event_daily_counts" WHERE "type" = '' AND "count" <= 0;

INSERT INTO "event_daily_counts" ("clinic_id", "day", "category", "type", "count")
SELECT "clinic_id", "day", "category", "type", "count" FROM "typed_daily_counts";
