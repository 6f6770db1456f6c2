import type { Team } from "./client-enums";
import { AED, type Fils } from "./money";
import {
  BUDGET_BAND_SPECS,
  PREFERRED_METALS,
  type BudgetBand,
  type PreferredMetal,
  type PreferredStone,
} from "./preferences";
import { ITEM_CATEGORY_LABELS, METAL_LABELS, STONE_LABELS, type ItemCategory, type Metal, type Stone } from "./sales";

/**
 * The pieces a lead recommends (docs/decisions/019-client-preferences-and-family-occasions.md),
 * best first: the piece that completes what the client bought, in the metal they bought it in;
 * a piece in the metal and stone they prefer, in their style; their preferred collection; the
 * occasion's piece; then a range. A known budget band bounds each suggestion. Pure: the same
 * facts give the same pieces.
 */

/** What a client bought, grouped: pieces of one category, metal and stone over their sales not void. */
export type PurchasedPieces = { category: ItemCategory; metal: Metal; stone: Stone; pieces: number };

export type RecommendationFacts = {
  team: Team;
  purchases: readonly PurchasedPieces[];
  preferredMetals: readonly PreferredMetal[];
  preferredStones: readonly PreferredStone[];
  styles: readonly string[];
  budgetBand: BudgetBand | null;
  preferredCollection: string | null;
  occasion: "birthday" | "anniversary" | null;
};

/** A lead shows its first three (docs/product-rules.md §9). */
export const MAX_RECOMMENDATIONS = 3;

/** Each team's range (docs/product-rules.md §9 team labels: luxury, entry level, mixed). */
export const TEAM_RANGES: Record<Team, readonly string[]> = {
  team_a: ["Diamond high-jewellery necklace", "Solitaire diamond ring", "Luxury Swiss timepiece"],
  team_b: ["18K gold pendant", "Gold stud earrings", "Charm bracelet"],
  team_c: ["Diamond tennis bracelet", "22K gold chain", "Pearl necklace"],
};

/** With a budget known, the range whose prices fit it replaces the team's. */
const RANGE_FOR_BUDGET: Record<BudgetBand, Team> = {
  under_5k: "team_b",
  "5k_20k": "team_c",
  "20k_50k": "team_c",
  "50k_150k": "team_a",
  "150k_plus": "team_a",
};

/** Where a piece is worn: a suite has one of each, suggested in this order (a set is necklace and earrings). */
type Slot = "neck" | "ears" | "wrist" | "finger";
const SLOTS: readonly Slot[] = ["neck", "ears", "wrist", "finger"];
const SLOTS_OF: Record<ItemCategory, readonly Slot[]> = {
  necklace: ["neck"],
  pendant: ["neck"],
  set: ["neck", "ears"],
  earrings: ["ears"],
  bangle: ["wrist"],
  bracelet: ["wrist"],
  ring: ["finger"],
  watch: [],
  coin_bar: [],
  other: [],
};
/** The order a client's pieces are named in: "to match the necklace and earrings". */
const SUITE_ORDER: readonly ItemCategory[] = ["necklace", "pendant", "set", "earrings", "bangle", "bracelet", "ring"];

type SuitePiece = "necklace" | "pendant" | "earrings" | "bangle" | "bracelet" | "ring";
/** The piece suggested for a slot, the grander first: a tighter budget takes the next. */
const SLOT_PIECES: Record<Slot, readonly [SuitePiece, ...SuitePiece[]]> = {
  neck: ["necklace", "pendant"],
  ears: ["earrings"],
  wrist: ["bangle", "bracelet"],
  finger: ["ring"],
};

/**
 * Where a plain gold piece of each kind starts, and what a stone adds, in AED: floors to fit a
 * suggestion to a budget band, not prices (a first guess to tune with the retailer, decision 019).
 */
const PIECE_FROM: Record<SuitePiece, Fils> = {
  pendant: AED(1_500),
  earrings: AED(1_500),
  ring: AED(2_000),
  bracelet: AED(3_500),
  bangle: AED(6_000),
  necklace: AED(8_000),
};
const STONE_FROM: Record<PreferredStone, Fils> = {
  pearl: AED(500),
  other: AED(1_000),
  ruby: AED(2_500),
  emerald: AED(2_500),
  sapphire: AED(2_500),
  diamond: AED(4_000),
};

/** A piece starting at `from` can be bought within the band (below its ceiling); no band bounds nothing. */
function fitsBudget(from: Fils, band: BudgetBand | null): boolean {
  const ceiling = band ? BUDGET_BAND_SPECS[band].to : null;
  return ceiling === null || from < ceiling;
}

function pieceFor(slot: Slot, band: BudgetBand | null): SuitePiece {
  const pieces = SLOT_PIECES[slot];
  return pieces.find((p) => fitsBudget(PIECE_FROM[p], band)) ?? pieces[pieces.length - 1]!;
}

/** The first stone (in the order given) the budget still allows on the piece, or none. */
function stoneFor(piece: SuitePiece, stones: readonly PreferredStone[], band: BudgetBand | null) {
  return stones.find((s) => fitsBudget(PIECE_FROM[piece] + STONE_FROM[s], band)) ?? null;
}

/** "Yellow gold diamond bangle", "Pearl earrings", "White gold gemstone ring", "Necklace". */
function pieceName(metal: PreferredMetal | null, stone: PreferredStone | null, piece: SuitePiece): string {
  const stoneWord = stone === "other" ? "gemstone" : stone && STONE_LABELS[stone];
  const words = [metal && METAL_LABELS[metal], stoneWord, ITEM_CATEGORY_LABELS[piece]];
  const text = words
    .filter((w): w is string => Boolean(w))
    .join(" ")
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function joinAnd(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** What the client owns in one metal: pieces, categories, slots filled and stones, from their purchases. */
type Owned = { pieces: number; categories: Set<ItemCategory>; slots: Set<Slot>; stones: Map<PreferredStone, number> };

function ownedByMetal(purchases: readonly PurchasedPieces[]): Map<PreferredMetal, Owned> {
  const byMetal = new Map<PreferredMetal, Owned>();
  for (const p of purchases) {
    if (p.metal === "none" || SLOTS_OF[p.category].length === 0) continue;
    const owned = byMetal.get(p.metal) ?? { pieces: 0, categories: new Set(), slots: new Set(), stones: new Map() };
    owned.pieces += p.pieces;
    owned.categories.add(p.category);
    for (const slot of SLOTS_OF[p.category]) owned.slots.add(slot);
    if (p.stone !== "none") owned.stones.set(p.stone, (owned.stones.get(p.stone) ?? 0) + p.pieces);
    byMetal.set(p.metal, owned);
  }
  return byMetal;
}

/** The metal the client bought most jewellery in; a tie goes to a preferred metal, then the list's order. */
function mainMetal(byMetal: Map<PreferredMetal, Owned>, preferred: readonly PreferredMetal[]): PreferredMetal | null {
  const rank = (m: PreferredMetal) =>
    (preferred.includes(m) ? preferred.indexOf(m) : preferred.length) * 10 + PREFERRED_METALS.indexOf(m);
  const metals = [...byMetal.keys()].sort(
    (a, b) => byMetal.get(b)!.pieces - byMetal.get(a)!.pieces || rank(a) - rank(b),
  );
  return metals[0] ?? null;
}

type Suggestion = { metal: PreferredMetal | null; piece: SuitePiece; text: string };

/**
 * The piece that completes the client's suite in the metal they bought most: a client with a
 * yellow gold necklace and earrings gets "Yellow gold bangle to match the necklace and earrings".
 * Its stone is a preferred one, else the one they bought most in that metal, when the budget allows.
 */
function matchingPiece(facts: RecommendationFacts, byMetal: Map<PreferredMetal, Owned>): Suggestion | null {
  const metal = mainMetal(byMetal, facts.preferredMetals);
  if (!metal) return null;
  const owned = byMetal.get(metal)!;
  const slot = SLOTS.find((s) => !owned.slots.has(s));
  if (!slot) return null;
  const piece = pieceFor(slot, facts.budgetBand);
  const boughtStones = [...owned.stones.entries()].sort((a, b) => b[1] - a[1]).map(([s]) => s);
  const stone = stoneFor(piece, [...facts.preferredStones, ...boughtStones], facts.budgetBand);
  const matches = SUITE_ORDER.filter((c) => owned.categories.has(c)).map((c) => ITEM_CATEGORY_LABELS[c].toLowerCase());
  return { metal, piece, text: `${pieceName(metal, stone, piece)} to match the ${joinAnd(matches)}` };
}

/** ", Classic style", or the tag as it is when it already says "style". */
function styleSuffix(styles: readonly string[]): string {
  const style = styles[0];
  if (!style) return "";
  return /style$/i.test(style) ? `, ${style}` : `, ${style} style`;
}

/**
 * A piece from what the client told us they like: their first preferred metal (else the one they
 * bought most) and preferred stone, for the first place of a suite they do not fill in that
 * metal (not the matching piece again), in their first style.
 */
function preferredPiece(
  facts: RecommendationFacts,
  byMetal: Map<PreferredMetal, Owned>,
  matching: Suggestion | null,
): Suggestion | null {
  if (facts.preferredMetals.length + facts.preferredStones.length + facts.styles.length === 0) return null;
  const metal = facts.preferredMetals[0] ?? mainMetal(byMetal, []);
  const filled = metal
    ? (byMetal.get(metal)?.slots ?? new Set<Slot>())
    : new Set([...byMetal.values()].flatMap((o) => [...o.slots]));
  for (const slot of SLOTS.filter((s) => !filled.has(s))) {
    const piece = pieceFor(slot, facts.budgetBand);
    if (matching && matching.metal === metal && matching.piece === piece) continue;
    const stone = stoneFor(piece, facts.preferredStones, facts.budgetBand);
    return { metal, piece, text: `${pieceName(metal, stone, piece)}${styleSuffix(facts.styles)}` };
  }
  return null;
}

/** At most three pieces to suggest, the most personal first; the team's (or budget's) range fills the rest. */
export function recommendedProducts(facts: RecommendationFacts): string[] {
  const byMetal = ownedByMetal(facts.purchases);
  const matching = matchingPiece(facts, byMetal);
  const preferred = preferredPiece(facts, byMetal, matching);
  const range = TEAM_RANGES[facts.budgetBand ? RANGE_FOR_BUDGET[facts.budgetBand] : facts.team];
  const picks = [
    matching?.text,
    preferred?.text,
    facts.preferredCollection?.trim() ? `${facts.preferredCollection.trim()} collection` : null,
    facts.occasion === "birthday"
      ? "Birthstone pendant"
      : facts.occasion === "anniversary"
        ? "Matching anniversary bands"
        : null,
    ...range,
  ].filter((p): p is string => Boolean(p));
  return [...new Set(picks)].slice(0, MAX_RECOMMENDATIONS);
}
