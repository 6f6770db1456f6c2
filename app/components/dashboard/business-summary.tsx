import type { BusinessSummary } from "~/domain/dashboard-figures";
import { INACTIVE_AFTER_DAYS } from "~/domain/client-windows";
import { useTranslation } from "react-i18next";
import { usePageLocale } from "~/i18n/i18n-provider";
import { formatCount } from "~/domain/display-labels";

function Rate({
  label,
  value,
  explanation,
  testId,
}: {
  label: string;
  value: number;
  explanation: string;
  testId: string;
}) {
  const locale = usePageLocale();
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-2xl font-semibold" data-testid={testId}>
          {formatCount(value, locale)}%
        </span>
      </div>
      <div className="mt-1 h-2 w-full overflow-hidden rounded-full bg-gray-100" aria-hidden>
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${value}%` }} />
      </div>
      <p className="mt-1 text-xs text-gray-500">{explanation}</p>
    </div>
  );
}

/** docs/product-rules.md §9: VIP rate and retention, rounded; 0% with no clients. */
export function BusinessSummaryPanel({ summary }: { summary: BusinessSummary }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="business-summary-title" data-testid="business-summary">
      <h2 id="business-summary-title" className="text-lg font-semibold">
        {t("dashboard:summary.title")}
      </h2>
      <div className="mt-4 space-y-5">
        <Rate
          label={t("dashboard:summary.vipRate")}
          value={summary.vipRate}
          explanation={t("dashboard:summary.vipRateExplanation")}
          testId="vip-rate"
        />
        <Rate
          label={t("dashboard:summary.retention")}
          value={summary.retention}
          explanation={t("dashboard:summary.retentionExplanation", { days: INACTIVE_AFTER_DAYS })}
          testId="retention"
        />
      </div>
    </section>
  );
}
