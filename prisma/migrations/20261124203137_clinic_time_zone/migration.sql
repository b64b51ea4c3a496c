-- AlterTable
ALTER TABLE "clinics" ADD COLUMN     "time_zone" TEXT NOT NULL DEFAULT 'America/Toronto',
ADD COLUMN     "time_zone_set_at" TIMESTAMP(3);

-- The chart's projection was keyed by UTC day; it is now keyed by day on the clinic's clock
-- (lib/events/daily-counts.ts rebuilds it the same way when an admin changes the zone). Counts of
-- events that retention has already removed cannot be re-dated and are dropped with the rest.
DELETE FROM "event_daily_counts";
INSERT INTO "event_daily_counts" ("clinic_id", "day", "category", "type", "count")
SELECT e."clinic_id", (e."created_at" AT TIME ZONE 'UTC' AT TIME ZONE COALESCE(c."time_zone", 'America/Toronto'))::date,
       e."category", e."type", count(*)
FROM "events" e LEFT JOIN "clinics" c ON c."id" = e."clinic_id"
WHERE e."processed_at" IS NOT NULL
GROUP BY 1, 2, 3, 4;
