-- CreateTable
CREATE TABLE "oauth_state_uses" (
    "state_hash" TEXT NOT NULL,
    "used_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_state_uses_pkey" PRIMARY KEY ("state_hash")
);

-- CreateIndex
CREATE INDEX "oauth_state_uses_used_at_idx" ON "oauth_state_uses"("used_at");
