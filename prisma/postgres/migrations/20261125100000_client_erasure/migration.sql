-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "erasedAt" TIMESTAMP(3),
ADD COLUMN     "erasedById" TEXT;

