-- An import either skips or updates the clients it finds already in the book, and counts the
-- clients it updated and the new ones that look like an existing client
-- (docs/decisions/048-import-existing-clients.md).
ALTER TABLE "ImportRun" ADD COLUMN "existing" TEXT NOT NULL DEFAULT 'skip';
ALTER TABLE "ImportRun" ADD COLUMN "updated" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ImportRun" ADD COLUMN "possibleDuplicates" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ImportRun" ADD COLUMN "possibleDuplicatesJson" TEXT NOT NULL DEFAULT '[]';
