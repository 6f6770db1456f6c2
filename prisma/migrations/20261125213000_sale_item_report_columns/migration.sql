-- The sales report by category reads items alone (docs/decisions/018-sales-report.md): each item
-- gets its sale's day and void state and whether it is its sale's first of its category. Items
-- stored before take them from their sales here. SQLite adds a NOT NULL column without a default
-- only by rebuilding the table.

-- DropIndex
DROP INDEX "SaleItem_saleId_category_priceFils_idx";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SaleItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "saleId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "metal" TEXT NOT NULL DEFAULT 'none',
    "karat" TEXT NOT NULL DEFAULT 'none',
    "weightMg" INTEGER,
    "stone" TEXT NOT NULL DEFAULT 'none',
    "stoneCaratPoints" INTEGER,
    "itemCode" TEXT,
    "certificateNo" TEXT,
    "priceFils" BIGINT NOT NULL,
    "saleDate" DATETIME NOT NULL,
    "saleVoided" BOOLEAN NOT NULL DEFAULT false,
    "firstOfCategory" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "SaleItem_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_SaleItem" ("id", "saleId", "position", "category", "metal", "karat", "weightMg", "stone", "stoneCaratPoints", "itemCode", "certificateNo", "priceFils", "saleDate", "saleVoided", "firstOfCategory")
SELECT i."id", i."saleId", i."position", i."category", i."metal", i."karat", i."weightMg", i."stone", i."stoneCaratPoints", i."itemCode", i."certificateNo", i."priceFils",
  s."saleDate", s."voidedAt" IS NOT NULL,
  NOT EXISTS (
    SELECT 1 FROM "SaleItem" AS "earlier"
    WHERE "earlier"."saleId" = i."saleId" AND "earlier"."category" = i."category" AND "earlier"."position" < i."position"
  )
FROM "SaleItem" AS i JOIN "Sale" AS s ON s."id" = i."saleId";
DROP TABLE "SaleItem";
ALTER TABLE "new_SaleItem" RENAME TO "SaleItem";
CREATE INDEX "SaleItem_saleId_position_idx" ON "SaleItem"("saleId", "position");
CREATE INDEX "SaleItem_category_idx" ON "SaleItem"("category");
CREATE INDEX "SaleItem_saleVoided_category_saleDate_priceFils_firstOfCategory_position_idx" ON "SaleItem"("saleVoided", "category", "saleDate", "priceFils", "firstOfCategory", "position");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
