-- A purchase-history import counts the sales and items it brought in
-- (docs/decisions/020-purchase-history-imports.md).
ALTER TABLE "ImportRun" ADD COLUMN "importedSales" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ImportRun" ADD COLUMN "importedItems" INTEGER NOT NULL DEFAULT 0;
