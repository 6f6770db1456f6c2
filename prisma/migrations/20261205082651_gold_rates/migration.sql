-- CreateTable
CREATE TABLE "GoldRate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "effectiveAt" DATETIME NOT NULL,
    "karat24Fils" BIGINT NOT NULL,
    "karat22Fils" BIGINT NOT NULL,
    "karat21Fils" BIGINT NOT NULL,
    "karat18Fils" BIGINT NOT NULL,
    "platinumFils" BIGINT,
    "silverFils" BIGINT,
    "enteredById" TEXT,
    "enteredByName" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "GoldRate_effectiveAt_createdAt_idx" ON "GoldRate"("effectiveAt", "createdAt");

