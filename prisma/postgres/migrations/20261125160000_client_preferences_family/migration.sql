-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "bangleSize" TEXT,
ADD COLUMN     "budgetBand" TEXT,
ADD COLUMN     "preferredMetals" TEXT,
ADD COLUMN     "preferredStones" TEXT,
ADD COLUMN     "ringSize" TEXT,
ADD COLUMN     "styles" TEXT;

-- CreateTable
CREATE TABLE "ClientFamilyMember" (
    "id" SERIAL NOT NULL,
    "clientId" INTEGER NOT NULL,
    "relation" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "birthDate" TIMESTAMP(3),
    "birthMonthDay" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClientFamilyMember_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ClientFamilyMember_clientId_idx" ON "ClientFamilyMember"("clientId");

-- CreateIndex
CREATE INDEX "ClientFamilyMember_birthMonthDay_clientId_birthDate_idx" ON "ClientFamilyMember"("birthMonthDay", "clientId", "birthDate");

-- CreateIndex
CREATE INDEX "Customer_id_deletedAt_idx" ON "Customer"("id", "deletedAt");

-- AddForeignKey
ALTER TABLE "ClientFamilyMember" ADD CONSTRAINT "ClientFamilyMember_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

