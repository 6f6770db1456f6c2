-- CreateTable
CREATE TABLE "RetentionSettings" (
    "id" INTEGER NOT NULL,
    "erasedAfterDays" INTEGER NOT NULL,
    "auditMonths" INTEGER NOT NULL,
    "contactNoteMonths" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "RetentionSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobLease" (
    "name" TEXT NOT NULL,
    "lastRunDay" TEXT,
    "holder" TEXT,
    "heldUntil" TIMESTAMP(3),

    CONSTRAINT "JobLease_pkey" PRIMARY KEY ("name")
);

-- The retention job's lease row: see prisma/migrations/20261125100100_retention.
INSERT INTO "JobLease" ("name") VALUES ('retention');

-- CreateIndex
CREATE INDEX "Customer_erasedAt_deletedAt_idx" ON "Customer"("erasedAt", "deletedAt");

