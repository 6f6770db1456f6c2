-- Client preferences and family occasions (docs/decisions/019-client-preferences-and-family-occasions.md).
-- Columns are added in place: nullable, so no row is rewritten.
ALTER TABLE "Customer" ADD COLUMN "ringSize" TEXT;
ALTER TABLE "Customer" ADD COLUMN "bangleSize" TEXT;
ALTER TABLE "Customer" ADD COLUMN "preferredMetals" TEXT;
ALTER TABLE "Customer" ADD COLUMN "preferredStones" TEXT;
ALTER TABLE "Customer" ADD COLUMN "styles" TEXT;
ALTER TABLE "Customer" ADD COLUMN "budgetBand" TEXT;

-- CreateTable
CREATE TABLE "ClientFamilyMember" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "clientId" INTEGER NOT NULL,
    "relation" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "birthDate" DATETIME,
    "birthMonthDay" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ClientFamilyMember_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ClientFamilyMember_clientId_idx" ON "ClientFamilyMember"("clientId");

-- CreateIndex
CREATE INDEX "ClientFamilyMember_birthMonthDay_clientId_birthDate_idx" ON "ClientFamilyMember"("birthMonthDay", "clientId", "birthDate");

-- CreateIndex
CREATE INDEX "Customer_id_deletedAt_idx" ON "Customer"("id", "deletedAt");
