-- CreateTable
CREATE TABLE "SalePayment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "saleId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountFils" BIGINT NOT NULL,
    CONSTRAINT "SalePayment_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CashTransaction" (
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CashTransaction_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CashTransaction_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShopSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "cashSingleThresholdFils" BIGINT NOT NULL,
    "cashWindowThresholdFils" BIGINT NOT NULL,
    "cashWindowDays" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "updatedById" TEXT
);

-- CreateIndex
CREATE INDEX "SalePayment_saleId_idx" ON "SalePayment"("saleId");

-- CreateIndex
CREATE UNIQUE INDEX "CashTransaction_saleId_key" ON "CashTransaction"("saleId");

-- CreateIndex
CREATE INDEX "CashTransaction_customerId_voidedAt_at_cashFils_idx" ON "CashTransaction"("customerId", "voidedAt", "at", "cashFils");

-- CreateIndex
CREATE INDEX "CashTransaction_reportStatus_at_idx" ON "CashTransaction"("reportStatus", "at");
