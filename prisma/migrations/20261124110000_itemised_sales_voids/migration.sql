-- Itemised sales that can be voided (docs/decisions/016-itemised-sales-and-voids.md).
-- Columns are added in place: the sales table is the largest, and rewriting it is not needed.
ALTER TABLE "Sale" ADD COLUMN "invoiceNo" TEXT;
ALTER TABLE "Sale" ADD COLUMN "showroom" TEXT;
ALTER TABLE "Sale" ADD COLUMN "liveInvoiceNo" TEXT;
ALTER TABLE "Sale" ADD COLUMN "soldById" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Sale" ADD COLUMN "voidedAt" DATETIME;
ALTER TABLE "Sale" ADD COLUMN "voidReason" TEXT;
ALTER TABLE "Sale" ADD COLUMN "voidedById" TEXT;

-- Existing sales were sold by whoever recorded them, when that user still exists.
UPDATE "Sale" SET "soldById" = "createdById" WHERE "createdById" IN (SELECT "id" FROM "User");

-- CreateTable
CREATE TABLE "SaleItem" (
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
    CONSTRAINT "SaleItem_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Sale_customerId_voidedAt_saleDate_amountFils_idx" ON "Sale"("customerId", "voidedAt", "saleDate", "amountFils");

-- CreateIndex
CREATE INDEX "Sale_soldById_saleDate_idx" ON "Sale"("soldById", "saleDate");

-- CreateIndex
CREATE UNIQUE INDEX "Sale_showroom_liveInvoiceNo_key" ON "Sale"("showroom", "liveInvoiceNo");

-- CreateIndex
CREATE INDEX "SaleItem_saleId_position_idx" ON "SaleItem"("saleId", "position");

-- CreateIndex
CREATE INDEX "SaleItem_category_idx" ON "SaleItem"("category");
