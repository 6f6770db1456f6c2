import { readUntilWritten } from "~/cache/kept-reads.server";
import { db, sqlTimestamp } from "~/db/db.server";
import { dateFromIso, isoFromDate } from "~/domain/calendar";
import { neutralizeCell } from "~/domain/csv-safety";
import { filsToDecimalString, type Fils } from "~/domain/money";
import { activeChoices, type ShopChoice, type ShopLists } from "~/domain/shop-lists";
import {
  CATEGORY_NOTE,
  comparedPeriods,
  monthlySales,
  NO_SALES,
  periodLabel,
  periodTotals,
  reportFileName,
  reportTable,
  salesReportOf,
  spanOf,
  type ClientMix,
  type Compared,
  type DaySales,
  type GroupSales,
  type ReportPeriod,
  type ReportTable,
  type SalesReport,
  type SalesReportQuery,
  type SalesTotal,
} from "~/domain/sales-report";
import { Prisma } from "~/generated/prisma/client";
import { writeWorkbook, type WorkbookCell } from "./import-spreadsheet.server";
import { readShopLists } from "./shop-lists.server";
import type { SpreadsheetDownload } from "./import-files.server";

/**
 * The sales report (docs/decisions/018-sales-report.md): sums and counts of the sales not void of a
 * period, grouped in SQL over the (voidedAt, saleDate, …) index, for GET /api/reports/sales, its
 * workbook and the /reports page. Every sale counts, a deleted client's too: deleting a client
 * hides them from the book, it does not undo what they bought; a void is what takes a sale out.
 */

/** The sales not void of a period, as the ORM filters them. */
function inPeriod(period: ReportPeriod): Prisma.SaleWhereInput {
  return { voidedAt: null, saleDate: { gte: dateFromIso(period.from), lte: dateFromIso(period.to) } };
}

/** The same in SQL, for the queries that join: `s` is the sale. */
function inPeriodSql(period: ReportPeriod): Prisma.Sql {
  return Prisma.sql`s."voidedAt" IS NULL AND s."saleDate" >= ${sqlTimestamp(dateFromIso(period.from))}
    AND s."saleDate" <= ${sqlTimestamp(dateFromIso(period.to))}`;
}

/** COUNT and SUM from raw SQL: numbers or bigints on SQLite, bigints or numeric on PostgreSQL. */
type SqlInteger = number | bigint | string | { toString(): string } | null;
const bigintOf = (value: SqlInteger): bigint => (value === null ? 0n : BigInt(value.toString()));

type SqlGroup = { key: string | null; count: SqlInteger; total: SqlInteger };
const groupOf = (row: SqlGroup): GroupSales => ({
  key: row.key,
  count: Number(bigintOf(row.count)),
  totalFils: bigintOf(row.total),
});

/**
 * The period's sales per stored day (a calendar day, decision 003): at most 366 rows a year, which
 * fold into months in app/domain/sales-report.ts the same way on both databases.
 */
export async function dailySales(period: ReportPeriod): Promise<DaySales[]> {
  const days = await db.sale.groupBy({
    by: ["saleDate"],
    where: inPeriod(period),
    _count: { _all: true },
    _sum: { amountFils: true },
  });
  return days.map((d) => ({ day: isoFromDate(d.saleDate), count: d._count._all, totalFils: d._sum.amountFils ?? 0n }));
}

/** The associates' names by id (a user deleted since is "not recorded": soldById is nulled). */
async function associateNames(groups: readonly GroupSales[]): Promise<Map<string, string>> {
  const ids = groups.flatMap((g) => (g.key ? [g.key] : []));
  const users = ids.length
    ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })
    : [];
  return new Map(users.map((u) => [u.id, u.name]));
}

/** The groupings a sale gives by itself, and by its client's team and tier as they stand today. */
const SALE_GROUPINGS = ["showroom", "associate", "team", "tier"] as const;
type SaleGrouping = (typeof SALE_GROUPINGS)[number];
type ClientGrouping = Extract<SaleGrouping, "team" | "tier">;
const isClientGrouping = (g: SaleGrouping): g is ClientGrouping => g === "team" || g === "tier";

/** Each grouping's column, never user input: the sale's own, or its client's (a sale has no team or tier). */
const GROUPING_COLUMNS: Record<SaleGrouping, Prisma.Sql> = {
  showroom: Prisma.sql`s."showroom"`,
  associate: Prisma.sql`s."soldById"`,
  team: Prisma.sql`c."team"`,
  tier: Prisma.sql`c."tier"`,
};
const selectedAs = (groupings: readonly SaleGrouping[]) =>
  groupings.map((g) => Prisma.sql`${GROUPING_COLUMNS[g]} AS ${Prisma.raw(`"${g}"`)}`);

type GroupedRow = Partial<Record<SaleGrouping, string | null>> & { count: SqlInteger; total: SqlInteger };

/** Rows grouped by several columns, folded into each column's groups. */
function foldGroups<G extends SaleGrouping>(rows: readonly GroupedRow[], groupings: readonly G[]) {
  const folded = groupings.map((g) => [g, new Map<string | null, GroupSales>()] as const);
  for (const row of rows) {
    const { count, totalFils } = groupOf({ key: null, count: row.count, total: row.total });
    for (const [g, groups] of folded) {
      const key = row[g] ?? null;
      const sum = groups.get(key) ?? { key, count: 0, totalFils: 0n };
      groups.set(key, { key, count: sum.count + count, totalFils: sum.totalFils + totalFils });
    }
  }
  return folded.map(([g, groups]): [G, GroupSales[]] => [g, [...groups.values()]]);
}

/** The period's sales by the sale's own showroom and associate, from the sales alone. */
async function ownGroups<G extends SaleGrouping>(period: ReportPeriod, groupings: readonly G[]) {
  const rows = await db.$queryRaw<GroupedRow[]>`
    SELECT ${Prisma.join(selectedAs(groupings))}, COUNT(*) AS "count", SUM(s."amountFils") AS "total"
    FROM "Sale" s WHERE ${inPeriodSql(period)}
    GROUP BY ${Prisma.join(groupings.map((g) => GROUPING_COLUMNS[g]))}`;
  return foldGroups(rows, groupings);
}

/**
 * The period's buyers `b`: each client who bought in it, with their sales and total there. Summed
 * per client first, so what is read of the clients is one lookup per buyer, not one per sale.
 */
function buyersSql(period: ReportPeriod): Prisma.Sql {
  return Prisma.sql`WITH "buyers" AS (
    SELECT s."customerId" AS "clientId", COUNT(*) AS "sales", SUM(s."amountFils") AS "total"
    FROM "Sale" s WHERE ${inPeriodSql(period)}
    GROUP BY s."customerId")`;
}

/**
 * 1 when the buyer `b` bought before the period (a sale not void), a returning client; 0 for a new
 * one. One probe of the (voidedAt, customerId, saleDate) index per buyer.
 */
function returningSql(period: ReportPeriod): Prisma.Sql {
  return Prisma.sql`CASE WHEN EXISTS (
      SELECT 1 FROM "Sale" p
      WHERE p."customerId" = b."clientId" AND p."voidedAt" IS NULL AND p."saleDate" < ${sqlTimestamp(dateFromIso(period.from))})
    THEN 1 ELSE 0 END`;
}

type BuyerRow = { returning: SqlInteger; clients: SqlInteger; count: SqlInteger; total: SqlInteger };

/** New clients are those whose first sale not void falls in the period; the others are returning. */
function mixOf(rows: readonly BuyerRow[]): ClientMix {
  const mix: ClientMix = { new: { clients: 0, ...NO_SALES }, returning: { clients: 0, ...NO_SALES } };
  for (const row of rows) {
    const kind = bigintOf(row.returning) === 1n ? "returning" : "new";
    mix[kind] = {
      clients: mix[kind].clients + Number(bigintOf(row.clients)),
      count: mix[kind].count + Number(bigintOf(row.count)),
      totalFils: mix[kind].totalFils + bigintOf(row.total),
    };
  }
  return mix;
}

/**
 * The period's buyers grouped by their clients' team or tier as they stand today (joined to their
 * clients); with `mix`, also by whether they are new or returning, from the same read.
 */
function buyerRows(period: ReportPeriod, groupings: readonly ClientGrouping[], { mix = false } = {}) {
  const columns = [...selectedAs(groupings), ...(mix ? [Prisma.sql`${returningSql(period)} AS "returning"`] : [])];
  return db.$queryRaw<(GroupedRow & BuyerRow)[]>`
    ${buyersSql(period)}
    SELECT ${Prisma.join(columns)},
      COUNT(*) AS "clients", SUM(b."sales") AS "count", SUM(b."total") AS "total"
    FROM "buyers" b JOIN "Customer" c ON c."id" = b."clientId"
    GROUP BY ${Prisma.join(columns.map((_, i) => Prisma.raw(String(i + 1))))}`;
}

/** The period's sales in one grouping (GET /api/reports/sales). */
async function groupsOf(period: ReportPeriod, groupBy: SaleGrouping): Promise<GroupSales[]> {
  const folded = isClientGrouping(groupBy)
    ? foldGroups(await buyerRows(period, [groupBy]), [groupBy])
    : await ownGroups(period, [groupBy]);
  return folded[0]?.[1] ?? [];
}

/**
 * Per item category: the sales with an item of it (a sale counts once per category however many
 * such items it has) and the sum of those items' prices; a sale without items under a null
 * category with its amount. With items a sale's amount is their exact sum, so the rows add up to
 * the period's total, while a sale with two kinds of item is in two rows.
 *
 * Read from the items alone (docs/decisions/018-sales-report.md): each carries its sale's day and
 * void state, and whether it is the sale's first of its category, the one counted. An item's
 * category is a key of the shop's table, whose rows are never deleted, so each of `categories` (every
 * row, a deactivated one too) is one range of the (saleVoided, category, saleDate, …) index: a
 * GROUP BY would sort the period's items instead. The sales without items are what the period's
 * total leaves once the items are counted: their first items (position 0) are the sales with items.
 */
async function byCategory(
  period: ReportPeriod,
  periodTotals: SalesTotal | Promise<SalesTotal>,
  categories: readonly ShopChoice[],
): Promise<GroupSales[]> {
  const from = sqlTimestamp(dateFromIso(period.from));
  const to = sqlTimestamp(dateFromIso(period.to));
  const ranges = categories.map(
    ({ key }) => Prisma.sql`SELECT CAST(${key} AS TEXT) AS "key",
      SUM(CASE WHEN i."firstOfCategory" THEN 1 ELSE 0 END) AS "count",
      SUM(i."priceFils") AS "total",
      SUM(CASE WHEN i."position" = 0 THEN 1 ELSE 0 END) AS "itemised"
    FROM "SaleItem" i
    WHERE i."saleVoided" = false AND i."category" = ${key} AND i."saleDate" >= ${from} AND i."saleDate" <= ${to}`,
  );
  const rows = ranges.length
    ? await db.$queryRaw<(SqlGroup & { itemised: SqlInteger })[]>`${Prisma.join(ranges, " UNION ALL ")}`
    : [];
  const [groups, totals] = [rows.map(groupOf).filter((group) => group.count > 0), await periodTotals];
  const itemised = rows.reduce((sum, row) => sum + Number(bigintOf(row.itemised)), 0);
  const itemsTotal = groups.reduce((sum, group) => sum + group.totalFils, 0n);
  const unitemised = { key: null, count: totals.count - itemised, totalFils: totals.totalFils - itemsTotal };
  return unitemised.count > 0 ? [...groups, unitemised] : groups;
}

async function periodTotal(period: ReportPeriod): Promise<SalesTotal> {
  const total = await db.sale.aggregate({
    where: inPeriod(period),
    _count: { _all: true },
    _sum: { amountFils: true },
  });
  return { count: total._count._all, totalFils: total._sum.amountFils ?? 0n };
}

/** A shop list's English names by key (deactivated rows still name past sales) and its active keys in order. */
function listNames(rows: readonly ShopChoice[]) {
  return { names: new Map(rows.map((row) => [row.key, row.name])), listed: activeChoices(rows).map((row) => row.key) };
}

/** A sale grouping's report from its groups, named from the shop's lists or the associates' names. */
async function saleGroupingReport(
  period: ReportPeriod,
  groupBy: SaleGrouping,
  groups: GroupSales[],
  lists: ShopLists,
): Promise<SalesReport> {
  switch (groupBy) {
    case "showroom":
      return salesReportOf(period, groupBy, groups, listNames(lists.showrooms));
    case "associate":
      return salesReportOf(period, groupBy, groups, { names: await associateNames(groups) });
    case "team":
      return salesReportOf(period, groupBy, groups, listNames(lists.teams));
    case "tier":
      return salesReportOf(period, groupBy, groups);
  }
}

/** The category report; `totals`, the period's, give the sales without items. */
async function categoryReport(
  period: ReportPeriod,
  totals: SalesTotal | Promise<SalesTotal>,
  lists: ShopLists,
): Promise<SalesReport> {
  const groups = await byCategory(period, totals, lists.itemCategories);
  return salesReportOf(period, "category", groups, { totals: await totals, ...listNames(lists.itemCategories) });
}

/** GET /api/reports/sales: the period's sales grouped one way, with exact totals. */
export async function salesReport({ period, groupBy }: SalesReportQuery): Promise<SalesReport> {
  if (groupBy === "month") return salesReportOf(period, groupBy, monthlySales(await dailySales(period), period));
  const lists = await readShopLists();
  if (groupBy === "category") return categoryReport(period, await periodTotal(period), lists);
  return saleGroupingReport(period, groupBy, await groupsOf(period, groupBy), lists);
}

/** A period's new and returning clients, from its buyers alone. */
async function clientMix(period: ReportPeriod): Promise<ClientMix> {
  const rows = await db.$queryRaw<BuyerRow[]>`
    ${buyersSql(period)}
    SELECT ${returningSql(period)} AS "returning",
      COUNT(*) AS "clients", SUM(b."sales") AS "count", SUM(b."total") AS "total"
    FROM "buyers" b
    GROUP BY 1`;
  return mixOf(rows);
}

/** The /reports page: its summary, and a bar chart per grouping. */
export type SalesReportsPage = {
  periods: Compared<ReportPeriod>;
  totals: Compared<SalesTotal>;
  clients: Compared<ClientMix>;
  /** The monthly report of the period, and its months a year earlier (same order). */
  months: SalesReport;
  lastYearMonths: SalesTotal[];
  /** Showroom, associate, team, tier, then item category. */
  charts: SalesReport[];
};

/**
 * The /reports page: the period against the one before and the same days last year, and its charts.
 * One read of the days of all three periods gives their totals and monthly lines; one of the
 * period's sales its showrooms and associates; one of its buyers their teams, tiers and whether
 * they are new; the earlier periods' buyers are read for that alone, and once when a year's previous
 * period is the same days last year.
 */
async function readSalesReportsPage(period: ReportPeriod): Promise<SalesReportsPage> {
  const periods = comparedPeriods(period);
  const daysRead = dailySales(spanOf(Object.values(periods)));
  const previousMix = clientMix(periods.previous);
  const sameDays = periods.lastYear.from === periods.previous.from && periods.lastYear.to === periods.previous.to;
  const listsRead = readShopLists();
  const clientGroupings = SALE_GROUPINGS.filter(isClientGrouping);
  const [days, own, buyers, previous, lastYear, lists, categories] = await Promise.all([
    daysRead,
    ownGroups(
      period,
      SALE_GROUPINGS.filter((g) => !isClientGrouping(g)),
    ),
    buyerRows(period, clientGroupings, { mix: true }),
    previousMix,
    sameDays ? previousMix : clientMix(periods.lastYear),
    listsRead,
    // The category chart's sales without items are what the period's total leaves.
    listsRead.then((read) =>
      categoryReport(
        period,
        daysRead.then((d) => periodTotals(d, period)),
        read,
      ),
    ),
  ]);
  const groups = Object.fromEntries([...own, ...foldGroups(buyers, clientGroupings)]) as Record<
    SaleGrouping,
    GroupSales[]
  >;
  const charts = await Promise.all(SALE_GROUPINGS.map((g) => saleGroupingReport(period, g, groups[g], lists)));
  return {
    periods,
    totals: {
      current: periodTotals(days, periods.current),
      previous: periodTotals(days, periods.previous),
      lastYear: periodTotals(days, periods.lastYear),
    },
    clients: { current: mixOf(buyers), previous, lastYear },
    months: salesReportOf(period, "month", monthlySales(days, period)),
    lastYearMonths: monthlySales(days, periods.lastYear),
    charts: [...charts, categories],
  };
}

/**
 * The /reports page's figures, kept until the next write (app/cache/README.md): an owner going
 * through the charts and periods reads each period's sales once, not at every load.
 */
export function salesReportsPage(period: ReportPeriod): Promise<SalesReportsPage> {
  return readUntilWritten(`sales-reports-page ${period.from} ${period.to}`, () => readSalesReportsPage(period));
}

/** The table of a grouping, as under its chart: the monthly one with each month a year earlier. */
export async function salesReportTable(query: SalesReportQuery): Promise<ReportTable> {
  if (query.groupBy !== "month") return reportTable(await salesReport(query));
  // One read of the days of both periods, as salesOverview does.
  const { lastYear } = comparedPeriods(query.period);
  const days = await dailySales(spanOf([query.period, lastYear]));
  const report = salesReportOf(query.period, "month", monthlySales(days, query.period));
  return reportTable(report, monthlySales(days, lastYear));
}

const amountCell = (fils: Fils): WorkbookCell => ({ number: Number(filsToDecimalString(fils)), format: "#,##0.00" });
const countCell = (count: number): WorkbookCell => ({ number: count, format: "#,##0" });

/**
 * The workbook of one table: a title, the period, the note on what is counted, then the table with
 * its total row. Counts and amounts are numbers a spreadsheet can add up (an amount is the number
 * its exact decimal text names); every text cell is neutralised (an associate's name is typed by
 * people), see app/domain/csv-safety.ts.
 */
export async function salesReportWorkbook(query: SalesReportQuery): Promise<SpreadsheetDownload> {
  const table = await salesReportTable(query);
  const line = (row: ReportTable["totals"]): WorkbookCell[] => [
    neutralizeCell(row.label),
    countCell(row.count),
    amountCell(row.totalFils),
    amountCell(row.averageFils),
    row.share,
    ...(row.lastYearFils === undefined ? [] : [amountCell(row.lastYearFils)]),
  ];
  const preamble: WorkbookCell[][] = [
    [table.title],
    [`${periodLabel(query.period)}. Voided sales are left out.`],
    ...(query.groupBy === "category" ? [[CATEGORY_NOTE]] : []),
    [],
  ];
  const rows = [...preamble, table.columns, ...table.rows.map(line), line(table.totals)];
  return {
    fileName: reportFileName(query),
    bytes: writeWorkbook([{ name: table.title, rows, headerRow: preamble.length }]),
  };
}
