import { Link } from "@remix-run/react";
import { percentOf, type TierBreakdown } from "~/domain/dashboard-figures";
import { formatCount } from "~/domain/display-labels";
import type { Tier } from "~/domain/tiers";
import { useTranslation } from "react-i18next";
import { TIER_KEYS } from "~/i18n/label-keys";
import { usePageLocale } from "~/i18n/i18n-provider";

type Row = { key: keyof TierBreakdown; tiers: Tier[]; barClass: string };

const ROWS: Row[] = [
  { key: "diamond", tiers: ["diamond"], barClass: "bg-sky-600" },
  { key: "platinum", tiers: ["platinum"], barClass: "bg-slate-500" },
  { key: "gold", tiers: ["gold"], barClass: "bg-brand-500" },
  { key: "silverBronze", tiers: ["silver", "bronze"], barClass: "bg-amber-800" },
];

/**
 * Customer Tier Breakdown: counts with a bar chart drawn in CSS on the server (bar length relative
 * to the largest tier), so it reads the same without JavaScript. Tier names link to the filtered list.
 */
export function TierBreakdownPanel({ breakdown, totalClients }: { breakdown: TierBreakdown; totalClients: number }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const largest = Math.max(...ROWS.map((r) => breakdown[r.key]), 1);
  return (
    <section className="card" aria-labelledby="tier-breakdown-title" data-testid="tier-breakdown">
      <h2 id="tier-breakdown-title" className="text-lg font-semibold">
        {t("dashboard:tiers.title")}
      </h2>
      <ul className="mt-4 space-y-3">
        {ROWS.map((row) => {
          const value = breakdown[row.key];
          const share = percentOf(value, totalClients);
          return (
            <li key={row.key} data-testid={`tier-${row.key}`}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">
                  {row.tiers.map((tier, i) => (
                    <span key={tier}>
                      {i > 0 ? t("dashboard:tiers.and") : null}
                      <Link to={`/customers?tier=${tier}`} className="hover:underline">
                        {t(TIER_KEYS[tier])}
                      </Link>
                    </span>
                  ))}
                </span>
                <span>
                  <span className="font-semibold" data-testid={`tier-${row.key}-count`}>
                    {formatCount(value, locale)}
                  </span>{" "}
                  <span className="text-gray-500">({share}%)</span>
                </span>
              </div>
              <div className="mt-1 h-3 w-full overflow-hidden rounded-full bg-gray-100" aria-hidden>
                <div
                  className={`h-full rounded-full ${row.barClass}`}
                  style={{ width: `${(value / largest) * 100}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
