-- Admin rights now follow the platform (staff role "Clinic admin") unless an admin overrides them; rights
-- given before this by the "first sign-in" rule are recomputed at each person's next sign-in or directory
-- refresh, never leaving a clinic without an admin (lib/auth/admin-rights.ts).
-- CreateEnum
CREATE TYPE "PersonSource" AS ENUM ('platform', 'self', 'event');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "admin_override" BOOLEAN,
ADD COLUMN     "admin_override_at" TIMESTAMP(3),
ADD COLUMN     "admin_override_by_id" TEXT;

-- CreateTable
CREATE TABLE "people" (
    "clinic_id" TEXT NOT NULL,
    "platform_user_id" TEXT NOT NULL,
    "type" "PlatformUserType" NOT NULL,
    "first_name" TEXT,
    "last_name" TEXT,
    "display_name" TEXT NOT NULL,
    "email" TEXT,
    "role" TEXT,
    "source" "PersonSource" NOT NULL,
    "listed" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "people_pkey" PRIMARY KEY ("clinic_id","platform_user_id")
);

-- CreateTable
CREATE TABLE "patient_names" (
    "clinic_id" TEXT NOT NULL,
    "patient_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "as_of" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "patient_names_pkey" PRIMARY KEY ("clinic_id","patient_id")
);

-- Patients' names from the events already stored (the newest event of each patient wins).
INSERT INTO "patient_names" ("clinic_id", "patient_id", "name", "as_of")
SELECT DISTINCT ON (clinic_id, data->'patient'->>'id')
  clinic_id, data->'patient'->>'id',
  btrim(coalesce(data->'patient'->>'first_name', '') || ' ' || coalesce(data->'patient'->>'last_name', '')),
  created_at
FROM "events"
WHERE category = 'patients' AND jsonb_typeof(data->'patient'->'id') = 'string'
  AND btrim(coalesce(data->'patient'->>'first_name', '') || ' ' || coalesce(data->'patient'->>'last_name', '')) <> ''
ORDER BY clinic_id, data->'patient'->>'id', created_at DESC;
