-- The timeline's free-text search (`data::text ILIKE '%…%'`, case-insensitive, anywhere in the
-- event) read every event of the clinic. Trigram indexes answer the same ILIKE from the index, so a
-- search over a million events costs what its matches cost. Expression indexes are not expressible
-- in schema.prisma, hence hand-written here (the schema diff ignores them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "events_data_text_trgm_idx" ON "events" USING gin ((data::text) gin_trgm_ops);
CREATE INDEX "events_type_trgm_idx" ON "events" USING gin ("type" gin_trgm_ops);
