-- Erasure in place (docs/decisions/015-client-data-rights.md): when and by whom a client's
-- personal fields were wiped. The row stays, so its sales keep counting in the business's figures.
ALTER TABLE "Customer" ADD COLUMN "erasedAt" DATETIME;
ALTER TABLE "Customer" ADD COLUMN "erasedById" TEXT;
