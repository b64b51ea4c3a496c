-- A practitioner's treatment plans (the Treatment plans list and the home page's active plans,
-- lib/patients/practitioner-plans.ts) are read from the clinic's plan events by the practitioner the
-- event names. Without an index that read went through every plan event of the clinic, 180 ms at a
-- million events. An expression index is not expressible in schema.prisma, hence hand-written here
-- (the schema diff ignores it); the expression is the query's own, word for word.
CREATE INDEX "events_plan_practitioner_idx" ON "events" (
  "clinic_id",
  (COALESCE(data->'treatment_plan'->'practitioner'->>'id', data->'treatment_plan'->>'practitioner_id')),
  "created_at" DESC
) WHERE "category" = 'treatment_plans';
