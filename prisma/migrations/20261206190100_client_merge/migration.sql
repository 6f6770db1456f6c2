-- Merging two duplicate clients (docs/decisions/047-client-merge.md): the merged-away client points
-- at the kept one, and each merge records what moved so it can be undone within 30 days.
ALTER TABLE "Customer" ADD COLUMN "mergedIntoId" INTEGER;
ALTER TABLE "Customer" ADD COLUMN "mergedAt" DATETIME;

CREATE TABLE "ClientMerge" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "keptId" INTEGER NOT NULL,
    "mergedId" INTEGER NOT NULL,
    "byUserId" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "values" TEXT NOT NULL,
    "moved" TEXT NOT NULL,
    "undoneAt" DATETIME,
    "undoneById" TEXT
);

CREATE INDEX "ClientMerge_keptId_at_idx" ON "ClientMerge"("keptId", "at");
CREATE INDEX "ClientMerge_mergedId_at_idx" ON "ClientMerge"("mergedId", "at");
