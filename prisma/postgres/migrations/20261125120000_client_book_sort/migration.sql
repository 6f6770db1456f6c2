-- DropIndex
DROP INDEX "Customer_deletedAt_lastPurchaseDate_idx";

-- DropIndex
DROP INDEX "Customer_deletedAt_birthMonthDay_idx";

-- DropIndex
DROP INDEX "Customer_ownerId_deletedAt_idx";

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "nameSortKey" TEXT NOT NULL DEFAULT '';

-- The name the book sorts by, for every existing client: see prisma/migrations/20261125120000_client_book_sort.
UPDATE "Customer" SET "nameSortKey" = lower(trim("fullName"));

-- CreateIndex
CREATE INDEX "Customer_deletedAt_nameSortKey_id_idx" ON "Customer"("deletedAt", "nameSortKey", "id");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_totalSalesFils_id_idx" ON "Customer"("deletedAt", "totalSalesFils", "id");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_lastPurchaseDate_id_idx" ON "Customer"("deletedAt", "lastPurchaseDate", "id");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_birthMonthDay_id_idx" ON "Customer"("deletedAt", "birthMonthDay", "id");

-- CreateIndex
CREATE INDEX "Customer_ownerId_deletedAt_id_idx" ON "Customer"("ownerId", "deletedAt", "id");

