-- Retention (docs/privacy.md "How long data is kept", docs/decisions/015-client-data-rights.md):
-- the periods an admin sets, and the lease that lets one app process run the daily job.
CREATE TABLE "RetentionSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "erasedAfterDays" INTEGER NOT NULL,
    "auditMonths" INTEGER NOT NULL,
    "contactNoteMonths" INTEGER,
    "updatedAt" DATETIME NOT NULL,
    "updatedById" TEXT
);

CREATE TABLE "JobLease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "lastRunDay" TEXT,
    "holder" TEXT,
    "heldUntil" DATETIME
);

-- The lease is taken by a conditional UPDATE, so its row must exist before any process asks.
INSERT INTO "JobLease" ("name") VALUES ('retention');

CREATE INDEX "Customer_erasedAt_deletedAt_idx" ON "Customer"("erasedAt", "deletedAt");
