-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "lastContactAt" TIMESTAMP(3),
ADD COLUMN     "lastContactById" TEXT,
ADD COLUMN     "lastContactType" TEXT,
ADD COLUMN     "ownerId" TEXT;

-- CreateTable
CREATE TABLE "ClientInteraction" (
    "id" TEXT NOT NULL,
    "customerId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "note" TEXT,
    "outcome" TEXT,
    "at" TIMESTAMP(3) NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClientInteraction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ClientInteraction_customerId_at_idx" ON "ClientInteraction"("customerId", "at");

-- CreateIndex
CREATE INDEX "ClientInteraction_userId_at_idx" ON "ClientInteraction"("userId", "at");

-- CreateIndex
CREATE INDEX "Customer_ownerId_deletedAt_idx" ON "Customer"("ownerId", "deletedAt");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_lastContactAt_idx" ON "Customer"("deletedAt", "lastContactAt");

-- AddForeignKey
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClientInteraction" ADD CONSTRAINT "ClientInteraction_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClientInteraction" ADD CONSTRAINT "ClientInteraction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Existing clients belong to whoever added them, while that person still works here.
UPDATE "Customer" SET "ownerId" = "createdById"
WHERE "createdById" IN (SELECT "id" FROM "User" WHERE "isActive" = true);
