import { AED, parseAedToFils, type Fils } from "./money";
import { METALS, STONES, type Metal, type Stone } from "./materials";

/**
 * A client's jewellery preferences (docs/decisions/019-client-preferences-and-family-occasions.md):
 * ring and bangle sizes, the metals and stones they like (the sales vocabulary of sales.ts, so a
 * preference and a purchase use one word), free style tags and a budget band. The field registry
 * (client-fields.ts) says which client column holds each; this module holds their values' rules.
 */

/** The metals a client can prefer: the sales list without "none". */
export type PreferredMetal = Exclude<Metal, "none">;
export const PREFERRED_METALS = METALS.filter((m): m is PreferredMetal => m !== "none");

/** The stones a client can prefer: the sales list without "none". */
export type PreferredStone = Exclude<Stone, "none">;
export const PREFERRED_STONES = STONES.filter((s): s is PreferredStone => s !== "none");

/**
 * What a client means to spend on one piece, in AED. A fixed set so reports and the lead engine
 * read one scale; each band runs from `from` (inclusive) to `to` (exclusive; null has no ceiling).
 * Stored keys never change: a new band is a new key.
 */
export const BUDGET_BANDS = ["under_5k", "5k_20k", "20k_50k", "50k_150k", "150k_plus"] as const;
export type BudgetBand = (typeof BUDGET_BANDS)[number];
export const BUDGET_BAND_SPECS: Record<BudgetBand, { label: string; from: Fils; to: Fils | null }> = {
  under_5k: { label: "Under AED 5,000", from: AED(0), to: AED(5_000) },
  "5k_20k": { label: "AED 5,000 – 20,000", from: AED(5_000), to: AED(20_000) },
  "20k_50k": { label: "AED 20,000 – 50,000", from: AED(20_000), to: AED(50_000) },
  "50k_150k": { label: "AED 50,000 – 150,000", from: AED(50_000), to: AED(150_000) },
  "150k_plus": { label: "AED 150,000 and above", from: AED(150_000), to: null },
};
export const BUDGET_BAND_LABELS = Object.fromEntries(
  BUDGET_BANDS.map((band) => [band, BUDGET_BAND_SPECS[band].label]),
) as Record<BudgetBand, string>;

/** The band an amount falls in (a spreadsheet's "Budget" column may hold an amount). */
export function budgetBandForAmount(fils: Fils): BudgetBand {
  return BUDGET_BANDS.find((band) => {
    const { from, to } = BUDGET_BAND_SPECS[band];
    return fils >= from && (to === null || fils < to);
  })!;
}

/** Case, spaces and punctuation do not matter when a key or label is typed: "Yellow Gold" = "yellow_gold". */
const comparable = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** A value of a fixed list from its key or its label, however typed; null when it is neither. */
export function choiceOf<T extends string>(text: string, values: readonly T[], labels: Record<T, string>): T | null {
  const wanted = comparable(text);
  return values.find((v) => comparable(v) === wanted || comparable(labels[v]) === wanted) ?? null;
}

/** A budget band from its key, its label or an amount in AED ("15,000" is AED 5,000 – 20,000). */
export function parseBudgetBand(text: string): BudgetBand | null {
  const band = choiceOf(text, BUDGET_BANDS, BUDGET_BAND_LABELS);
  if (band) return band;
  const fils = parseAedToFils(text);
  return fils === null ? null : budgetBandForAmount(fils);
}

export const SIZE_MAX = 12;
const SIZE_PATTERN = /^[\p{L}\p{N} ./½¼¾-]+$/u;

/**
 * Ring and bangle sizes are kept as the shop writes them (EU 54, US 7.5, UK N½, bangle 2.6 or
 * 2-6): one scale would turn half the showrooms' sizes into conversions. Null when not a size.
 */
export function normalizeSize(text: string): string | null {
  const size = text.trim().replace(/\s+/g, " ");
  return size.length > 0 && size.length <= SIZE_MAX && SIZE_PATTERN.test(size) ? size : null;
}

export const STYLE_TAG_MAX = 40;
export const STYLE_TAGS_MAX = 10;

/**
 * A list as it arrives: a JSON array, repeated form fields, or one text with commas or semicolons
 * ("Yellow gold, Rose gold" in a spreadsheet cell or the styles input). Blank items are dropped;
 * anything that is not text is null.
 */
export function listItems(value: unknown): string[] | null {
  const parts: unknown[] = Array.isArray(value) ? value : [value];
  if (!parts.every((part): part is string => typeof part === "string")) return null;
  return parts
    .flatMap((part) => part.split(/[,;]/))
    .map((item) => item.trim().replace(/\s+/g, " "))
    .filter((item) => item !== "");
}

/** Style tags without repeats (the first spelling kept), each trimmed. */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A list is stored in one text column, comma-separated (keys, or tags, which never hold a comma
 * since commas separate them when typed), so a row stays one row and a preference filter is a
 * LIKE on one column; no items is NULL.
 */
export function listColumn(items: readonly string[] | null): string | null {
  return items && items.length > 0 ? items.join(",") : null;
}

export function listFromColumn(text: string | null): string[] {
  return text ? text.split(",") : [];
}

/** The stored metals/stones of a client, unknown keys left out (a list that lost a value). */
export function preferredMetalsOf(text: string | null): PreferredMetal[] {
  return listFromColumn(text).filter((m): m is PreferredMetal => (PREFERRED_METALS as string[]).includes(m));
}
export function preferredStonesOf(text: string | null): PreferredStone[] {
  return listFromColumn(text).filter((s): s is PreferredStone => (PREFERRED_STONES as string[]).includes(s));
}

/** A list of choices as people read it: "Yellow gold, Rose gold". */
export function choicesText<T extends string>(values: readonly string[], labels: Record<T, string>): string {
  return values.map((v) => (labels as Record<string, string>)[v] ?? v).join(", ");
}
