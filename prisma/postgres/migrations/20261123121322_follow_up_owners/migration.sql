-- AlterTable
ALTER TABLE "FollowUp" ADD COLUMN     "outcome" TEXT,
ADD COLUMN     "ownerId" TEXT,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'open';

-- CreateIndex
CREATE INDEX "FollowUp_ownerId_status_dueDate_idx" ON "FollowUp"("ownerId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "FollowUp_status_dueDate_idx" ON "FollowUp"("status", "dueDate");

-- AddForeignKey
ALTER TABLE "FollowUp" ADD CONSTRAINT "FollowUp_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Existing follow-ups: done when they were marked done, owned by whoever scheduled them.
UPDATE "FollowUp" SET "status" = 'done' WHERE "doneAt" IS NOT NULL;
UPDATE "FollowUp" SET "ownerId" = "createdById" WHERE "createdById" IN (SELECT "id" FROM "User");
