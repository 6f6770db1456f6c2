import { db, sqlTimestamp } from "~/db/db.server";
import { dateFromIso, isoFromDate } from "~/domain/calendar";
import { neutralizeCell } from "~/domain/csv-safety";
import { filsToDecimalString, type Fils } from "~/domain/money";
import { activeChoices, type ShopChoice } from "~/domain/shop-lists";
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

async function byShowroom(period: ReportPeriod): Promise<GroupSales[]> {
  const groups = await db.sale.groupBy({
    by: ["showroom"],
    where: inPeriod(period),
    _count: { _all: true },
    _sum: { amountFils: true },
  });
  return groups.map((g) => ({ key: g.showroom, count: g._count._all, totalFils: g._sum.amountFils ?? 0n }));
}

/** Per associate who sold, with their names (a user deleted since is "not recorded": soldById is nulled). */
async function byAssociate(period: ReportPeriod): Promise<{ groups: GroupSales[]; names: Map<string, string> }> {
  const groups = await db.sale.groupBy({
    by: ["soldById"],
    where: inPeriod(period),
    _count: { _all: true },
    _sum: { amountFils: true },
  });
  const ids = groups.flatMap((g) => (g.soldById ? [g.soldById] : []));
  const users = ids.length
    ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })
    : [];
  return {
    groups: groups.map((g) => ({ key: g.soldById, count: g._count._all, totalFils: g._sum.amountFils ?? 0n })),
    names: new Map(users.map((u) => [u.id, u.name])),
  };
}

/** The client's column, never user input: the ORM cannot group sales by a field of their client. */
const CLIENT_COLUMNS = { team: Prisma.sql`c."team"`, tier: Prisma.sql`c."tier"` } as const;

/** Per the client's team or tier as it stands today (the client's, not the sale's: a sale has neither). */
async function byClientColumn(period: ReportPeriod, column: keyof typeof CLIENT_COLUMNS): Promise<GroupSales[]> {
  const rows = await db.$queryRaw<SqlGroup[]>`
    SELECT ${CLIENT_COLUMNS[column]} AS "key", COUNT(*) AS "count", SUM(s."amountFils") AS "total"
    FROM "Sale" s JOIN "Customer" c ON c."id" = s."customerId"
    WHERE ${inPeriodSql(period)}
    GROUP BY ${CLIENT_COLUMNS[column]}`;
  return rows.map(groupOf);
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

/**
 * GET /api/reports/sales: the period's sales grouped one way, with exact totals. `knownTotals`,
 * the period's when the caller has read them already (the /reports page's overview), spare the
 * category grouping its own read of them.
 */
export async function salesReport(
  { period, groupBy }: SalesReportQuery,
  knownTotals?: SalesTotal,
): Promise<SalesReport> {
  switch (groupBy) {
    case "month":
      return salesReportOf(period, groupBy, monthlySales(await dailySales(period), period));
    case "showroom": {
      const [groups, lists] = await Promise.all([byShowroom(period), readShopLists()]);
      return salesReportOf(period, groupBy, groups, listNames(lists.showrooms));
    }
    case "associate": {
      const { groups, names } = await byAssociate(period);
      return salesReportOf(period, groupBy, groups, { names });
    }
    case "team": {
      const [groups, lists] = await Promise.all([byClientColumn(period, groupBy), readShopLists()]);
      return salesReportOf(period, groupBy, groups, listNames(lists.teams));
    }
    case "tier":
      return salesReportOf(period, groupBy, await byClientColumn(period, groupBy));
    case "category": {
      const [totals, lists] = await Promise.all([knownTotals ?? periodTotal(period), readShopLists()]);
      return salesReportOf(period, groupBy, await byCategory(period, totals), {
        totals,
        ...listNames(lists.itemCategories),
      });
    }
  }
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
  const [days, current, previous, lastYear] = await Promise.all([
    dailySales(spanOf(Object.values(periods))),
    clientMix(periods.current),
    clientMix(periods.previous),
    clientMix(periods.lastYear),
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
