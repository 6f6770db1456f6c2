import { addDays, daysBetween, isIsoDate, subtractMonths, type IsoDate } from "./calendar";
import { formatDay, formatMonth } from "./client-display";
import type { Language, Locale } from "./languages";
import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";
import { filsToDecimalString, type Fils } from "./money";
import { labelOf } from "./sales";
import { TIER_LABELS, TIERS } from "./tiers";

/**
 * The sales report (docs/decisions/018-sales-report.md): its periods and their comparisons, the
 * query of GET /api/reports/sales, the groups' keys, labels and order, the months folded from the
 * days the database sums, and the JSON and table shapes the page, the API and the workbook share.
 * Voided sales are never in a report; amounts stay integer fils until they are written out.
 */

export const REPORT_GROUPINGS = ["month", "showroom", "associate", "team", "tier", "category"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** What each grouping's rows are, as a column header and in a title ("Sales by showroom"). */
export const GROUPING_LABELS: Record<ReportGrouping, string> = {
  month: "Month",
  showroom: "Showroom",
  associate: "Associate",
  team: "Client's team",
  tier: "Client's tier",
  category: "Item category",
};

/** The key of a sale with no showroom, associate or team recorded. */
export const NOT_RECORDED_KEY = "none";
/** The category key of a sale recorded as one amount, without items. */
export const UNITEMISED_KEY = "unitemised";

const NOT_RECORDED_LABELS: Record<Exclude<ReportGrouping, "month" | "tier" | "category">, string> = {
  showroom: "No showroom recorded",
  associate: "No associate recorded",
  team: "No team",
};
const UNITEMISED_LABEL = "Unitemised (one amount, no items)";

/** What a category row counts, said wherever the category figures are shown. */
export const CATEGORY_NOTE =
  "A sale counts in the row of each category it has items of, and once in the total; a sale recorded as one amount, without items, is Unitemised.";

/** Both days included. */
export type ReportPeriod = { from: IsoDate; to: IsoDate };

/** The longest period a report covers: its comparisons then read up to ten years of sales. */
export const MAX_REPORT_YEARS = 5;

export function periodDays(period: ReportPeriod): number {
  return daysBetween(period.from, period.to) + 1;
}

/** The first day of the month of `day`. */
function monthStart(day: IsoDate): IsoDate {
  return `${day.slice(0, 7)}-01`;
}

/**
 * Without a chosen period: the last 12 months up to today, as whole calendar months (this month
 * to date and the 11 before it), so the monthly chart has 12 points and none of them a sliver.
 */
export function defaultPeriod(today: IsoDate): ReportPeriod {
  return { from: monthStart(subtractMonths(today, 11)), to: today };
}

/** The period of the same length that ends the day before this one starts. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  return { from: addDays(period.from, -periodDays(period)), to: addDays(period.from, -1) };
}

/** The same calendar days a year earlier (29 February falls on the 28th). */
export function samePeriodLastYear(period: ReportPeriod): ReportPeriod {
  return { from: subtractMonths(period.from, 12), to: subtractMonths(period.to, 12) };
}

/** The three periods a report compares. */
export function comparedPeriods(period: ReportPeriod): Compared<ReportPeriod> {
  return { current: period, previous: previousPeriod(period), lastYear: samePeriodLastYear(period) };
}

/** The days from the earliest to the latest of several periods: one read serves them all. */
export function spanOf(periods: readonly ReportPeriod[]): ReportPeriod {
  const froms = periods.map((p) => p.from).sort();
  const tos = periods.map((p) => p.to).sort();
  return { from: froms[0]!, to: tos.at(-1)! };
}

/** "1 Dec 2025 – 25 Nov 2026" ("1 ديسمبر 2025 – 25 نوفمبر 2026" on an Arabic page). */
export function periodLabel(period: ReportPeriod, locale: Language | Locale = "en"): string {
  return `${formatDay(period.from, locale)} – ${formatDay(period.to, locale)}`;
}

/**
 * A query's problem: the period's are codes, which the page says in its language and the JSON API in English;
 * the API's own (an unknown parameter, a missing one) are its English text.
 */
export type ReportIssue = { path: string; message: Message | string };

const DAY_NAMES = { from: message(MESSAGE_CODES.reportFrom), to: message(MESSAGE_CODES.reportTo) };

/** The earliest `from` a period ending on `to` may have (at most MAX_REPORT_YEARS long). */
function earliestFrom(to: IsoDate): IsoDate {
  return addDays(subtractMonths(to, MAX_REPORT_YEARS * 12), 1);
}

/** The period's own rules, once both days are read. */
function periodIssues(period: ReportPeriod): ReportIssue[] {
  if (period.from > period.to) return [{ path: "from", message: message(MESSAGE_CODES.reportFromAfterTo) }];
  if (period.from < earliestFrom(period.to))
    return [{ path: "from", message: message(MESSAGE_CODES.reportTooLong, { years: MAX_REPORT_YEARS }) }];
  return [];
}

/** One day parameter: null when absent or empty (the caller decides), else the day or an issue. */
function readDay(params: URLSearchParams, name: "from" | "to"): IsoDate | ReportIssue | null {
  const values = params.getAll(name);
  if (values.length > 1)
    return { path: name, message: message(MESSAGE_CODES.reportGiveOnce, { name: DAY_NAMES[name] }) };
  const value = values[0]?.trim() ?? "";
  if (value === "") return null;
  return isIsoDate(value)
    ? value
    : { path: name, message: message(MESSAGE_CODES.reportNotADate, { name: DAY_NAMES[name] }) };
}

const isIssue = (value: IsoDate | ReportIssue | null): value is ReportIssue => typeof value === "object" && !!value;

export function isReportGrouping(value: unknown): value is ReportGrouping {
  return typeof value === "string" && (REPORT_GROUPINGS as readonly string[]).includes(value);
}

export type SalesReportQuery = { period: ReportPeriod; groupBy: ReportGrouping };

const API_PARAMETERS = new Set(["from", "to", "groupBy"]);

/**
 * The query of GET /api/reports/sales and its workbook: `from` and `to` (YYYY-MM-DD, both days
 * included, at most MAX_REPORT_YEARS apart) and `groupBy`, all required, each once; anything else
 * is refused with every reason (decision 008's `{error, details}`).
 */
export function parseSalesReportQuery(
  params: URLSearchParams,
): { ok: true; query: SalesReportQuery } | { ok: false; issues: ReportIssue[] } {
  const issues: ReportIssue[] = [];
  for (const key of new Set(params.keys()))
    if (!API_PARAMETERS.has(key)) issues.push({ path: key, message: `Unknown parameter "${key}"` });
  const from = readDay(params, "from");
  const to = readDay(params, "to");
  for (const [name, day] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (isIssue(day)) issues.push(day);
    else if (day === null) issues.push({ path: name, message: `${name} is required (YYYY-MM-DD)` });
  }
  const groupings = params.getAll("groupBy");
  const groupBy = groupings.length === 1 ? groupings[0] : undefined;
  if (!isReportGrouping(groupBy))
    issues.push({ path: "groupBy", message: `groupBy must be one of ${REPORT_GROUPINGS.join(", ")}` });
  const period = typeof from === "string" && typeof to === "string" ? { from, to } : null;
  if (period) issues.push(...periodIssues(period));
  return period && isReportGrouping(groupBy) && issues.length === 0
    ? { ok: true, query: { period, groupBy } }
    : { ok: false, issues };
}

/**
 * The /reports page's period: a day left out or blank takes the default period's (a `from` alone runs
 * to today); other parameters are the page's business, not the report's.
 */
export function parseReportPeriod(
  params: URLSearchParams,
  today: IsoDate,
): { ok: true; period: ReportPeriod } | { ok: false; issues: ReportIssue[] } {
  const fallback = defaultPeriod(today);
  const from = readDay(params, "from");
  const to = readDay(params, "to");
  if (isIssue(from) || isIssue(to)) return { ok: false, issues: [from, to].filter(isIssue) };
  const period = { from: from ?? fallback.from, to: to ?? fallback.to };
  const issues = periodIssues(period);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, period };
}

/** A count and a sum of sales (not void). */
export type SalesTotal = { count: number; totalFils: Fils };
export type DaySales = SalesTotal & { day: IsoDate };
/** One row of a report before its label and order: the stored value it groups on (null when none). */
export type GroupSales = SalesTotal & { key: string | null };
export type ReportRow = SalesTotal & { key: string; label: string };
export type SalesReport = {
  period: ReportPeriod;
  groupBy: ReportGrouping;
  rows: ReportRow[];
  totals: SalesTotal;
};

export const NO_SALES: SalesTotal = { count: 0, totalFils: 0n };

/** Clients who bought in a period, split by whether it held their first purchase not void, with what they spent. */
export type ClientMix = Record<"new" | "returning", SalesTotal & { clients: number }>;

/** A figure for the period and each of its comparisons. */
export type Compared<T> = Record<"current" | "previous" | "lastYear", T>;

export function addTotals(a: SalesTotal, b: SalesTotal): SalesTotal {
  return { count: a.count + b.count, totalFils: a.totalFils + b.totalFils };
}

/** "2026-03" for every month the period touches, in order. */
export function monthsOf(period: ReportPeriod): string[] {
  const months: string[] = [];
  for (let day = monthStart(period.from); day <= period.to; day = subtractMonths(day, -1)) months.push(day.slice(0, 7));
  return months;
}

const within = (day: IsoDate, period: ReportPeriod) => day >= period.from && day <= period.to;

/** The days' sales inside the period, added up. */
export function periodTotals(days: readonly DaySales[], period: ReportPeriod): SalesTotal {
  return days.filter((d) => within(d.day, period)).reduce<SalesTotal>(addTotals, NO_SALES);
}

/**
 * The month rows of a period from its daily sums: every month the period touches, in order, months
 * without sales included (the first and last count only their days inside the period). The
 * database sums per stored day, and the days fold into months here, so a month is the same on
 * SQLite and PostgreSQL without either's date functions (decision 018).
 */
export function monthlySales(days: readonly DaySales[], period: ReportPeriod): GroupSales[] {
  const byMonth = new Map(monthsOf(period).map((month) => [month, NO_SALES]));
  for (const d of days)
    if (within(d.day, period)) byMonth.set(d.day.slice(0, 7), addTotals(byMonth.get(d.day.slice(0, 7))!, d));
  return [...byMonth].map(([key, total]) => ({ key, ...total }));
}

/**
 * What a row is called: the tiers' labels, the name `names` gives its key (an associate; a showroom, team or
 * category, from the shop's tables, a deactivated one included), or what a missing value means.
 */
export function groupLabel(
  groupBy: ReportGrouping,
  key: string,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  switch (groupBy) {
    case "month":
      return formatMonth(key);
    case "showroom":
      return key === NOT_RECORDED_KEY ? NOT_RECORDED_LABELS.showroom : (names.get(key) ?? key);
    case "associate":
      return key === NOT_RECORDED_KEY ? NOT_RECORDED_LABELS.associate : (names.get(key) ?? key);
    case "team":
      return key === NOT_RECORDED_KEY ? NOT_RECORDED_LABELS.team : (names.get(key) ?? key);
    case "tier":
      return labelOf(TIER_LABELS, key);
    case "category":
      return key === UNITEMISED_KEY ? UNITEMISED_LABEL : (names.get(key) ?? key);
  }
}

/** The catch-all rows (nothing recorded, no items) come last: they are not a shop, person or kind. */
const isCatchAll = (key: string) => key === NOT_RECORDED_KEY || key === UNITEMISED_KEY;

/**
 * A report's rows from the database's groups: labelled; months in order; tiers from Diamond down;
 * the rest largest total first (known keys without sales included, at the end), then the
 * catch-all row. `totals` come from the caller: for categories a sale with two kinds of item is
 * in two rows but counts once in the totals. `listed` are the showrooms', teams' or categories' active keys
 * in the shop's order (app/services/shop-lists.server.ts).
 */
export function reportRows(
  groupBy: ReportGrouping,
  groups: readonly GroupSales[],
  names: ReadonlyMap<string, string> = new Map(),
  listed: readonly string[] = [],
): ReportRow[] {
  const byKey = new Map<string, SalesTotal>();
  // Tiers are the app's own rule; the other lists are the shop's, shown even without sales.
  const known = groupBy === "tier" ? TIERS : listed;
  for (const key of known) byKey.set(key, NO_SALES);
  for (const g of groups) {
    const key = g.key ?? (groupBy === "category" ? UNITEMISED_KEY : NOT_RECORDED_KEY);
    byKey.set(key, addTotals(byKey.get(key) ?? NO_SALES, g));
  }
  const rows = [...byKey].map(([key, total]) => ({ key, label: groupLabel(groupBy, key, names), ...total }));
  if (groupBy === "month") return rows.sort((a, b) => a.key.localeCompare(b.key));
  if (groupBy === "tier") return rows.sort((a, b) => known.indexOf(a.key) - known.indexOf(b.key));
  const order = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  return rows.sort(
    (a, b) =>
      Number(isCatchAll(a.key)) - Number(isCatchAll(b.key)) ||
      (a.totalFils === b.totalFils ? 0 : a.totalFils > b.totalFils ? -1 : 1) ||
      b.count - a.count ||
      order(a.key) - order(b.key) ||
      a.label.localeCompare(b.label),
  );
}

/** A report from the database's groups; the totals are the rows' unless given (categories give their own). */
export function salesReportOf(
  period: ReportPeriod,
  groupBy: ReportGrouping,
  groups: readonly GroupSales[],
  {
    names,
    totals,
    listed,
  }: { names?: ReadonlyMap<string, string>; totals?: SalesTotal; listed?: readonly string[] } = {},
): SalesReport {
  const rows = reportRows(groupBy, groups, names, listed);
  return { period, groupBy, rows, totals: totals ?? rows.reduce<SalesTotal>(addTotals, NO_SALES) };
}

/** The average ticket: the total over the count, to the nearest fils (halves up); 0 with no sales. */
export function averageFils({ count, totalFils }: SalesTotal): Fils {
  if (count === 0) return 0n;
  const n = BigInt(count);
  return (totalFils * 2n + n) / (2n * n);
}

/** One decimal of a ratio of integers, halves away from zero: 1234 / 1000 → "1.2" (as tenths, 12). */
function tenthsOfPercent(part: bigint, whole: bigint): bigint {
  const scaled = part * 1000n;
  const half = whole / 2n;
  return scaled >= 0n ? (scaled + half) / whole : (scaled - half) / whole;
}

function tenthsText(tenths: bigint): string {
  const abs = tenths < 0n ? -tenths : tenths;
  return `${abs / 10n}.${abs % 10n}`;
}

/** "+12.5%" / "−4.0%" / "0.0%" from the earlier figure to this one; null when there was nothing before. */
export function percentChange(current: bigint | number, previous: bigint | number): string | null {
  const now = BigInt(current);
  const before = BigInt(previous);
  if (before === 0n) return null;
  const tenths = tenthsOfPercent(now - before, before);
  return `${tenths > 0n ? "+" : tenths < 0n ? "−" : ""}${tenthsText(tenths)}%`;
}

/** "12.5%" of the whole; "0.0%" when the whole is nothing. */
export function shareOf(part: Fils, whole: Fils): string {
  return whole === 0n ? "0.0%" : `${tenthsText(tenthsOfPercent(part, whole))}%`;
}

/** The JSON of GET /api/reports/sales: amounts as decimal strings, like the client's totalSalesValue. */
export type SalesReportJson = {
  rows: { key: string; label: string; count: number; total: string; average: string }[];
  totals: { count: number; total: string; average: string };
};

function totalJson(total: SalesTotal) {
  return {
    count: total.count,
    total: filsToDecimalString(total.totalFils),
    average: filsToDecimalString(averageFils(total)),
  };
}

export function salesReportJson(report: SalesReport): SalesReportJson {
  return {
    rows: report.rows.map((row) => ({ key: row.key, label: row.label, ...totalJson(row) })),
    totals: totalJson(report.totals),
  };
}

/** A row of a report's table: its figures, its share of the total, and the month's last-year total. */
export type ReportTableRow = ReportRow & { averageFils: Fils; share: string; lastYearFils?: Fils };
export type ReportTable = {
  title: string;
  columns: string[];
  rows: ReportTableRow[];
  totals: ReportTableRow;
};

/**
 * The table under each chart and in its workbook (one definition for both): the group, sales,
 * total, average ticket and share; the monthly table also has each month a year earlier, the
 * line its chart draws beside this period's.
 */
export function reportTable(report: SalesReport, lastYearMonths?: readonly SalesTotal[]): ReportTable {
  const withFigures = (row: ReportRow, index: number | null): ReportTableRow => ({
    ...row,
    averageFils: averageFils(row),
    share: shareOf(row.totalFils, report.totals.totalFils),
    ...(lastYearMonths
      ? {
          lastYearFils:
            index === null
              ? lastYearMonths.reduce((sum, m) => sum + m.totalFils, 0n)
              : (lastYearMonths[index]?.totalFils ?? 0n),
        }
      : {}),
  });
  return {
    title: `Sales by ${GROUPING_LABELS[report.groupBy].toLowerCase()}`,
    columns: [
      GROUPING_LABELS[report.groupBy],
      "Sales",
      "Total (AED)",
      "Average ticket (AED)",
      "Share of total",
      ...(lastYearMonths ? ["Same month last year (AED)"] : []),
    ],
    rows: report.rows.map((row, index) => withFigures(row, index)),
    totals: withFigures({ key: "total", label: "Total", ...report.totals }, null),
  };
}

/** The workbook's name: what it groups and the period, e.g. sales-report-showroom-2025-12-01-to-2026-11-25.xlsx. */
export function reportFileName({ period, groupBy }: SalesReportQuery): string {
  return `sales-report-${groupBy}-${period.from}-to-${period.to}.xlsx`;
}

/** The query string of one grouping of a period, as the JSON route and its workbook take it. */
export function reportQueryString({ period, groupBy }: SalesReportQuery): string {
  return new URLSearchParams({ from: period.from, to: period.to, groupBy }).toString();
}
