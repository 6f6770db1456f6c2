-- CreateTable
CREATE TABLE "Quote" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "number" TEXT NOT NULL,
    "clientId" INTEGER,
    "goldRateId" TEXT,
    "rates" TEXT NOT NULL,
    "ratesEffectiveAt" DATETIME NOT NULL,
    "subtotalFils" BIGINT NOT NULL,
    "vatFils" BIGINT NOT NULL,
    "exchangeCreditFils" BIGINT NOT NULL,
    "totalFils" BIGINT NOT NULL,
    "validUntil" DATETIME NOT NULL,
    "createdById" TEXT,
    "createdByName" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Quote_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "QuoteLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "quoteId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT,
    "category" TEXT,
    "karat" TEXT NOT NULL,
    "weightMg" INTEGER NOT NULL,
    "makingType" TEXT,
    "makingChargeFils" BIGINT,
    "stoneValueFils" BIGINT,
    "deductionBp" INTEGER,
    "metalValueFils" BIGINT NOT NULL,
    "makingFils" BIGINT NOT NULL DEFAULT 0,
    "lineTotalFils" BIGINT NOT NULL,
    "vatRateBp" INTEGER,
    CONSTRAINT "QuoteLine_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "Quote" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "QuoteCounter" (
    "year" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "last" INTEGER NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ItemCategory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameAr" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL,
    "wornOn" TEXT NOT NULL DEFAULT '',
    "priceFromFils" BIGINT,
    "investmentGold" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_ItemCategory" ("active", "createdAt", "id", "key", "name", "nameAr", "position", "priceFromFils", "updatedAt", "wornOn") SELECT "active", "createdAt", "id", "key", "name", "nameAr", "position", "priceFromFils", "updatedAt", "wornOn" FROM "ItemCategory";
DROP TABLE "ItemCategory";
ALTER TABLE "new_ItemCategory" RENAME TO "ItemCategory";
CREATE UNIQUE INDEX "ItemCategory_key_key" ON "ItemCategory"("key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Quote_number_key" ON "Quote"("number");

-- CreateIndex
CREATE INDEX "Quote_clientId_createdAt_idx" ON "Quote"("clientId", "createdAt");

-- CreateIndex
CREATE INDEX "QuoteLine_quoteId_position_idx" ON "QuoteLine"("quoteId", "position");


-- The shipped "Coin / bar" category is investment gold (a 24K line of it is zero-rated for VAT on a quote).
UPDATE "ItemCategory" SET "investmentGold" = true WHERE "key" = 'coin_bar';
