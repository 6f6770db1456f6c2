-- Clienteling: an owner per client, every contact as an interaction, and the latest contact kept on
-- the client so alerts and leads read it without a join (docs/decisions/010).
ALTER TABLE "Customer" ADD COLUMN "ownerId" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Customer" ADD COLUMN "lastContactAt" DATETIME;
ALTER TABLE "Customer" ADD COLUMN "lastContactType" TEXT;
ALTER TABLE "Customer" ADD COLUMN "lastContactById" TEXT;

-- Existing clients belong to whoever added them, while that person still works here.
UPDATE "Customer" SET "ownerId" = "createdById"
WHERE "createdById" IN (SELECT "id" FROM "User" WHERE "isActive" = true);

-- CreateTable
CREATE TABLE "ClientInteraction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "customerId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "note" TEXT,
    "outcome" TEXT,
    "at" DATETIME NOT NULL,
    "userId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ClientInteraction_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ClientInteraction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Customer_ownerId_deletedAt_idx" ON "Customer"("ownerId", "deletedAt");

-- CreateIndex
CREATE INDEX "Customer_deletedAt_lastContactAt_idx" ON "Customer"("deletedAt", "lastContactAt");

-- CreateIndex
CREATE INDEX "ClientInteraction_customerId_at_idx" ON "ClientInteraction"("customerId", "at");

-- CreateIndex
CREATE INDEX "ClientInteraction_userId_at_idx" ON "ClientInteraction"("userId", "at");
