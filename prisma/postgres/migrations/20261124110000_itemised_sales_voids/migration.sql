-- AlterTable
ALTER TABLE "Sale" ADD COLUMN     "invoiceNo" TEXT,
ADD COLUMN     "liveInvoiceNo" TEXT,
ADD COLUMN     "showroom" TEXT,
ADD COLUMN     "soldById" TEXT,
ADD COLUMN     "voidReason" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3),
ADD COLUMN     "voidedById" TEXT;

-- CreateTable
CREATE TABLE "SaleItem" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "SaleItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SaleItem_saleId_position_idx" ON "SaleItem"("saleId", "position");

-- CreateIndex
CREATE INDEX "SaleItem_category_idx" ON "SaleItem"("category");

-- CreateIndex
CREATE INDEX "Sale_customerId_voidedAt_saleDate_amountFils_idx" ON "Sale"("customerId", "voidedAt", "saleDate", "amountFils");

-- CreateIndex
CREATE INDEX "Sale_soldById_saleDate_idx" ON "Sale"("soldById", "saleDate");

-- CreateIndex
CREATE UNIQUE INDEX "Sale_showroom_liveInvoiceNo_key" ON "Sale"("showroom", "liveInvoiceNo");

-- AddForeignKey
ALTER TABLE "Sale" ADD CONSTRAINT "Sale_soldById_fkey" FOREIGN KEY ("soldById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SaleItem" ADD CONSTRAINT "SaleItem_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Existing sales were sold by whoever recorded them, when that user still exists.
UPDATE "Sale" SET "soldById" = "createdById" WHERE "createdById" IN (SELECT "id" FROM "User");
