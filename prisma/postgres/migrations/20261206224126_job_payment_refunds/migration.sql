-- AlterTable
ALTER TABLE "JobPayment" ADD COLUMN     "refundedAt" TIMESTAMP(3),
ADD COLUMN     "refundedById" TEXT,
ADD COLUMN     "refundedByName" TEXT;

