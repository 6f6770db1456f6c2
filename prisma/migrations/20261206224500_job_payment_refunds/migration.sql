-- A cancelled job's payments are refunded whole, once, by the closing roles (issue #45 item 6).
ALTER TABLE "JobPayment" ADD COLUMN "refundedAt" DATETIME;
ALTER TABLE "JobPayment" ADD COLUMN "refundedById" TEXT;
ALTER TABLE "JobPayment" ADD COLUMN "refundedByName" TEXT;
