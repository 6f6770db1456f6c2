-- CreateTable
CREATE TABLE "GoldRate" (
    "id" TEXT NOT NULL,
    "effectiveAt" TIMESTAMP(3) NOT NULL,
    "karat24Fils" BIGINT NOT NULL,
    "karat22Fils" BIGINT NOT NULL,
    "karat21Fils" BIGINT NOT NULL,
    "karat18Fils" BIGINT NOT NULL,
    "platinumFils" BIGINT,
    "silverFils" BIGINT,
    "enteredById" TEXT,
    "enteredByName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoldRate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GoldRate_effectiveAt_createdAt_idx" ON "GoldRate"("effectiveAt", "createdAt");

