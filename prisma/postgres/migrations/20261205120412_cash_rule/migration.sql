-- CreateTable
CREATE TABLE "SalePayment" (
    "id" SERIAL NOT NULL,
    "saleId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountFils" BIGINT NOT NULL,

    CONSTRAINT "SalePayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CashTransaction" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "customerId" INTEGER NOT NULL,
    "saleId" INTEGER,
    "at" TIMESTAMP(3) NOT NULL,
    "cashFils" BIGINT NOT NULL,
    "voidedAt" TIMESTAMP(3),
    "reportStatus" TEXT,
    "idType" TEXT,
    "idNumber" TEXT,
    "idNationality" TEXT,
    "reference" TEXT,
    "reportedOn" TIMESTAMP(3),
    "reportedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CashTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShopSettings" (
    "id" INTEGER NOT NULL,
    "cashSingleThresholdFils" BIGINT NOT NULL,
    "cashWindowThresholdFils" BIGINT NOT NULL,
    "cashWindowDays" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "ShopSettings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SalePayment_saleId_idx" ON "SalePayment"("saleId");

-- CreateIndex
CREATE UNIQUE INDEX "CashTransaction_saleId_key" ON "CashTransaction"("saleId");

-- CreateIndex
CREATE INDEX "CashTransaction_customerId_voidedAt_at_cashFils_idx" ON "CashTransaction"("customerId", "voidedAt", "at", "cashFils");

-- CreateIndex
CREATE INDEX "CashTransaction_reportStatus_at_idx" ON "CashTransaction"("reportStatus", "at");

-- AddForeignKey
ALTER TABLE "SalePayment" ADD CONSTRAINT "SalePayment_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CashTransaction" ADD CONSTRAINT "CashTransaction_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CashTransaction" ADD CONSTRAINT "CashTransaction_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale"("id") ON DELETE CASCADE ON UPDATE CASCADE;

