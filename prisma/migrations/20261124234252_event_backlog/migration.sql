-- Events waiting for processing move from a column of events to a table of their own: marking an
-- event processed updated its row, and an update of an indexed column rewrites every index entry of
-- the row (the trigram entries of its data too), which cost more than storing the event.

-- CreateTable
CREATE TABLE "event_backlog" (
    "event_id" TEXT NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "event_backlog_pkey" PRIMARY KEY ("event_id")
);

-- CreateIndex
CREATE INDEX "event_backlog_received_at_idx" ON "event_backlog"("received_at");

-- AddForeignKey
ALTER TABLE "event_backlog" ADD CONSTRAINT "event_backlog_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The events not processed yet wait in the backlog now.
INSERT INTO "event_backlog" ("event_id", "clinic_id", "received_at")
SELECT "id", "clinic_id", "received_at" FROM "events" WHERE "processed_at" IS NULL;

-- DropIndex
DROP INDEX "events_processed_at_idx";

-- AlterTable
ALTER TABLE "events" DROP COLUMN "processed_at";
