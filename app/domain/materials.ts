/**
 * What a piece is made of: metals, gold karats and stones, with their English labels. Their own module so
 * the client preferences (app/domain/preferences.ts) read them without the sale rules, which read the
 * shop's lists (app/domain/shop-lists.ts), which read the preferences.
 */

export const METALS = ["yellow_gold", "white_gold", "rose_gold", "platinum", "silver", "none"] as const;
export type Metal = (typeof METALS)[number];
export const METAL_LABELS: Record<Metal, string> = {
  yellow_gold: "Yellow gold",
  white_gold: "White gold",
  rose_gold: "Rose gold",
  platinum: "Platinum",
  silver: "Silver",
  none: "None",
};

/** Gold purity; "none" for platinum, silver, watches and stones alone. */
export const KARATS = ["18", "21", "22", "24", "none"] as const;
export type Karat = (typeof KARATS)[number];
export const KARAT_LABELS: Record<Karat, string> = { "18": "18K", "21": "21K", "22": "22K", "24": "24K", none: "None" };

export const STONES = ["none", "diamond", "ruby", "emerald", "sapphire", "pearl", "other"] as const;
export type Stone = (typeof STONES)[number];
export const STONE_LABELS: Record<Stone, string> = {
  none: "None",
  diamond: "Diamond",
  ruby: "Ruby",
  emerald: "Emerald",
  sapphire: "Sapphire",
  pearl: "Pearl",
  other: "Other",
};
