-- CreateTable
CREATE TABLE "audit_entries" (
    "clinic_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "actor_user_id" TEXT,
    "actor_label" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("clinic_id","seq")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" TEXT NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "open_key" TEXT,
    "kind" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "opened_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stage_changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "notified_stage" TEXT,
    "emailed_stage" TEXT,
    "email_problem" TEXT,
    "acknowledged_at" TIMESTAMP(3),
    "acknowledged_by_id" TEXT,
    "resolved_at" TIMESTAMP(3),

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_recipients" (
    "user_id" TEXT NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "alert_recipients_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "audit_entries_clinic_id_at_idx" ON "audit_entries"("clinic_id", "at" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_clinic_id_actor_user_id_at_idx" ON "audit_entries"("clinic_id", "actor_user_id", "at" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_clinic_id_action_at_idx" ON "audit_entries"("clinic_id", "action", "at" DESC);

-- CreateIndex
CREATE INDEX "alerts_clinic_id_resolved_at_idx" ON "alerts"("clinic_id", "resolved_at");

-- CreateIndex
CREATE UNIQUE INDEX "alerts_clinic_id_open_key_key" ON "alerts"("clinic_id", "open_key");

-- CreateIndex
CREATE INDEX "alert_recipients_clinic_id_idx" ON "alert_recipients"("clinic_id");

-- The audit trail is append-only: no UPDATE ever, and DELETE only from the retention job, which says
-- so for its own transaction (SET LOCAL clinic_connect.audit_retention = 'on'). This keeps the app's
-- own code honest; someone with the database's owner rights can still get round it, and the hash
-- chain is what shows that they did.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('clinic_connect.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP;
END;
$$;

CREATE TRIGGER "audit_entries_append_only"
BEFORE UPDATE OR DELETE ON "audit_entries"
FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();

CREATE TRIGGER "audit_entries_no_truncate"
BEFORE TRUNCATE ON "audit_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
