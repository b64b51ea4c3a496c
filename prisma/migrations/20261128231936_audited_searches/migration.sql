-- CreateTable
CREATE TABLE "audited_searches" (
    "key" TEXT NOT NULL,
    "seen_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "audited_searches_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "audited_searches_seen_at_idx" ON "audited_searches"("seen_at");
