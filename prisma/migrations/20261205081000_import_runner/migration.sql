-- The server that runs an import, so a restarted server fails the runs its previous start left (issue #43).
ALTER TABLE "ImportRun" ADD COLUMN "runner" TEXT;
