-- The timeline's search finds a person's whole history by name. Orders, plans and lab results hold
-- only the ids of the patient and practitioners they concern; the names are kept apart
-- (patient_names, people). A search matches the names (trigram indexes below), then the events
-- whose data points at one of the matching ids.
--
-- Which ids an event concerns is a pure function of its data, read in SQL so that the database
-- keeps it by itself: an expression index over it is filled for every stored event when this
-- migration builds it, and for every event stored later, whichever statement stores it (webhook,
-- reconciliation, catalog copy), with no column to fill and nothing to backfill. The paths are those
-- of the documented shapes (lib/contract/event-data.ts) and the sandbox's older ones; its twin in
-- TypeScript is personIdsOf (lib/events/person-ids.ts), and a test holds the two together.
-- Expression indexes are not expressible in schema.prisma (the schema diff ignores them).
CREATE FUNCTION event_person_ids(data jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_remove(
    ARRAY[
      nullif(data #>> '{patient,id}', ''),
      nullif(data ->> 'patient_id', ''),
      nullif(data #>> '{order,patient_id}', ''),
      nullif(data #>> '{lab_order,patient_id}', ''),
      nullif(data #>> '{lab_order,practitioner_id}', ''),
      nullif(data #>> '{treatment_plan,patient_id}', ''),
      nullif(data #>> '{treatment_plan,patient,id}', ''),
      nullif(data #>> '{treatment_plan,practitioner_id}', ''),
      nullif(data #>> '{treatment_plan,practitioner,id}', '')
    ] || CASE WHEN jsonb_typeof(data -> 'practitioner_ids') = 'array'
              THEN ARRAY(SELECT nullif(jsonb_array_elements_text(data -> 'practitioner_ids'), ''))
              ELSE '{}'::text[] END,
    NULL)
$$;

CREATE INDEX "events_person_ids_idx" ON "events" USING gin (event_person_ids(data));

-- CreateIndex
CREATE INDEX "patient_names_name_trgm_idx" ON "patient_names" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "people_display_name_trgm_idx" ON "people" USING GIN ("display_name" gin_trgm_ops);
