import type { BusinessSummary } from "~/domain/dashboard-figures";
import { INACTIVE_AFTER_DAYS } from "~/domain/client-windows";

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
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-2xl font-semibold" data-testid={testId}>
          {value}%
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
  return (
    <section className="card" aria-labelledby="business-summary-title" data-testid="business-summary">
      <h2 id="business-summary-title" className="text-lg font-semibold">
        Business Summary
      </h2>
      <div className="mt-4 space-y-5">
        <Rate
          label="VIP rate"
          value={summary.vipRate}
          explanation="Platinum and Diamond clients among all clients."
          testId="vip-rate"
        />
        <Rate
          label="Retention"
          value={summary.retention}
          explanation={`Clients who bought within the last ${INACTIVE_AFTER_DAYS} days among all clients.`}
          testId="retention"
        />
      </div>
    </section>
  );
}
