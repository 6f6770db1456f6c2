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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_ItemCategory" ("active", "createdAt", "id", "key", "name", "nameAr", "position", "updatedAt") SELECT "active", "createdAt", "id", "key", "name", "nameAr", "position", "updatedAt" FROM "ItemCategory";
DROP TABLE "ItemCategory";
ALTER TABLE "new_ItemCategory" RENAME TO "ItemCategory";
CREATE UNIQUE INDEX "ItemCategory_key_key" ON "ItemCategory"("key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Where today's categories are worn and where a plain gold piece of each starts (the lead recommendations'
-- rules before they were Shop settings, docs/decisions/041-shop-lists-as-data.md).
UPDATE "ItemCategory" SET "wornOn" = 'neck', "priceFromFils" = 800000 WHERE "key" = 'necklace';
UPDATE "ItemCategory" SET "wornOn" = 'neck', "priceFromFils" = 150000 WHERE "key" = 'pendant';
UPDATE "ItemCategory" SET "wornOn" = 'neck,ears' WHERE "key" = 'set';
UPDATE "ItemCategory" SET "wornOn" = 'ears', "priceFromFils" = 150000 WHERE "key" = 'earrings';
UPDATE "ItemCategory" SET "wornOn" = 'wrist', "priceFromFils" = 600000 WHERE "key" = 'bangle';
UPDATE "ItemCategory" SET "wornOn" = 'wrist', "priceFromFils" = 350000 WHERE "key" = 'bracelet';
UPDATE "ItemCategory" SET "wornOn" = 'finger', "priceFromFils" = 200000 WHERE "key" = 'ring';
