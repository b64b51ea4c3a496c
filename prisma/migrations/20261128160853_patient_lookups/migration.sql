-- CreateTable
CREATE TABLE "patient_lookups" (
    "clinic_id" TEXT NOT NULL,
    "patient_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL,
    "last_outcome" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "settled_at" TIMESTAMP(3),

    CONSTRAINT "patient_lookups_pkey" PRIMARY KEY ("clinic_id","patient_id")
);

-- CreateIndex
CREATE INDEX "patient_lookups_state_next_attempt_at_idx" ON "patient_lookups"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "patient_lookups_clinic_id_settled_at_idx" ON "patient_lookups"("clinic_id", "settled_at");
