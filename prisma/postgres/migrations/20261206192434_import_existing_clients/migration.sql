-- AlterTable
ALTER TABLE "ImportRun" ADD COLUMN     "existing" TEXT NOT NULL DEFAULT 'skip',
ADD COLUMN     "possibleDuplicates" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "possibleDuplicatesJson" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "updated" INTEGER NOT NULL DEFAULT 0;

