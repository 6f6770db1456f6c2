-- AlterTable
ALTER TABLE "ItemCategory" ADD COLUMN     "investmentGold" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Quote" (
    "id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "clientId" INTEGER,
    "goldRateId" TEXT,
    "rates" TEXT NOT NULL,
    "ratesEffectiveAt" TIMESTAMP(3) NOT NULL,
    "subtotalFils" BIGINT NOT NULL,
    "vatFils" BIGINT NOT NULL,
    "exchangeCreditFils" BIGINT NOT NULL,
    "totalFils" BIGINT NOT NULL,
    "validUntil" TIMESTAMP(3) NOT NULL,
    "createdById" TEXT,
    "createdByName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Quote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuoteLine" (
    "id" SERIAL NOT NULL,
    "quoteId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT,
    "category" TEXT,
    "karat" TEXT NOT NULL,
    "weightMg" INTEGER NOT NULL,
    "makingType" TEXT,
    "makingChargeFils" BIGINT,
    "stoneValueFils" BIGINT,
    "deductionBp" INTEGER,
    "metalValueFils" BIGINT NOT NULL,
    "makingFils" BIGINT NOT NULL DEFAULT 0,
    "lineTotalFils" BIGINT NOT NULL,
    "vatRateBp" INTEGER,

    CONSTRAINT "QuoteLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuoteCounter" (
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "QuoteCounter_pkey" PRIMARY KEY ("year")
);

-- CreateIndex
CREATE UNIQUE INDEX "Quote_number_key" ON "Quote"("number");

-- CreateIndex
CREATE INDEX "Quote_clientId_createdAt_idx" ON "Quote"("clientId", "createdAt");

-- CreateIndex
CREATE INDEX "QuoteLine_quoteId_position_idx" ON "QuoteLine"("quoteId", "position");

-- AddForeignKey
ALTER TABLE "Quote" ADD CONSTRAINT "Quote_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuoteLine" ADD CONSTRAINT "QuoteLine_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "Quote"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The shipped "Coin / bar" category is investment gold (a 24K line of it is zero-rated for VAT on a quote).
UPDATE "ItemCategory" SET "investmentGold" = true WHERE "key" = 'coin_bar';
