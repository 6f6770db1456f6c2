-- The sales report (docs/decisions/018-sales-report.md): indexes only, no data changes.

-- CreateIndex
CREATE INDEX "Customer_id_team_tier_idx" ON "Customer"("id", "team", "tier");

-- CreateIndex
CREATE INDEX "Sale_voidedAt_saleDate_amountFils_showroom_soldById_customerId_idx" ON "Sale"("voidedAt", "saleDate", "amountFils", "showroom", "soldById", "customerId");

-- CreateIndex
CREATE INDEX "SaleItem_saleId_category_priceFils_idx" ON "SaleItem"("saleId", "category", "priceFils");
