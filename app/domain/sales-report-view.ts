import type { IsoDate } from "./calendar";
import { formatCount } from "./display-labels";
import { formatAed, formatAmount } from "./money";
import {
  barChartGeometry,
  compactAmount,
  lineChartGeometry,
  type BarChartGeometry,
  type InlineDirection,
  type LineChartGeometry,
} from "./report-charts";
import {
  averageFils,
  CATEGORY_NOTE,
  defaultPeriod,
  percentChange,
  periodLabel,
  reportQueryString,
  reportTable,
  type ClientMix,
  type Compared,
  type ReportGrouping,
  type ReportPeriod,
  type ReportTable,
  type SalesReport,
  type SalesTotal,
} from "./sales-report";

/**
 * What the /reports page shows, worked out where the loader runs: the charts' geometry and every
 * figure as text, so the page renders the same on the server and while hydrating, and the
 * browser gets no chart code (docs/decisions/018-sales-report.md).
 */

/** Where a grouping's workbook is served: the JSON route's query, as a spreadsheet. */
export const REPORT_WORKBOOK_PATH = "/api/reports/sales.xlsx";

export type TableView = {
  title: string;
  columns: string[];
  rows: { key: string; cells: string[] }[];
  totals: string[];
};

export function tableView(table: ReportTable): TableView {
  const cells = (row: ReportTable["totals"]) => [
    row.label,
    formatCount(row.count),
    formatAmount(row.totalFils),
    formatAmount(row.averageFils),
    row.share,
    ...(row.lastYearFils === undefined ? [] : [formatAmount(row.lastYearFils)]),
  ];
  return {
    title: table.title,
    columns: table.columns,
    rows: table.rows.map((row) => ({ key: row.key, cells: cells(row) })),
    totals: cells(table.totals),
  };
}

type ChartSection = {
  groupBy: ReportGrouping;
  title: string;
  /** One sentence for the chart's description: what it shows and its largest figure. */
  description: string;
  note: string | null;
  downloadHref: string;
  table: TableView;
};
export type BarChartSection = ChartSection & { kind: "bar"; chart: BarChartGeometry };
export type LineChartSection = ChartSection & {
  kind: "line";
  chart: LineChartGeometry;
  legend: { key: string; label: string }[];
};

const salesCount = (n: number) => (n === 1 ? "1 sale" : `${formatCount(n)} sales`);

/** Chart labels stay on one line beside their value on a phone; the table has them whole. */
export const CHART_LABEL_MAX = 26;
function chartLabel(label: string): string {
  return label.length > CHART_LABEL_MAX ? `${label.slice(0, CHART_LABEL_MAX - 1).trimEnd()}…` : label;
}

function downloadHref(report: SalesReport): string {
  return `${REPORT_WORKBOOK_PATH}?${reportQueryString(report)}`;
}

function largest(report: SalesReport): string {
  const top = report.rows.reduce<SalesReport["rows"][number] | null>(
    (best, row) => (row.totalFils > (best?.totalFils ?? 0n) ? row : best),
    null,
  );
  return top
    ? `Largest: ${top.label}, ${formatAed(top.totalFils)} of ${formatAed(report.totals.totalFils)}.`
    : "No sales in this period.";
}

/** A grouping's bar chart (total per group) with its table. */
export function barChartSection(report: SalesReport, dir: InlineDirection = "ltr"): BarChartSection {
  const table = reportTable(report);
  return {
    kind: "bar",
    groupBy: report.groupBy,
    title: table.title,
    description: `Total sales by ${table.columns[0]!.toLowerCase()}, ${periodLabel(report.period)}. ${largest(report)}`,
    note: report.groupBy === "category" ? CATEGORY_NOTE : null,
    downloadHref: downloadHref(report),
    table: tableView(table),
    chart: barChartGeometry(
      report.rows.map((row) => ({
        key: row.key,
        label: chartLabel(row.label),
        value: row.totalFils,
        valueText: `AED ${compactAmount(row.totalFils)}`,
        title: `${row.label}: ${formatAed(row.totalFils)} from ${salesCount(row.count)}`,
      })),
      dir,
    ),
  };
}

/** The monthly line: this period's months and the same months a year earlier, with its table. */
export function monthlySection(
  months: SalesReport,
  lastYearMonths: readonly SalesTotal[],
  dir: InlineDirection = "ltr",
): LineChartSection {
  const table = reportTable(months, lastYearMonths);
  const labels = months.rows.map((row) => row.label);
  const lastYearLabel = (label: string) => label.replace(/\d{4}$/, (year) => String(Number(year) - 1));
  return {
    kind: "line",
    groupBy: "month",
    title: table.title,
    description: `Total sales each month, ${periodLabel(months.period)}, beside the same months a year earlier. ${largest(months)}`,
    note: null,
    downloadHref: downloadHref(months),
    table: tableView(table),
    legend: [
      { key: "current", label: "This period" },
      { key: "lastYear", label: "Same months last year" },
    ],
    chart: lineChartGeometry(
      labels,
      [
        {
          key: "current",
          label: "This period",
          values: months.rows.map((row) => row.totalFils),
          titles: months.rows.map((row) => `${row.label}: ${formatAed(row.totalFils)} from ${salesCount(row.count)}`),
        },
        {
          key: "lastYear",
          label: "Same months last year",
          values: lastYearMonths.map((m) => m.totalFils),
          titles: lastYearMonths.map(
            (m, i) => `${lastYearLabel(labels[i] ?? "")}: ${formatAed(m.totalFils)} from ${salesCount(m.count)}`,
          ),
        },
      ],
      dir,
    ),
  };
}

/** One line of the comparison table: the figure in each period and the change to this one. */
export type ComparisonRow = {
  key: string;
  label: string;
  current: string;
  previous: string;
  previousChange: string;
  lastYear: string;
  lastYearChange: string;
};

const NO_CHANGE = "—";

/** Sales, total, average ticket, and who bought (new and returning clients), in each period. */
export function comparisonRows(totals: Compared<SalesTotal>, clients: Compared<ClientMix>): ComparisonRow[] {
  const row = (key: string, label: string, of: (p: keyof Compared<unknown>) => bigint, text: (v: bigint) => string) => {
    const [current, previous, lastYear] = [of("current"), of("previous"), of("lastYear")];
    return {
      key,
      label,
      current: text(current),
      previous: text(previous),
      previousChange: percentChange(current, previous) ?? NO_CHANGE,
      lastYear: text(lastYear),
      lastYearChange: percentChange(current, lastYear) ?? NO_CHANGE,
    };
  };
  const count = (n: bigint) => formatCount(Number(n));
  return [
    row("sales", "Sales", (p) => BigInt(totals[p].count), count),
    row("total", "Total", (p) => totals[p].totalFils, formatAed),
    row("average", "Average ticket", (p) => averageFils(totals[p]), formatAed),
    row("clients", "Clients who bought", (p) => BigInt(clients[p].new.clients + clients[p].returning.clients), count),
    row("newClients", "New clients (first purchase)", (p) => BigInt(clients[p].new.clients), count),
    row("newTotal", "New clients' total", (p) => clients[p].new.totalFils, formatAed),
    row("returningClients", "Returning clients", (p) => BigInt(clients[p].returning.clients), count),
    row("returningTotal", "Returning clients' total", (p) => clients[p].returning.totalFils, formatAed),
  ];
}

/** The quick choices beside the period form, as links that work without JavaScript. */
export function periodPresets(today: IsoDate): { label: string; period: ReportPeriod }[] {
  const year = Number(today.slice(0, 4));
  return [
    { label: "Last 12 months", period: defaultPeriod(today) },
    { label: "This month", period: { from: `${today.slice(0, 7)}-01`, to: today } },
    { label: "This year", period: { from: `${year}-01-01`, to: today } },
    { label: "Last year", period: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } },
  ];
}
