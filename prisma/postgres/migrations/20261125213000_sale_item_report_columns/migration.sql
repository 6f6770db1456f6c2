-- The sales report by category reads items alone (docs/decisions/018-sales-report.md): each item
-- gets its sale's day and void state and whether it is its sale's first of its category. Items
-- stored before take them from their sales here.

-- DropIndex
DROP INDEX "SaleItem_saleId_category_priceFils_idx";

-- AlterTable
ALTER TABLE "SaleItem" ADD COLUMN     "firstOfCategory" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "saleDate" TIMESTAMP(3),
ADD COLUMN     "saleVoided" BOOLEAN NOT NULL DEFAULT false;

UPDATE "SaleItem" AS i SET "saleDate" = s."saleDate", "saleVoided" = s."voidedAt" IS NOT NULL
FROM "Sale" AS s WHERE s."id" = i."saleId";

UPDATE "SaleItem" SET "firstOfCategory" = false
WHERE EXISTS (
  SELECT 1 FROM "SaleItem" AS "earlier"
  WHERE "earlier"."saleId" = "SaleItem"."saleId"
    AND "earlier"."category" = "SaleItem"."category"
    AND "earlier"."position" < "SaleItem"."position"
);

ALTER TABLE "SaleItem" ALTER COLUMN "saleDate" SET NOT NULL;

-- CreateIndex
CREATE INDEX "SaleItem_saleVoided_category_saleDate_priceFils_firstOfCate_idx" ON "SaleItem"("saleVoided", "category", "saleDate", "priceFils", "firstOfCategory", "position");
