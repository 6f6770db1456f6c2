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
/** The spec leaves the Silver/Bronze split open: our choice, documented in the README. */
export const SILVER_FROM = AED(25_000);

export function tierForTotal(total: Fils): Tier {
  if (total >= DIAMOND_FROM) return "diamond";
  if (total >= PLATINUM_FROM) return "platinum";
  if (total >= GOLD_FROM) return "gold";
  if (total >= SILVER_FROM) return "silver";
  return "bronze";
}

/** VIP clients are Platinum and Diamond (docs/product-rules.md §2 Dashboard). */
export const VIP_TIERS: readonly Tier[] = ["diamond", "platinum"];
