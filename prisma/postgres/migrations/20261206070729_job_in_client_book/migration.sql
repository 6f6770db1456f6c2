-- DropIndex
DROP INDEX "Job_status_promisedDate_idx";

-- DropIndex
DROP INDEX "Job_type_status_idx";

-- DropIndex
DROP INDEX "Job_status_readyAt_idx";

-- DropIndex
DROP INDEX "Job_takenById_status_promisedDate_idx";

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "inClientBook" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "Job_inClientBook_promisedDate_id_idx" ON "Job"("inClientBook", "promisedDate", "id");

-- CreateIndex
CREATE INDEX "Job_inClientBook_status_promisedDate_idx" ON "Job"("inClientBook", "status", "promisedDate");

-- CreateIndex
CREATE INDEX "Job_inClientBook_type_status_promisedDate_idx" ON "Job"("inClientBook", "type", "status", "promisedDate");

-- CreateIndex
CREATE INDEX "Job_inClientBook_showroom_status_promisedDate_idx" ON "Job"("inClientBook", "showroom", "status", "promisedDate");

-- CreateIndex
CREATE INDEX "Job_inClientBook_status_readyAt_idx" ON "Job"("inClientBook", "status", "readyAt");

-- CreateIndex
CREATE INDEX "Job_takenById_inClientBook_status_promisedDate_idx" ON "Job"("takenById", "inClientBook", "status", "promisedDate");


-- The jobs of clients already deleted, as the SQLite migration sets them (added by hand: a schema diff has no data step).
UPDATE "Job" SET "inClientBook" = false WHERE "customerId" IN (SELECT "id" FROM "Customer" WHERE "deletedAt" IS NOT NULL);
