-- CreateTable
CREATE TABLE "platform_quota" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "platform_quota_pkey" PRIMARY KEY ("key")
);
