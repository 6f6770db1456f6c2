-- AlterTable
ALTER TABLE "User" ADD COLUMN     "numerals" TEXT;

