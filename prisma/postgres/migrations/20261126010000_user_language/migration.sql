-- AlterTable
ALTER TABLE "User" ADD COLUMN     "language" TEXT;

