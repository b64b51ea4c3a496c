-- AlterTable
ALTER TABLE "events" ADD COLUMN     "data_issue" TEXT,
ADD COLUMN     "raw" TEXT;
