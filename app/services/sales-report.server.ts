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

/** The groupings a sale gives by itself or by its client's team and tier as they stand today. */
const SALE_GROUPINGS = ["showroom", "associate", "team", "tier"] as const;
type SaleGrouping = (typeof SALE_GROUPINGS)[number];

/** Each grouping's column, never user input: the sale's own, or its client's (a sale has no team or tier). */
const GROUPING_COLUMNS: Record<SaleGrouping, Prisma.Sql> = {
  showroom: Prisma.sql`s."showroom"`,
  associate: Prisma.sql`s."soldById"`,
  team: Prisma.sql`c."team"`,
  tier: Prisma.sql`c."tier"`,
};

/**
 * The period's sales in each of `groupings`, from one grouped read (joining the clients only for
 * their team or tier): the API asks for one grouping, the /reports page for all four, whose few
 * combinations fold here, one pass over the period where each grouping would make its own.
 */
async function saleGroups<G extends SaleGrouping>(
  period: ReportPeriod,
  groupings: readonly G[],
): Promise<Record<G, GroupSales[]>> {
  const columns = groupings.map((g) => GROUPING_COLUMNS[g]);
  const clients = groupings.some((g) => g === "team" || g === "tier")
    ? Prisma.sql`JOIN "Customer" c ON c."id" = s."customerId"`
    : Prisma.empty;
  const rows = await db.$queryRaw<(Record<G, string | null> & { count: SqlInteger; total: SqlInteger })[]>`
    SELECT ${Prisma.join(groupings.map((g, i) => Prisma.sql`${columns[i]!} AS ${Prisma.raw(`"${g}"`)}`))},
      COUNT(*) AS "count", SUM(s."amountFils") AS "total"
    FROM "Sale" s ${clients}
    WHERE ${inPeriodSql(period)}
    GROUP BY ${Prisma.join(columns)}`;
  const folded = groupings.map((g) => [g, new Map<string | null, GroupSales>()] as const);
  for (const row of rows) {
    const { count, totalFils } = groupOf({ key: null, count: row.count, total: row.total });
    for (const [g, groups] of folded) {
      const key = row[g];
      const sum = groups.get(key) ?? { key, count: 0, totalFils: 0n };
      groups.set(key, { key, count: sum.count + count, totalFils: sum.totalFils + totalFils });
    }
  }
  return Object.fromEntries(folded.map(([g, groups]) => [g, [...groups.values()]])) as Record<G, GroupSales[]>;
}

/**
 * Per item category: the sales with an item of it (a sale counts once per category however many
 * such items it has) and the sum of those items' prices; a sale without items under a null
 * category with its amount. With items a sale's amount is their exact sum, so the rows add up to
 * the period's total, while a sale with two kinds of item is in two rows.
 *
 * Read from the items alone (docs/decisions/018-sales-report.md): each carries its sale's day and
 * void state, and whether it is the sale's first of its category, the one counted; every category
 * key is read, the shop's table names them (a deactivated one too). The sales without items are what
 * the period's total leaves once the items are counted: their first items (position 0) are the
 * sales with items.
 */
async function byCategory(period: ReportPeriod, totals: SalesTotal): Promise<GroupSales[]> {
  const rows = await db.$queryRaw<(SqlGroup & { itemised: SqlInteger })[]>`
    SELECT i."category" AS "key",
      SUM(CASE WHEN i."firstOfCategory" THEN 1 ELSE 0 END) AS "count",
      SUM(i."priceFils") AS "total",
      SUM(CASE WHEN i."position" = 0 THEN 1 ELSE 0 END) AS "itemised"
    FROM "SaleItem" i
    WHERE i."saleVoided" = false
      AND i."saleDate" >= ${sqlTimestamp(dateFromIso(period.from))}
      AND i."saleDate" <= ${sqlTimestamp(dateFromIso(period.to))}
    GROUP BY i."category"`;
  const groups = rows.map(groupOf);
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
async function categoryReport(period: ReportPeriod, totals: SalesTotal, lists: ShopLists): Promise<SalesReport> {
  return salesReportOf(period, "category", await byCategory(period, totals), {
    totals,
    ...listNames(lists.itemCategories),
  });
}

/** GET /api/reports/sales: the period's sales grouped one way, with exact totals. */
export async function salesReport({ period, groupBy }: SalesReportQuery): Promise<SalesReport> {
  if (groupBy === "month") return salesReportOf(period, groupBy, monthlySales(await dailySales(period), period));
  const lists = await readShopLists();
  if (groupBy === "category") return categoryReport(period, await periodTotal(period), lists);
  return saleGroupingReport(period, groupBy, (await saleGroups(period, [groupBy]))[groupBy], lists);
}

/**
 * The /reports page's bar charts: showroom, associate, team and tier from one read of the period's
 * sales, then item category. `totals`, the period's, come from the page's overview, read meanwhile.
 */
export async function salesReportsByGrouping(
  period: ReportPeriod,
  totals: Promise<SalesTotal>,
): Promise<SalesReport[]> {
  const [groups, lists, known] = await Promise.all([saleGroups(period, SALE_GROUPINGS), readShopLists(), totals]);
  return Promise.all([
    ...SALE_GROUPINGS.map((groupBy) => saleGroupingReport(period, groupBy, groups[groupBy], lists)),
    categoryReport(period, known, lists),
  ]);
}

/**
 * New clients are those whose first sale not void falls in the period (no such sale before it);
 * the others who bought in it are returning. Per client in SQL, then one index probe each for an
 * earlier sale, on the (customerId, voidedAt, saleDate) index.
 */
export async function clientMix(period: ReportPeriod): Promise<ClientMix> {
  const from = sqlTimestamp(dateFromIso(period.from));
  const rows = await db.$queryRaw<{ kind: string; clients: SqlInteger; count: SqlInteger; total: SqlInteger }[]>`
    WITH "buyers" AS (
      SELECT s."customerId" AS "clientId", COUNT(*) AS "sales", SUM(s."amountFils") AS "total"
      FROM "Sale" s WHERE ${inPeriodSql(period)}
      GROUP BY s."customerId")
    SELECT CASE WHEN EXISTS (
        SELECT 1 FROM "Sale" p
        WHERE p."customerId" = b."clientId" AND p."voidedAt" IS NULL AND p."saleDate" < ${from})
      THEN 'returning' ELSE 'new' END AS "kind",
      COUNT(*) AS "clients", SUM(b."sales") AS "count", SUM(b."total") AS "total"
    FROM "buyers" b
    GROUP BY 1`;
  const mix: ClientMix = { new: { clients: 0, ...NO_SALES }, returning: { clients: 0, ...NO_SALES } };
  for (const row of rows)
    if (row.kind === "new" || row.kind === "returning")
      mix[row.kind] = {
        clients: Number(bigintOf(row.clients)),
        count: Number(bigintOf(row.count)),
        totalFils: bigintOf(row.total),
      };
  return mix;
}

/** The page's summary: the period against the one before and the same days last year. */
export type SalesOverview = {
  periods: Compared<ReportPeriod>;
  totals: Compared<SalesTotal>;
  clients: Compared<ClientMix>;
  /** The monthly report of the period, and its months a year earlier (same order). */
  months: SalesReport;
  lastYearMonths: SalesTotal[];
};

/** One read of the days of all three periods gives their totals and both monthly lines. */
export async function salesOverview(period: ReportPeriod): Promise<SalesOverview> {
  const periods = comparedPeriods(period);
  const previousMix = clientMix(periods.previous);
  // A year's previous period is the same days last year: its clients are read once.
  const sameDays = periods.lastYear.from === periods.previous.from && periods.lastYear.to === periods.previous.to;
  const [days, current, previous, lastYear] = await Promise.all([
    dailySales(spanOf(Object.values(periods))),
    clientMix(periods.current),
    previousMix,
    sameDays ? previousMix : clientMix(periods.lastYear),
  ]);
  return {
    periods,
    totals: {
      current: periodTotals(days, periods.current),
      previous: periodTotals(days, periods.previous),
      lastYear: periodTotals(days, periods.lastYear),
    },
    clients: { current, previous, lastYear },
    months: salesReportOf(period, "month", monthlySales(days, period)),
    lastYearMonths: monthlySales(days, periods.lastYear),
  };
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
