import type { TFunction } from "i18next";
import { TIER_KEYS } from "~/i18n/label-keys";
import type { IsoDate } from "./calendar";
import { formatMonth } from "./client-display";
import { nameIn } from "./messages";
import type { ShopChoice, ShopLists } from "./shop-lists";
import { formatCount } from "./display-labels";
import { localeOf, type Language, type Locale } from "./languages";
import { formatAed, formatAmount, type Fils } from "./money";
import { writeNumber } from "./numerals";
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
  defaultPeriod,
  NOT_RECORDED_KEY,
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
  UNITEMISED_KEY,
} from "./sales-report";

/**
 * What the /reports page shows, worked out where the loader runs: the charts' geometry and every
 * figure as text, so the page renders the same on the server and while hydrating, and the
 * browser gets no chart code (docs/decisions/018-sales-report.md).
 */

/**
 * The page's words: its language and a `t` over the reports catalog (app/locales/{en,ar}/reports.json).
 * The workbook and GET /api/reports/sales keep the report's own English (decision 008).
 */
/** The page's language and words; `lists` name showrooms, teams and categories in it (the shop's tables). */
export type ReportWords = { language: Language; locale?: Locale; t: TFunction; lists?: ShopLists };

/** The shop's table whose rows a grouping's keys are, if any. */
function shopListOf(groupBy: ReportGrouping, words: ReportWords): readonly ShopChoice[] | undefined {
  if (groupBy === "showroom") return words.lists?.showrooms;
  if (groupBy === "team") return words.lists?.teams;
  if (groupBy === "category") return words.lists?.itemCategories;
}

/** The page's digits with its words (a bare language is Western digits). */
const localeIn = (words: ReportWords): Locale => words.locale ?? localeOf(words.language);
/** A number's text (an amount without AED, a share) in the page's digits. */
const numberIn = (words: ReportWords, text: string) => writeNumber(text, localeIn(words).numerals);

const dirOf = (words: ReportWords): InlineDirection => (words.language === "ar" ? "rtl" : "ltr");

/** Catalog keys written out, so the catalog check sees each one used. */
const GROUPING_KEYS: Record<ReportGrouping, string> = {
  month: "reports:groupings.month",
  showroom: "reports:groupings.showroom",
  associate: "reports:groupings.associate",
  team: "reports:groupings.team",
  tier: "reports:groupings.tier",
  category: "reports:groupings.category",
};
const TITLE_KEYS: Record<ReportGrouping, string> = {
  month: "reports:titles.month",
  showroom: "reports:titles.showroom",
  associate: "reports:titles.associate",
  team: "reports:titles.team",
  tier: "reports:titles.tier",
  category: "reports:titles.category",
};
const LIST_KEYS: Partial<Record<ReportGrouping, Record<string, string>>> = {
  showroom: { [NOT_RECORDED_KEY]: "reports:rows.noShowroom" },
  associate: { [NOT_RECORDED_KEY]: "reports:rows.noAssociate" },
  team: { [NOT_RECORDED_KEY]: "reports:rows.noTeam" },
  tier: TIER_KEYS,
  category: { [UNITEMISED_KEY]: "reports:rows.unitemised" },
};

/**
 * A row's name on an Arabic page: the month, or the list's word for a stored key. English rows keep the
 * labels the report gave them (the API's); an associate keeps their name, and a key a list no longer has
 * its stored label.
 */
function rowLabel(groupBy: ReportGrouping, row: { key: string; label: string }, words: ReportWords): string {
  if (words.language === "en") return row.label;
  if (groupBy === "month") return formatMonth(row.key, localeIn(words));
  const named = shopListOf(groupBy, words)?.find((r) => r.key === row.key);
  if (named) return nameIn(words.language, named);
  const key = LIST_KEYS[groupBy]?.[row.key];
  return key ? words.t(key) : row.label;
}

/** The report in the page's words: its rows named in the page's language. */
function relabelled(report: SalesReport, words: ReportWords): SalesReport {
  return { ...report, rows: report.rows.map((row) => ({ ...row, label: rowLabel(report.groupBy, row, words) })) };
}

/** Where a grouping's workbook is served: the JSON route's query, as a spreadsheet. */
export const REPORT_WORKBOOK_PATH = "/api/reports/sales.xlsx";

export type TableView = {
  title: string;
  columns: string[];
  rows: { key: string; cells: string[] }[];
  totals: string[];
};

export function tableView(table: ReportTable, groupBy: ReportGrouping, words: ReportWords): TableView {
  const { t } = words;
  const amount = (fils: Fils) => numberIn(words, formatAmount(fils));
  const cells = (row: ReportTable["totals"]) => [
    row.label,
    formatCount(row.count, localeIn(words)),
    amount(row.totalFils),
    amount(row.averageFils),
    numberIn(words, row.share),
    ...(row.lastYearFils === undefined ? [] : [amount(row.lastYearFils)]),
  ];
  const lastYear = table.columns.length > 5;
  return {
    title: t(TITLE_KEYS[groupBy]),
    columns: [
      t(GROUPING_KEYS[groupBy]),
      t("reports:table.sales"),
      t("reports:table.total"),
      t("reports:table.average"),
      t("reports:table.share"),
      ...(lastYear ? [t("reports:table.sameMonthLastYear")] : []),
    ],
    rows: table.rows.map((row) => ({ key: row.key, cells: cells(row) })),
    totals: cells({ ...table.totals, label: t("reports:table.totalRow") }),
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

/** "Dubai Mall: AED 1,234.00 from 3 sales": a figure's exact words, on hover. */
const figureTitle = (words: ReportWords, label: string, total: SalesTotal) =>
  words.t("reports:chart.figureTitle", {
    label,
    total: formatAed(total.totalFils, localeIn(words)),
    count: total.count,
    n: formatCount(total.count, localeIn(words)),
  });

/** Chart labels stay on one line beside their value on a phone; the table has them whole. */
export const CHART_LABEL_MAX = 26;
function chartLabel(label: string): string {
  return label.length > CHART_LABEL_MAX ? `${label.slice(0, CHART_LABEL_MAX - 1).trimEnd()}…` : label;
}

function downloadHref(report: SalesReport): string {
  return `${REPORT_WORKBOOK_PATH}?${reportQueryString(report)}`;
}

function largest(report: SalesReport, words: ReportWords): string {
  const { t } = words;
  const top = report.rows.reduce<SalesReport["rows"][number] | null>(
    (best, row) => (row.totalFils > (best?.totalFils ?? 0n) ? row : best),
    null,
  );
  return top
    ? t("reports:chart.largest", {
        label: top.label,
        total: formatAed(top.totalFils, localeIn(words)),
        all: formatAed(report.totals.totalFils, localeIn(words)),
      })
    : t("reports:chart.noSales");
}

/** A grouping's bar chart (total per group) with its table. */
export function barChartSection(englishReport: SalesReport, words: ReportWords): BarChartSection {
  const report = relabelled(englishReport, words);
  const { t } = words;
  const table = tableView(reportTable(report), report.groupBy, words);
  return {
    kind: "bar",
    groupBy: report.groupBy,
    title: table.title,
    description: t("reports:chart.barDescription", {
      grouping: table.columns[0]!.toLowerCase(),
      title: table.title,
      period: periodLabel(report.period, localeIn(words)),
      largest: largest(report, words),
    }),
    note: report.groupBy === "category" ? t("reports:categoryNote") : null,
    downloadHref: downloadHref(report),
    table,
    chart: barChartGeometry(
      report.rows.map((row) => ({
        key: row.key,
        label: chartLabel(row.label),
        value: row.totalFils,
        valueText: t("reports:chart.compact", { amount: compactAmount(row.totalFils) }),
        title: figureTitle(words, row.label, row),
      })),
      dirOf(words),
    ),
  };
}

/** The monthly line: this period's months and the same months a year earlier, with its table. */
export function monthlySection(
  englishMonths: SalesReport,
  lastYearMonths: readonly SalesTotal[],
  words: ReportWords,
): LineChartSection {
  const months = relabelled(englishMonths, words);
  const { t } = words;
  const labels = months.rows.map((row) => row.label);
  const lastYearLabel = (label: string) => label.replace(/\d{4}$/, (year) => String(Number(year) - 1));
  const [current, lastYear] = [t("reports:chart.thisPeriod"), t("reports:chart.sameMonthsLastYear")];
  return {
    kind: "line",
    groupBy: "month",
    title: t(TITLE_KEYS.month),
    description: t("reports:chart.monthlyDescription", {
      period: periodLabel(months.period, localeIn(words)),
      largest: largest(months, words),
    }),
    note: null,
    downloadHref: downloadHref(months),
    table: tableView(reportTable(months, lastYearMonths), "month", words),
    legend: [
      { key: "current", label: current },
      { key: "lastYear", label: lastYear },
    ],
    chart: lineChartGeometry(
      labels,
      [
        {
          key: "current",
          label: current,
          values: months.rows.map((row) => row.totalFils),
          titles: months.rows.map((row) => figureTitle(words, row.label, row)),
        },
        {
          key: "lastYear",
          label: lastYear,
          values: lastYearMonths.map((m) => m.totalFils),
          titles: lastYearMonths.map((m, i) => figureTitle(words, lastYearLabel(labels[i] ?? ""), m)),
        },
      ],
      dirOf(words),
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
export function comparisonRows(
  totals: Compared<SalesTotal>,
  clients: Compared<ClientMix>,
  words: ReportWords,
): ComparisonRow[] {
  const { t } = words;
  const row = (key: string, label: string, of: (p: keyof Compared<unknown>) => bigint, text: (v: bigint) => string) => {
    const [current, previous, lastYear] = [of("current"), of("previous"), of("lastYear")];
    return {
      key,
      label,
      current: text(current),
      previous: text(previous),
      previousChange: numberIn(words, percentChange(current, previous) ?? NO_CHANGE),
      lastYear: text(lastYear),
      lastYearChange: numberIn(words, percentChange(current, lastYear) ?? NO_CHANGE),
    };
  };
  const count = (n: bigint) => formatCount(Number(n), localeIn(words));
  const aed = (fils: bigint) => formatAed(fils, localeIn(words));
  return [
    row("sales", t("reports:summary.sales"), (p) => BigInt(totals[p].count), count),
    row("total", t("reports:summary.total"), (p) => totals[p].totalFils, aed),
    row("average", t("reports:summary.average"), (p) => averageFils(totals[p]), aed),
    row(
      "clients",
      t("reports:summary.clients"),
      (p) => BigInt(clients[p].new.clients + clients[p].returning.clients),
      count,
    ),
    row("newClients", t("reports:summary.newClients"), (p) => BigInt(clients[p].new.clients), count),
    row("newTotal", t("reports:summary.newTotal"), (p) => clients[p].new.totalFils, aed),
    row("returningClients", t("reports:summary.returningClients"), (p) => BigInt(clients[p].returning.clients), count),
    row("returningTotal", t("reports:summary.returningTotal"), (p) => clients[p].returning.totalFils, aed),
  ];
}

/** The quick choices beside the period form, as links that work without JavaScript. */
export function periodPresets(today: IsoDate, { t }: ReportWords): { label: string; period: ReportPeriod }[] {
  const year = Number(today.slice(0, 4));
  return [
    { label: t("reports:period.last12Months"), period: defaultPeriod(today) },
    { label: t("reports:period.thisMonth"), period: { from: `${today.slice(0, 7)}-01`, to: today } },
    { label: t("reports:period.thisYear"), period: { from: `${year}-01-01`, to: today } },
    { label: t("reports:period.lastYear"), period: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } },
  ];
}
