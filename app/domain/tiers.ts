import { AED, type Fils } from "./money";

export const TIERS = ["diamond", "platinum", "gold", "silver", "bronze"] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_LABELS: Record<Tier, string> = {
  diamond: "Diamond",
  platinum: "Platinum",
  gold: "Gold",
  silver: "Silver",
  bronze: "Bronze",
};

/** docs/product-rules.md §9 thresholds on total sales. */
export const DIAMOND_FROM = AED(1_000_000);
export const PLATINUM_FROM = AED(500_000);
export const GOLD_FROM = AED(100_000);
/** The spec leaves the Silver/Bronze split open: our choice, documented in docs/guide/business-rules.md. */
export const SILVER_FROM = AED(25_000);

/**
 * Each tier above Bronze with the total it starts at, highest first: the one rule that
 * tierForTotal and the set-based SQL recompute (app/services/sales.server.ts) both read.
 */
export const TIER_FLOORS: readonly (readonly [Exclude<Tier, "bronze">, Fils])[] = [
  ["diamond", DIAMOND_FROM],
  ["platinum", PLATINUM_FROM],
  ["gold", GOLD_FROM],
  ["silver", SILVER_FROM],
];

export function tierForTotal(total: Fils): Tier {
  return TIER_FLOORS.find(([, from]) => total >= from)?.[0] ?? "bronze";
}

/** VIP clients are Platinum and Diamond (docs/product-rules.md §2 Dashboard). */
export const VIP_TIERS: readonly Tier[] = ["diamond", "platinum"];
