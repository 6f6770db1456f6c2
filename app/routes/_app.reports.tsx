import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { ChartCard, ComparisonTable, PeriodForm } from "~/components/reports/report-sections";
import { businessToday } from "~/domain/calendar";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { parseReportPeriod, periodLabel, type ReportPeriod } from "~/domain/sales-report";
import { barChartSection, comparisonRows, monthlySection, periodPresets } from "~/domain/sales-report-view";
import { translatorFor } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { readShopLists } from "~/services/shop-lists.server";
import { salesReportsPage } from "~/services/sales-report.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["cash", "clientForm", "clients", "dashboard", "reports"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "reports:title")} | ${PRODUCT_NAME}` },
];

const periodHref = (period: ReportPeriod) => `/reports?${new URLSearchParams({ ...period }).toString()}`;

/**
 * /reports (docs/decisions/018-sales-report.md): the sales of a period (from/to in the URL; the
 * last 12 months by default) by month, showroom, associate, team, tier and item category, with
 * the previous period and the same period last year beside it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ user }, translator, lists] = await Promise.all([
    requireUser(request, { access: ACCESS.reports }),
    translatorFor(request, "reports"),
    readShopLists(),
  ]);
  // Showrooms and categories are named from the shop's tables in the page's language.
  const words = { ...translator, lists };
  const { locale } = words;
  const today = businessToday();
  const params = new URL(request.url).searchParams;
  const parsed = parseReportPeriod(params, today);
  const presetsFor = (period: ReportPeriod | null) =>
    periodPresets(today, words).map((preset) => ({
      label: preset.label,
      href: periodHref(preset.period),
      current: period !== null && preset.period.from === period.from && preset.period.to === period.to,
    }));
  if (!parsed.ok) {
    // The form keeps what was typed, so it can be corrected.
    const values = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
    const issues = parsed.issues.map((issue) => ({ path: issue.path, message: say(words.t, issue.message) }));
    return data(
      { ok: false as const, values, issues, presets: presetsFor(null), cashReports: user.role === "admin" },
      { status: 400 },
    );
  }
  const { period } = parsed;
  const overview = await salesReportsPage(period);
  return {
    ok: true as const,
    // The cash reports are an admin's (docs/guide/cash-rule.md): linked from here for them only.
    cashReports: user.role === "admin",
    values: period,
    issues: [],
    presets: presetsFor(period),
    periodText: periodLabel(period, locale),
    periods: {
      current: periodLabel(overview.periods.current, locale),
      previous: periodLabel(overview.periods.previous, locale),
      lastYear: periodLabel(overview.periods.lastYear, locale),
    },
    comparisons: comparisonRows(overview.totals, overview.clients, words),
    monthly: monthlySection(overview.months, overview.lastYearMonths, words),
    dimensions: overview.charts.map((report) => barChartSection(report, words)),
  };
}

export default function SalesReportPage() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t("reports:title")}</h1>
        <p className="mt-1 text-sm text-gray-600">
          {t("reports:intro", { period: page.ok ? page.periodText : t("reports:choosePeriod") })}
        </p>
        {page.cashReports ? (
          <p className="mt-1 text-sm">
            <Link to="/reports/cash" className="text-brand-700 underline">
              {t("cash:report.title")}
            </Link>{" "}
            <span className="text-gray-600">{t("cash:report.linkText")}</span>
          </p>
        ) : null}
      </header>

      <PeriodForm values={page.values} presets={page.presets} issues={page.issues} />

      {page.ok ? (
        <>
          <ComparisonTable rows={page.comparisons} periods={page.periods} />
          <ChartCard section={page.monthly} periodText={page.periodText} />
          <div className="grid gap-6 2xl:grid-cols-2">
            {page.dimensions.map((section) => (
              <ChartCard key={section.groupBy} section={section} periodText={page.periodText} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
