-- The admin pages' health figures (lib/admin/webhooks.ts): events that came only by reconciliation
-- (counted, the newest listed) and events kept with their data set aside. Both are a small part of
-- a clinic's events, and counting them read every event of the clinic (over a second at a million
-- events). Partial indexes hold only those rows, so they cost nothing on the ordinary insert.
-- Partial indexes are not expressible in schema.prisma (the schema diff ignores them).
CREATE INDEX "events_reconciled_created_idx" ON "events" ("clinic_id", "created_at" DESC) WHERE "source" = 'reconciliation';
CREATE INDEX "events_reconciled_received_idx" ON "events" ("clinic_id", "received_at") WHERE "source" = 'reconciliation';
CREATE INDEX "events_data_issue_idx" ON "events" ("clinic_id", "received_at" DESC) WHERE "data_issue" IS NOT NULL;
