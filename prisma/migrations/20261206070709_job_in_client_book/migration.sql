-- Jobs say whether their client is in the book, so the job lists and counts read their own indexes
-- rather than joining each job to its client (docs/decisions/044-job-bag.md).
ALTER TABLE "Job" ADD COLUMN "inClientBook" BOOLEAN NOT NULL DEFAULT true;
UPDATE "Job" SET "inClientBook" = false WHERE "customerId" IN (SELECT "id" FROM "Customer" WHERE "deletedAt" IS NOT NULL);

DROP INDEX "Job_status_promisedDate_idx";
DROP INDEX "Job_type_status_idx";
DROP INDEX "Job_status_readyAt_idx";
DROP INDEX "Job_takenById_status_promisedDate_idx";
CREATE INDEX "Job_inClientBook_promisedDate_id_idx" ON "Job"("inClientBook", "promisedDate", "id");
CREATE INDEX "Job_inClientBook_status_promisedDate_idx" ON "Job"("inClientBook", "status", "promisedDate");
CREATE INDEX "Job_inClientBook_type_status_promisedDate_idx" ON "Job"("inClientBook", "type", "status", "promisedDate");
CREATE INDEX "Job_inClientBook_showroom_status_promisedDate_idx" ON "Job"("inClientBook", "showroom", "status", "promisedDate");
CREATE INDEX "Job_inClientBook_status_readyAt_idx" ON "Job"("inClientBook", "status", "readyAt");
CREATE INDEX "Job_takenById_inClientBook_status_promisedDate_idx" ON "Job"("takenById", "inClientBook", "status", "promisedDate");
