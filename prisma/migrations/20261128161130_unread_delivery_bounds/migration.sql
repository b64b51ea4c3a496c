-- AlterTable
ALTER TABLE "unread_deliveries" ADD COLUMN     "bytes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "keys" TEXT;

-- CreateTable
CREATE TABLE "unread_delivery_drops" (
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "unread_delivery_drops_pkey" PRIMARY KEY ("day")
);
