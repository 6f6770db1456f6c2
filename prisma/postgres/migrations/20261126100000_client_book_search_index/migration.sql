-- PostgreSQL only (docs/decisions/024-postgres-client-search.md), not expressible in schema.prisma,
-- like the trigram index of the first migration. The search text beside the id, for the clients in
-- the book: a search's page of ids walks it newest first and tests the text in the index without
-- reading the table (a quarter of its size), and a pattern too short for trigrams is counted along it.
CREATE INDEX IF NOT EXISTS "Customer_book_id_searchText_idx" ON "Customer"("id", "searchText") WHERE "deletedAt" IS NULL;
