-- CreateEnum
CREATE TYPE "PlatformUserType" AS ENUM ('Practitioner', 'Staff');

-- CreateEnum
CREATE TYPE "ConnectionState" AS ENUM ('connected', 'broken', 'revoked');

-- CreateEnum
CREATE TYPE "EventSource" AS ENUM ('webhook', 'reconciliation');

-- CreateEnum
CREATE TYPE "ReconciliationTrigger" AS ENUM ('schedule', 'manual');

-- CreateEnum
CREATE TYPE "ReconciliationStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "clinics" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "integration_id" TEXT,
    "clinic_key_enc" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "clinics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "platform_user_id" TEXT NOT NULL,
    "platform_user_type" "PlatformUserType" NOT NULL,
    "name" TEXT,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_sign_in_at" TIMESTAMP(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "platform_connections" (
    "id" TEXT NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "user_id" TEXT,
    "clinic_level_for" TEXT,
    "platform_user_id" TEXT NOT NULL,
    "platform_user_type" "PlatformUserType" NOT NULL,
    "connected_by_id" TEXT,
    "access_token_enc" TEXT NOT NULL,
    "refresh_token_enc" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "scope" TEXT,
    "state" "ConnectionState" NOT NULL DEFAULT 'connected',
    "state_reason" TEXT,
    "connected_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_refresh_at" TIMESTAMP(3),
    "refresh_count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "platform_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" TEXT NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "integration_id" TEXT,
    "type" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" "EventSource" NOT NULL,
    "data" JSONB NOT NULL,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_receipts" (
    "id" TEXT NOT NULL,
    "event_id" TEXT,
    "clinic_id" TEXT,
    "duplicate" BOOLEAN NOT NULL DEFAULT false,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_receipts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_daily_counts" (
    "clinic_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "category" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "event_daily_counts_pkey" PRIMARY KEY ("clinic_id","day","category")
);

-- CreateTable
CREATE TABLE "reconciliation_runs" (
    "id" TEXT NOT NULL,
    "clinic_id" TEXT NOT NULL,
    "trigger" "ReconciliationTrigger" NOT NULL,
    "status" "ReconciliationStatus" NOT NULL DEFAULT 'queued',
    "requested_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "steps_done" INTEGER NOT NULL DEFAULT 0,
    "steps_total" INTEGER NOT NULL DEFAULT 7,
    "pages_done" INTEGER NOT NULL DEFAULT 0,
    "pages_total" INTEGER NOT NULL DEFAULT 0,
    "fetched" INTEGER NOT NULL DEFAULT 0,
    "inserted" INTEGER NOT NULL DEFAULT 0,
    "failed_deliveries" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,

    CONSTRAINT "reconciliation_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reconciliation_cursors" (
    "clinic_id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "last_created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reconciliation_cursors_pkey" PRIMARY KEY ("clinic_id","category")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_clinic_id_platform_user_id_key" ON "users"("clinic_id", "platform_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "platform_connections_user_id_key" ON "platform_connections"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "platform_connections_clinic_level_for_key" ON "platform_connections"("clinic_level_for");

-- CreateIndex
CREATE INDEX "platform_connections_clinic_id_idx" ON "platform_connections"("clinic_id");

-- CreateIndex
CREATE INDEX "events_clinic_id_created_at_idx" ON "events"("clinic_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "events_clinic_id_category_created_at_idx" ON "events"("clinic_id", "category", "created_at" DESC);

-- CreateIndex
CREATE INDEX "events_clinic_id_received_at_idx" ON "events"("clinic_id", "received_at" DESC);

-- CreateIndex
CREATE INDEX "events_processed_at_idx" ON "events"("processed_at");

-- CreateIndex
CREATE INDEX "webhook_receipts_received_at_idx" ON "webhook_receipts"("received_at");

-- CreateIndex
CREATE INDEX "reconciliation_runs_clinic_id_requested_at_idx" ON "reconciliation_runs"("clinic_id", "requested_at" DESC);

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_clinic_id_fkey" FOREIGN KEY ("clinic_id") REFERENCES "clinics"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_clinic_id_fkey" FOREIGN KEY ("clinic_id") REFERENCES "clinics"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
