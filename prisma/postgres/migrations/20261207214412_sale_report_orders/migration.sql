-- The sales report's groupings without a sort (docs/decisions/018-sales-report.md). SQLite groups by
-- sorting unless an index gives the order: summing each buyer of a year at bench size sorted 240,000
-- sales (about 300 ms), as did grouping them by showroom and associate. The client's index now
-- starts with the void column: the per-client probes read it as before (both are equalities), and
-- the report reads the sales not void in client order. A second index gives them in (showroom,
-- associate) order.
-- PostgreSQL hashes its groups and plans the same either way. The schemas keep the same indexes.
-- DropIndex
DROP INDEX "Sale_customerId_voidedAt_saleDate_amountFils_idx";

-- CreateIndex
CREATE INDEX "Sale_voidedAt_customerId_saleDate_amountFils_idx" ON "Sale"("voidedAt", "customerId", "saleDate", "amountFils");

-- CreateIndex
CREATE INDEX "Sale_voidedAt_showroom_soldById_saleDate_amountFils_idx" ON "Sale"("voidedAt", "showroom", "soldById", "saleDate", "amountFils");

