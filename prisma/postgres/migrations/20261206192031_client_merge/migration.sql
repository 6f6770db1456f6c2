-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "mergedAt" TIMESTAMP(3),
ADD COLUMN     "mergedIntoId" INTEGER;

-- CreateTable
CREATE TABLE "ClientMerge" (
    "id" SERIAL NOT NULL,
    "keptId" INTEGER NOT NULL,
    "mergedId" INTEGER NOT NULL,
    "byUserId" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "values" TEXT NOT NULL,
    "moved" TEXT NOT NULL,
    "undoneAt" TIMESTAMP(3),
    "undoneById" TEXT,

    CONSTRAINT "ClientMerge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ClientMerge_keptId_at_idx" ON "ClientMerge"("keptId", "at");

-- CreateIndex
CREATE INDEX "ClientMerge_mergedId_at_idx" ON "ClientMerge"("mergedId", "at");

