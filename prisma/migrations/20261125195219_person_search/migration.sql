-- The timeline's search finds a person's whole history by name. Orders, plans and lab results hold
-- only the ids of the patient and practitioners they concern; the names are kept apart
-- (patient_names, people). A search matches the names (trigram indexes below), then the events
-- whose data points at one of the matching ids (lib/events/timeline/search.ts).
--
-- Which ids an event concerns is a pure function of its data, read in SQL so that the database
-- keeps it by itself: an expression index over it is filled for every stored event when this
-- migration builds it, and for every event stored later, whichever statement stores it (webhook,
-- reconciliation, catalog copy), with no column to fill and nothing to backfill. The paths are those
-- of the documented shapes (lib/contract/event-data.ts) and the sandbox's older ones; an order's
-- practitioner_ids are read up to the fourth. Its twin in TypeScript is personIdsOf
-- (lib/events/person-ids.ts), and a test holds the two together.
-- One plain expression (no subquery, not STRICT), so that PostgreSQL inlines it: a row costs a few
-- path lookups, and `&&` on the array is answered by the GIN index without rechecking the row.
-- Missing paths give NULL elements, which no `&&` matches.
-- Expression indexes are not expressible in schema.prisma (the schema diff ignores them).
CREATE FUNCTION event_person_ids(data jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[
    data #>> '{patient,id}',
    data ->> 'patient_id',
    data #>> '{order,patient_id}',
    data #>> '{lab_order,patient_id}',
    data #>> '{lab_order,practitioner_id}',
    data #>> '{treatment_plan,patient_id}',
    data #>> '{treatment_plan,patient,id}',
    data #>> '{treatment_plan,practitioner_id}',
    data #>> '{treatment_plan,practitioner,id}',
    data #>> '{practitioner_ids,0}',
    data #>> '{practitioner_ids,1}',
    data #>> '{practitioner_ids,2}',
    data #>> '{practitioner_ids,3}'
  ]
$$;

CREATE INDEX "events_person_ids_idx" ON "events" USING gin (event_person_ids(data));

-- CreateIndex
CREATE INDEX "patient_names_name_trgm_idx" ON "patient_names" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "people_display_name_trgm_idx" ON "people" USING GIN ("display_name" gin_trgm_ops);
