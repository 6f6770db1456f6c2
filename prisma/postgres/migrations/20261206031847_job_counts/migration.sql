-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "readyAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Job_status_readyAt_idx" ON "Job"("status", "readyAt");

-- CreateIndex
CREATE INDEX "Job_takenById_status_promisedDate_idx" ON "Job"("takenById", "status", "promisedDate");


-- Jobs already ready: the moment they became so, from their history.
UPDATE "Job" SET "readyAt" = (SELECT MAX("at") FROM "JobStatusChange" WHERE "JobStatusChange"."jobId" = "Job"."id" AND "JobStatusChange"."status" = 'ready') WHERE "status" = 'ready';
