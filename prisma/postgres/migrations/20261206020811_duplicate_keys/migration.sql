-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "dupArabicNameKey" TEXT,
ADD COLUMN     "dupEmailKey" TEXT,
ADD COLUMN     "dupEmiratesIdKey" TEXT,
ADD COLUMN     "dupKeysVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "dupNameKey" TEXT;

-- CreateTable
CREATE TABLE "ClientDuplicatePair" (
    "id" SERIAL NOT NULL,
    "lowCustomerId" INTEGER NOT NULL,
    "highCustomerId" INTEGER NOT NULL,
    "reasons" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "dismissedAt" TIMESTAMP(3),
    "dismissedById" TEXT,

    CONSTRAINT "ClientDuplicatePair_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ClientDuplicatePair_highCustomerId_idx" ON "ClientDuplicatePair"("highCustomerId");

-- CreateIndex
CREATE INDEX "ClientDuplicatePair_dismissedAt_score_id_idx" ON "ClientDuplicatePair"("dismissedAt", "score", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ClientDuplicatePair_lowCustomerId_highCustomerId_key" ON "ClientDuplicatePair"("lowCustomerId", "highCustomerId");

-- CreateIndex
CREATE INDEX "Customer_dupEmiratesIdKey_idx" ON "Customer"("dupEmiratesIdKey");

-- CreateIndex
CREATE INDEX "Customer_dupEmailKey_idx" ON "Customer"("dupEmailKey");

-- CreateIndex
CREATE INDEX "Customer_dupNameKey_idx" ON "Customer"("dupNameKey");

-- CreateIndex
CREATE INDEX "Customer_dupArabicNameKey_idx" ON "Customer"("dupArabicNameKey");

-- CreateIndex
CREATE INDEX "Customer_dupKeysVersion_idx" ON "Customer"("dupKeysVersion");

-- AddForeignKey
ALTER TABLE "ClientDuplicatePair" ADD CONSTRAINT "ClientDuplicatePair_lowCustomerId_fkey" FOREIGN KEY ("lowCustomerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClientDuplicatePair" ADD CONSTRAINT "ClientDuplicatePair_highCustomerId_fkey" FOREIGN KEY ("highCustomerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

