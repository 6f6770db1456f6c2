import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DashboardMetrics, TierBreakdown } from "~/domain/dashboard-figures";
import { INACTIVE_AFTER_DAYS } from "~/domain/client-windows";
import { formatCount } from "~/domain/display-labels";
import { useTranslation } from "react-i18next";
import { usePageLocale } from "~/i18n/i18n-provider";

function FigureCard({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: number;
  testId: string;
  children: ReactNode;
}) {
  const locale = usePageLocale();
  return (
    <section className="card flex flex-col gap-2" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-sm font-medium text-gray-600">
        {title}
      </h2>
      <p className="text-3xl font-semibold" data-testid={`${testId}-value`}>
        {formatCount(value, locale)}
      </p>
      <div className="mt-auto text-sm text-gray-600">{children}</div>
    </section>
  );
}

/**
 * The three client cards. Each links to the customer list filtered to it; Inactive links to the
 * list's `inactive=1` filter, which uses the card's own rule, so the list's total is the card's number.
 */
export function FigureCards({ metrics, tierBreakdown }: { metrics: DashboardMetrics; tierBreakdown: TierBreakdown }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <FigureCard title={t("dashboard:cards.total")} value={metrics.totalClients} testId="card-total">
        <Link to="/customers" className="font-medium text-brand-700 hover:underline">
          {t("dashboard:cards.viewAll")}
        </Link>
      </FigureCard>
      <FigureCard title={t("dashboard:cards.vip")} value={metrics.activeVips} testId="card-vip">
        <p>{t("dashboard:cards.vipTiers")}</p>
        <p className="mt-1 flex flex-wrap gap-x-3">
          <Link to="/customers?tier=platinum" className="font-medium text-brand-700 hover:underline">
            {t("dashboard:cards.platinum", { n: formatCount(tierBreakdown.platinum, locale) })}
          </Link>
          <Link to="/customers?tier=diamond" className="font-medium text-brand-700 hover:underline">
            {t("dashboard:cards.diamond", { n: formatCount(tierBreakdown.diamond, locale) })}
          </Link>
        </p>
      </FigureCard>
      <FigureCard title={t("dashboard:cards.inactive")} value={metrics.inactiveClients} testId="card-inactive">
        <p>
          {t("dashboard:cards.inactiveRule", { days: INACTIVE_AFTER_DAYS })}
          <sup aria-hidden>*</sup>
        </p>
        <p className="mt-1 text-xs text-gray-500" data-testid="inactive-footnote">
          {t("dashboard:cards.inactiveFootnote")}
        </p>
        <Link to="/customers?inactive=1" className="mt-1 inline-block font-medium text-brand-700 hover:underline">
          {t("dashboard:cards.viewInactive")}
        </Link>
      </FigureCard>
    </div>
  );
}
