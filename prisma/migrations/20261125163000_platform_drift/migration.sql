-- CreateEnum
CREATE TYPE "DriftSourceKind" AS ENUM ('event', 'endpoint');

-- CreateEnum
CREATE TYPE "DriftKind" AS ENUM ('unknown', 'missing');

-- CreateTable
CREATE TABLE "platform_drift" (
    "source_kind" "DriftSourceKind" NOT NULL,
    "source" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "kind" "DriftKind" NOT NULL,
    "first_seen" TIMESTAMP(3) NOT NULL,
    "last_seen" TIMESTAMP(3) NOT NULL,
    "count" BIGINT NOT NULL,

    CONSTRAINT "platform_drift_pkey" PRIMARY KEY ("source_kind","source","path","kind")
);
