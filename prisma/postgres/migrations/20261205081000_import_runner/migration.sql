-- AlterTable
ALTER TABLE "ImportRun" ADD COLUMN     "runner" TEXT;
