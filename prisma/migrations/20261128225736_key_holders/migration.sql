-- CreateTable
CREATE TABLE "key_holders" (
    "process_id" TEXT NOT NULL,
    "keys" TEXT[],
    "seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "key_holders_pkey" PRIMARY KEY ("process_id")
);

-- CreateIndex
CREATE INDEX "key_holders_seen_at_idx" ON "key_holders"("seen_at");
