import { addDays, type IsoDate } from "./calendar";
import { INACTIVE_AFTER_DAYS } from "./client-windows";
import { VIP_TIERS } from "./tiers";

/** Rows shown per dashboard panel; at 100,000 clients a 30-day window holds thousands. */
export const PANEL_LIMIT = 50;

/** docs/product-rules.md §3 Dashboard metrics. */
export type DashboardMetrics = { totalClients: number; activeVips: number; inactiveClients: number };
/** docs/product-rules.md §3 Tier breakdown. */
export type TierBreakdown = { diamond: number; platinum: number; gold: number; silverBronze: number };
export type BusinessSummary = { vipRate: number; retention: number };

/**
 * The earliest purchase day that still makes a client active today: a purchase 89 days ago is
 * active, one 90 days ago is not (in SQL: activeClientSql, app/services/client-book.server.ts).
 */
export function activeSince(today: IsoDate): IsoDate {
  return addDays(today, -(INACTIVE_AFTER_DAYS - 1));
}

/** Rounded percentage; 0 (never NaN) when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 100);
}

/** docs/product-rules.md §9: VIP rate over all clients; retention = clients who are not inactive, over all clients. */
export function businessSummary(metrics: DashboardMetrics): BusinessSummary {
  return {
    vipRate: percentOf(metrics.activeVips, metrics.totalClients),
    retention: percentOf(metrics.totalClients - metrics.inactiveClients, metrics.totalClients),
  };
}

/**
 * Folds per-tier counts (from a GROUP BY on the stored tier) and the count of active clients into the
 * figures the dashboard shows: every client who is not active is inactive.
 */
export function figuresFromTierCounts(
  countByTier: Partial<Record<string, number>>,
  activeClients: number,
): { metrics: DashboardMetrics; tierBreakdown: TierBreakdown } {
  const count = (tier: string) => countByTier[tier] ?? 0;
  const totalClients = Object.values(countByTier).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  return {
    metrics: {
      totalClients,
      activeVips: VIP_TIERS.reduce((sum, tier) => sum + count(tier), 0),
      inactiveClients: totalClients - activeClients,
    },
    tierBreakdown: {
      diamond: count("diamond"),
      platinum: count("platinum"),
      gold: count("gold"),
      silverBronze: count("silver") + count("bronze"),
    },
  };
}
