-- Follow-ups with an owner, a status and an outcome (docs/decisions/010).
ALTER TABLE "FollowUp" ADD COLUMN "ownerId" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "FollowUp" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'open';
ALTER TABLE "FollowUp" ADD COLUMN "outcome" TEXT;

-- Existing follow-ups: done when they were marked done, owned by whoever scheduled them.
UPDATE "FollowUp" SET "status" = 'done' WHERE "doneAt" IS NOT NULL;
UPDATE "FollowUp" SET "ownerId" = "createdById" WHERE "createdById" IN (SELECT "id" FROM "User");

-- CreateIndex
CREATE INDEX "FollowUp_ownerId_status_dueDate_idx" ON "FollowUp"("ownerId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "FollowUp_status_dueDate_idx" ON "FollowUp"("status", "dueDate");
