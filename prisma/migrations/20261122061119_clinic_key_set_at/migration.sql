-- AlterTable
ALTER TABLE "clinics" ADD COLUMN     "clinic_key_set_at" TIMESTAMP(3);
