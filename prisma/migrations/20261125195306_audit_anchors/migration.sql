-- CreateTable
CREATE TABLE "audit_anchors" (
    "id" BIGSERIAL NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_anchors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_anchors_clinic_id_seq_idx" ON "audit_anchors"("clinic_id", "seq");

-- A tail cut had been silent: any session could set the retention flag and delete the newest entries,
-- or all of a clinic's, and the chain that was left still verified. Now the flag is gone, and an entry
-- can only be deleted once it is past the shortest retention the app allows (365 days, as
-- AUDIT_RETENTION_DAYS) AND a "removal" anchor covers it, which the retention job writes first and
-- which stays (below). So nobody with the app's rights can remove anything younger than a year, nor
-- remove anything unrecorded; getting round this takes the table owner's right to disable triggers,
-- and the "head" anchors are what show that it was used. Times are UTC, as the app writes them.
CREATE OR REPLACE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."at" < (now() AT TIME ZONE 'UTC') - interval '365 days' AND EXISTS (
      SELECT 1 FROM "audit_anchors" a
       WHERE a."clinic_id" = OLD."clinic_id" AND a."kind" = 'removal' AND a."seq" >= OLD."seq"
    ) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit entries are append-only: entry #% of % is not a retention removal (DELETE refused)',
      OLD."seq", OLD."clinic_id";
  END IF;
  RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP;
END;
$$;

-- Anchors are append-only too, and a new one must name an entry the chain holds, with its hash
-- (a removal anchor: one past the 365-day floor), so a false anchor cannot be written; its time is
-- the database's, not the writer's.
CREATE FUNCTION "audit_anchors_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'audit anchors are append-only (% refused)', TG_OP;
  END IF;
  IF NEW."kind" NOT IN ('head', 'removal') OR NOT EXISTS (
    SELECT 1 FROM "audit_entries" e
     WHERE e."clinic_id" = NEW."clinic_id" AND e."seq" = NEW."seq" AND e."hash" = NEW."hash"
       AND (NEW."kind" = 'head' OR e."at" < (now() AT TIME ZONE 'UTC') - interval '365 days')
  ) THEN
    RAISE EXCEPTION 'an audit anchor must name an entry of the chain (% #% %, INSERT refused)',
      NEW."clinic_id", NEW."seq", NEW."kind";
  END IF;
  NEW."at" := now() AT TIME ZONE 'UTC';
  RETURN NEW;
END;
$$;

CREATE TRIGGER "audit_anchors_checked"
BEFORE INSERT OR UPDATE OR DELETE ON "audit_anchors"
FOR EACH ROW EXECUTE FUNCTION "audit_anchors_checked"();

CREATE TRIGGER "audit_anchors_no_truncate"
BEFORE TRUNCATE ON "audit_anchors"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_anchors_checked"();
