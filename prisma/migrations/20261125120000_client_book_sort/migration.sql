-- Sorting the client book (docs/decisions/017-client-book-sort-and-export.md).
-- The name the book sorts by, lower-cased, filled in for every existing client; the app keeps it in
-- step on every write (clientDerivedFields). SQLite's lower() folds ASCII letters only: a name with
-- another capital letter gets its full key at its next edit.
ALTER TABLE "Customer" ADD COLUMN "nameSortKey" TEXT NOT NULL DEFAULT '';
UPDATE "Customer" SET "nameSortKey" = lower(trim("fullName"));

-- Every sort key's index ends with the id, the tiebreaker (SQLite keeps the id in every index
-- anyway; PostgreSQL needs it named to read a sorted page straight from the index).
DROP INDEX "Customer_deletedAt_lastPurchaseDate_idx";
DROP INDEX "Customer_deletedAt_birthMonthDay_idx";
DROP INDEX "Customer_ownerId_deletedAt_idx";

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
