-- A job's photos (docs/decisions/044-job-bag.md): the row names the file under JOB_PHOTOS_DIR, the bytes stay on disk
CREATE TABLE "JobPhoto" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "fileName" TEXT NOT NULL,
    "storedName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "uploadedById" TEXT,
    "uploadedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JobPhoto_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "JobPhoto_storedName_key" ON "JobPhoto"("storedName");
CREATE INDEX "JobPhoto_jobId_idx" ON "JobPhoto"("jobId");
