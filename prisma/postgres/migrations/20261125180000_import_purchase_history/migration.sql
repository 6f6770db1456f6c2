-- AlterTable
ALTER TABLE "ImportRun" ADD COLUMN     "importedItems" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "importedSales" INTEGER NOT NULL DEFAULT 0;

