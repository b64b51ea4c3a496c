-- AlterTable
ALTER TABLE "clinics" ADD COLUMN     "clinic_key_refused_at" TIMESTAMP(3);
