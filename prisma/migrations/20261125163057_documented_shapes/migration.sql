-- CreateTable
CREATE TABLE "unread_deliveries" (
    "id" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" TEXT NOT NULL,
    "raw" TEXT NOT NULL,

    CONSTRAINT "unread_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "unread_deliveries_received_at_idx" ON "unread_deliveries"("received_at");

-- Lab orders carry their patient's name (first_name, last_name beside patient_id), and processing
-- now learns it. Events stored before learn it here, so their patients are named at once, without a
-- re-import: the newest event's name wins, and a newer name already kept is left alone (as
-- processing does, lib/people/directory.ts rememberPatientNames).
INSERT INTO "patient_names" ("clinic_id", "patient_id", "name", "as_of")
SELECT DISTINCT ON (n.clinic_id, n.patient_id) n.clinic_id, n.patient_id, n.name, n.created_at
FROM (
  SELECT e."clinic_id" AS clinic_id,
         e."data" -> 'lab_order' ->> 'patient_id' AS patient_id,
         concat_ws(' ', nullif(btrim(e."data" -> 'lab_order' ->> 'first_name'), ''),
                        nullif(btrim(e."data" -> 'lab_order' ->> 'last_name'), '')) AS name,
         e."created_at" AS created_at
  FROM "events" e
  WHERE e."type" = 'lab_order.updated' AND e."clinic_id" <> ''
    AND jsonb_typeof(e."data" -> 'lab_order' -> 'patient_id') = 'string'
    AND jsonb_typeof(e."data" -> 'lab_order' -> 'first_name') = 'string'
    AND jsonb_typeof(e."data" -> 'lab_order' -> 'last_name') = 'string'
    AND length(e."data" -> 'lab_order' ->> 'patient_id') BETWEEN 1 AND 200
) n
WHERE n.name <> ''
ORDER BY n.clinic_id, n.patient_id, n.created_at DESC
ON CONFLICT ("clinic_id", "patient_id") DO UPDATE SET "name" = EXCLUDED."name", "as_of" = EXCLUDED."as_of"
WHERE "patient_names"."as_of" <= EXCLUDED."as_of";
