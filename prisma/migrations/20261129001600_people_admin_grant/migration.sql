-- AlterTable
ALTER TABLE "people" ADD COLUMN     "admin_grant_at" TIMESTAMP(3),
ADD COLUMN     "admin_grant_by_id" TEXT;
