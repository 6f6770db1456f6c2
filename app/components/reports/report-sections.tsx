import { Form, Link } from "@remix-run/react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import type { BarChartSection, ComparisonRow, LineChartSection, TableView } from "~/domain/sales-report-view";
import { BarChart, LineChart, LineLegend } from "./report-charts";

/** The period as a plain GET form (JavaScript only makes the navigation in-app), with quick choices as links. */
export function PeriodForm({
  values,
  presets,
  issues,
}: {
  values: { from: string; to: string };
  presets: { label: string; href: string; current: boolean }[];
  /** The period's problems, said by the loader in the page's language. */
  issues: { path: string; message: string }[];
}) {
  const { t } = useTranslation();
  const problem = (path: string) => issues.find((issue) => issue.path === path)?.message;
  return (
    <section className="card" aria-labelledby="report-period-title">
      <h2 id="report-period-title" className="text-lg font-semibold">
        {t("reports:period.heading")}
      </h2>
      <Form
        method="get"
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        key={`${values.from}:${values.to}`}
      >
        {/* The period's one error, under the form, describes whichever date it is about. */}
        <Field id="report-from" label={t("reports:period.from")}>
          {(control) => (
            <input
              {...control}
              name="from"
              type="date"
              className="input mt-1"
              defaultValue={values.from}
              aria-invalid={problem("from") ? true : undefined}
              aria-describedby={problem("from") ? "report-period-error" : undefined}
            />
          )}
        </Field>
        <Field id="report-to" label={t("reports:period.to")}>
          {(control) => (
            <input
              {...control}
              name="to"
              type="date"
              className="input mt-1"
              defaultValue={values.to}
              aria-invalid={problem("to") ? true : undefined}
              aria-describedby={problem("to") ? "report-period-error" : undefined}
            />
          )}
        </Field>
        <button type="submit" className="btn-primary">
          {t("reports:period.show")}
        </button>
      </Form>
      {issues.length > 0 ? (
        <p id="report-period-error" role="alert" className="field-error">
          {issues.map((issue) => issue.message).join(". ")}
        </p>
      ) : null}
      <nav aria-label={t("reports:period.quick")} className="mt-3 flex flex-wrap gap-2">
        {presets.map((preset) => (
          <Link
            key={preset.label}
            to={preset.href}
            aria-current={preset.current ? "page" : undefined}
            className={clsx(
              "badge border px-3 py-1 text-sm",
              preset.current
                ? "border-brand-700 bg-brand-50 text-brand-700"
                : "border-gray-300 text-gray-700 hover:bg-gray-50",
            )}
          >
            {preset.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}

/** A table that scrolls sideways inside its own box on a phone, never the page. */
function ScrollBox({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <div className="mt-4 max-w-full overflow-x-auto" data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * Figures stay on one line; the first column (what the row is) wraps and stays at the inline start
 * while the figures scroll under it, so a phone always shows what a number is.
 */
const cellClass = (column: number) =>
  clsx("px-3 py-2", column === 0 ? "sticky start-0 min-w-32 bg-white text-start" : "text-end whitespace-nowrap");

/**
 * Every figure of a chart: the group in the first column, the total row last. Associates' names are
 * people's names, isolated as typed text.
 */
export function ReportTable({ table, caption, names }: { table: TableView; caption: string; names: boolean }) {
  return (
    <ScrollBox testId="report-table">
      <table className="min-w-full text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 text-xs text-gray-600">
          <tr>
            {table.columns.map((column, i) => (
              <th key={column} scope="col" className={clsx(cellClass(i), "font-medium")}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {table.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={clsx(cellClass(i), "font-normal")}>
                    {names ? <bdi>{cell}</bdi> : cell}
                  </th>
                ) : (
                  <td key={i} className={cellClass(i)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-gray-300 font-semibold">
          <tr>
            {table.totals.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className={cellClass(i)}>
                  {cell}
                </th>
              ) : (
                <td key={i} className={cellClass(i)}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      </table>
    </ScrollBox>
  );
}

/** A chart's card: its heading, the chart, the note on what it counts, its table and its workbook. */
export function ChartCard({
  section,
  periodText,
}: {
  section: BarChartSection | LineChartSection;
  periodText: string;
}) {
  const { t } = useTranslation();
  const headingId = `report-${section.groupBy}-title`;
  return (
    <section className="card min-w-0" aria-labelledby={headingId} data-testid={`report-${section.groupBy}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {section.title}
        </h2>
        <a href={section.downloadHref} download className="text-sm font-medium text-brand-700 hover:underline">
          {t("reports:chart.download")}
          <span className="sr-only">{t("reports:chart.downloadOf", { title: section.title.toLowerCase() })}</span>
        </a>
      </div>
      <div className="mt-4">
        {section.kind === "line" ? (
          <>
            <LineChart section={section} />
            <LineLegend section={section} />
          </>
        ) : (
          <BarChart section={section} />
        )}
      </div>
      {section.note ? <p className="mt-3 text-xs text-gray-600">{section.note}</p> : null}
      <ReportTable
        table={section.table}
        caption={t("reports:chart.tableCaption", { title: section.title, period: periodText })}
        names={section.groupBy === "associate"}
      />
    </section>
  );
}

/** The period against the one before it and the same days last year, figure by figure. */
export function ComparisonTable({
  rows,
  periods,
}: {
  rows: ComparisonRow[];
  periods: Record<"current" | "previous" | "lastYear", string>;
}) {
  const { t } = useTranslation();
  const heading = (title: string, days: string) => (
    <>
      {title}
      <span className="block min-w-28 font-normal whitespace-normal text-gray-500">{days}</span>
    </>
  );
  return (
    <section className="card min-w-0" aria-labelledby="report-summary-title" data-testid="report-summary">
      <h2 id="report-summary-title" className="text-lg font-semibold">
        {t("reports:summary.heading")}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t("reports:summary.note")}</p>
      <ScrollBox>
        <table className="min-w-full text-sm tabular-nums">
          <caption className="sr-only">{t("reports:summary.caption")}</caption>
          <thead className="border-b border-gray-200 text-xs text-gray-600">
            <tr>
              <th scope="col" className={clsx(cellClass(0), "font-medium")}>
                {t("reports:summary.figure")}
              </th>
              <th scope="col" className={clsx(cellClass(1), "font-medium")}>
                {heading(t("reports:summary.thisPeriod"), periods.current)}
              </th>
              <th scope="col" className={clsx(cellClass(2), "font-medium")}>
                {heading(t("reports:summary.previousPeriod"), periods.previous)}
              </th>
              <th scope="col" className={clsx(cellClass(3), "font-medium")}>
                {t("reports:summary.change")}
              </th>
              <th scope="col" className={clsx(cellClass(4), "font-medium")}>
                {heading(t("reports:summary.samePeriodLastYear"), periods.lastYear)}
              </th>
              <th scope="col" className={clsx(cellClass(5), "font-medium")}>
                {t("reports:summary.change")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.key} data-testid={`summary-${row.key}`}>
                <th scope="row" className={clsx(cellClass(0), "font-normal")}>
                  {row.label}
                </th>
                <td className={clsx(cellClass(1), "font-semibold")}>{row.current}</td>
                <td className={cellClass(2)}>{row.previous}</td>
                <td className={cellClass(3)}>{row.previousChange}</td>
                <td className={cellClass(4)}>{row.lastYear}</td>
                <td className={cellClass(5)}>{row.lastYearChange}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
