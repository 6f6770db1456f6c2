-- CreateTable
CREATE TABLE "Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "number" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "customerId" INTEGER NOT NULL,
    "showroom" TEXT,
    "takenById" TEXT,
    "takenByName" TEXT NOT NULL,
    "takenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "promisedDate" DATETIME NOT NULL,
    "description" TEXT NOT NULL,
    "priceFils" BIGINT,
    "paidFils" BIGINT NOT NULL DEFAULT 0,
    "saleId" INTEGER,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Job_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "metal" TEXT NOT NULL DEFAULT 'none',
    "karat" TEXT NOT NULL DEFAULT 'none',
    "weightMg" INTEGER,
    "stone" TEXT NOT NULL DEFAULT 'none',
    "stoneCaratPoints" INTEGER,
    "notes" TEXT,
    CONSTRAINT "JobItem_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobPayment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountFils" BIGINT NOT NULL,
    "paidOn" DATETIME NOT NULL,
    "takenById" TEXT,
    "takenByName" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JobPayment_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobStatusChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "override" BOOLEAN NOT NULL DEFAULT false,
    "byId" TEXT,
    "byName" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JobStatusChange_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobCounter" (
    "letter" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    PRIMARY KEY ("letter", "year")
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CashTransaction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "customerId" INTEGER NOT NULL,
    "saleId" INTEGER,
    "at" DATETIME NOT NULL,
    "cashFils" BIGINT NOT NULL,
    "voidedAt" DATETIME,
    "reportStatus" TEXT,
    "idType" TEXT,
    "idNumber" TEXT,
    "idNationality" TEXT,
    "reference" TEXT,
    "reportedOn" DATETIME,
    "reportedById" TEXT,
    "jobPaymentId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CashTransaction_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CashTransaction_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CashTransaction_jobPaymentId_fkey" FOREIGN KEY ("jobPaymentId") REFERENCES "JobPayment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CashTransaction" ("at", "cashFils", "createdAt", "customerId", "id", "idNationality", "idNumber", "idType", "kind", "reference", "reportStatus", "reportedById", "reportedOn", "saleId", "voidedAt") SELECT "at", "cashFils", "createdAt", "customerId", "id", "idNationality", "idNumber", "idType", "kind", "reference", "reportStatus", "reportedById", "reportedOn", "saleId", "voidedAt" FROM "CashTransaction";
DROP TABLE "CashTransaction";
ALTER TABLE "new_CashTransaction" RENAME TO "CashTransaction";
CREATE UNIQUE INDEX "CashTransaction_saleId_key" ON "CashTransaction"("saleId");
CREATE UNIQUE INDEX "CashTransaction_jobPaymentId_key" ON "CashTransaction"("jobPaymentId");
CREATE INDEX "CashTransaction_customerId_voidedAt_at_cashFils_idx" ON "CashTransaction"("customerId", "voidedAt", "at", "cashFils");
CREATE INDEX "CashTransaction_reportStatus_at_idx" ON "CashTransaction"("reportStatus", "at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Job_number_key" ON "Job"("number");

-- CreateIndex
CREATE UNIQUE INDEX "Job_saleId_key" ON "Job"("saleId");

-- CreateIndex
CREATE INDEX "Job_status_promisedDate_idx" ON "Job"("status", "promisedDate");

-- CreateIndex
CREATE INDEX "Job_customerId_takenAt_idx" ON "Job"("customerId", "takenAt");

-- CreateIndex
CREATE INDEX "Job_type_status_idx" ON "Job"("type", "status");

-- CreateIndex
CREATE INDEX "Job_takenAt_idx" ON "Job"("takenAt");

-- CreateIndex
CREATE INDEX "JobItem_jobId_position_idx" ON "JobItem"("jobId", "position");

-- CreateIndex
CREATE INDEX "JobPayment_jobId_createdAt_idx" ON "JobPayment"("jobId", "createdAt");

-- CreateIndex
CREATE INDEX "JobStatusChange_jobId_at_idx" ON "JobStatusChange"("jobId", "at");
