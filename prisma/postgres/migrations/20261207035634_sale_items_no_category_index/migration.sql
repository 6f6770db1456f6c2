-- The items' category index served no query, and with the planner's statistics current (PRAGMA
-- optimize) SQLite chose it for the sales report by category: the whole table in category order,
-- 1.1 s at 1,000,000 sales, instead of the covering (saleVoided, category, saleDate, ...) index
-- the report is written for (docs/decisions/018-sales-report.md). Every import writes one index less.
-- DropIndex
DROP INDEX "SaleItem_category_idx";

