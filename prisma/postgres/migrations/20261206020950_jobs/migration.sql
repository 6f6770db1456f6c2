-- AlterTable
ALTER TABLE "CashTransaction" ADD COLUMN     "jobPaymentId" INTEGER;

-- CreateTable
CREATE TABLE "Job" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "customerId" INTEGER NOT NULL,
    "showroom" TEXT,
    "takenById" TEXT,
    "takenByName" TEXT NOT NULL,
    "takenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "promisedDate" TIMESTAMP(3) NOT NULL,
    "description" TEXT NOT NULL,
    "priceFils" BIGINT,
    "paidFils" BIGINT NOT NULL DEFAULT 0,
    "saleId" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobItem" (
    "id" SERIAL NOT NULL,
    "jobId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "metal" TEXT NOT NULL DEFAULT 'none',
    "karat" TEXT NOT NULL DEFAULT 'none',
    "weightMg" INTEGER,
    "stone" TEXT NOT NULL DEFAULT 'none',
    "stoneCaratPoints" INTEGER,
    "notes" TEXT,

    CONSTRAINT "JobItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobPayment" (
    "id" SERIAL NOT NULL,
    "jobId" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountFils" BIGINT NOT NULL,
    "paidOn" TIMESTAMP(3) NOT NULL,
    "takenById" TEXT,
    "takenByName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobStatusChange" (
    "id" SERIAL NOT NULL,
    "jobId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "override" BOOLEAN NOT NULL DEFAULT false,
    "byId" TEXT,
    "byName" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobCounter" (
    "letter" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "JobCounter_pkey" PRIMARY KEY ("letter","year")
);

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

-- CreateIndex
CREATE UNIQUE INDEX "CashTransaction_jobPaymentId_key" ON "CashTransaction"("jobPaymentId");

-- AddForeignKey
ALTER TABLE "CashTransaction" ADD CONSTRAINT "CashTransaction_jobPaymentId_fkey" FOREIGN KEY ("jobPaymentId") REFERENCES "JobPayment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobItem" ADD CONSTRAINT "JobItem_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobPayment" ADD CONSTRAINT "JobPayment_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobStatusChange" ADD CONSTRAINT "JobStatusChange_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

