-- AlterTable
ALTER TABLE "ItemCategory" ADD COLUMN     "priceFromFils" BIGINT,
ADD COLUMN     "wornOn" TEXT NOT NULL DEFAULT '';


-- Where today's categories are worn and where a plain gold piece of each starts (the lead recommendations'
-- rules before they were Shop settings, docs/decisions/041-shop-lists-as-data.md).
UPDATE "ItemCategory" SET "wornOn" = 'neck', "priceFromFils" = 800000 WHERE "key" = 'necklace';
UPDATE "ItemCategory" SET "wornOn" = 'neck', "priceFromFils" = 150000 WHERE "key" = 'pendant';
UPDATE "ItemCategory" SET "wornOn" = 'neck,ears' WHERE "key" = 'set';
UPDATE "ItemCategory" SET "wornOn" = 'ears', "priceFromFils" = 150000 WHERE "key" = 'earrings';
UPDATE "ItemCategory" SET "wornOn" = 'wrist', "priceFromFils" = 600000 WHERE "key" = 'bangle';
UPDATE "ItemCategory" SET "wornOn" = 'wrist', "priceFromFils" = 350000 WHERE "key" = 'bracelet';
UPDATE "ItemCategory" SET "wornOn" = 'finger', "priceFromFils" = 200000 WHERE "key" = 'ring';
