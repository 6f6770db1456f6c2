import { AED, parseAedToFils, type Fils } from "./money";
import {
  BUDGET_BAND_SPECS,
  PREFERRED_METALS,
  type BudgetBand,
  type PreferredMetal,
  type PreferredStone,
} from "./preferences";
import {
  activeChoices,
  WORN_ON,
  type ItemCategoryChoice,
  type ShopLists,
  type TeamChoice,
  type WornOn,
} from "./shop-lists";
import type { Metal, Stone } from "./sales";
import { METAL_KEYS } from "~/i18n/label-keys";
import { MESSAGE_CODES as CODE } from "./message-codes";
import { message, type LocalName, type Message, type MessageValue, type SayEnglish } from "./messages";

/**
 * The pieces a lead recommends (docs/decisions/019-client-preferences-and-family-occasions.md),
 * best first: the piece that completes what the client bought, in the metal they bought it in;
 * a piece in the metal and stone they prefer, in their style; their preferred collection; the
 * occasion's piece; then a range. A known budget band bounds each suggestion. Pure: the same
 * facts give the same pieces.
 */

/** What a client bought, grouped: pieces of one category (its key), metal and stone over their sales not void. */
export type PurchasedPieces = { category: string; metal: Metal; stone: Stone; pieces: number };

/**
 * The shop's lists the rules read: the teams' ranges, and the item categories' places and prices (Shop
 * settings), which say what completes a suite and what fits a budget.
 */
export type RecommendationLists = Pick<ShopLists, "teams" | "itemCategories">;

export type RecommendationFacts = {
  /** The lead's team (its key: lead-score.ts's teamFor), whose products fill the list. */
  team: string;
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

/** A team's range: the products its row lists (Shop settings), none for a key no row has. */
export function teamRange(teams: readonly TeamChoice[], team: string): readonly string[] {
  return teams.find((row) => row.key === team)?.products ?? [];
}

/**
 * The range a lead's list ends with: with a budget known, the products of the active team whose budget bands
 * include it (the range whose prices fit), else the lead's team's own.
 */
export function rangeFor(teams: readonly TeamChoice[], team: string, budgetBand: BudgetBand | null): LocalName[] {
  const byBudget = budgetBand ? activeChoices(teams).find((row) => row.budgetBands.includes(budgetBand)) : undefined;
  const row = byBudget ?? teams.find((r) => r.key === team);
  // A product's Arabic name is the line beside it; a blank one shows the English.
  return (row?.products ?? []).map((name, i) => ({ name, nameAr: row?.productsAr[i] || null }));
}

/** Where a plain piece of the category starts (none known: any budget fits it). */
const priceFrom = (category: ItemCategoryChoice): Fils =>
  (category.priceFrom === null ? null : parseAedToFils(category.priceFrom)) ?? 0n;

/** What a stone adds to a piece, in AED: a floor to fit a suggestion to a budget band (decision 019). */
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

/**
 * The piece suggested for a place: of the active categories worn there alone (a set fills two places and is
 * not suggested for one), the grandest the budget allows, else the least grand; none when no category is.
 */
function pieceFor(
  place: WornOn,
  band: BudgetBand | null,
  categories: readonly ItemCategoryChoice[],
): ItemCategoryChoice | null {
  const pieces = activeChoices(categories)
    .filter((c) => c.wornOn.length === 1 && c.wornOn[0] === place)
    .sort((a, b) => (priceFrom(a) === priceFrom(b) ? a.position - b.position : priceFrom(a) > priceFrom(b) ? -1 : 1));
  return pieces.find((p) => fitsBudget(priceFrom(p), band)) ?? pieces.at(-1) ?? null;
}

/** The first stone (in the order given) the budget still allows on the piece, or none. */
function stoneFor(piece: ItemCategoryChoice, stones: readonly PreferredStone[], band: BudgetBand | null) {
  return stones.find((s) => fitsBudget(priceFrom(piece) + STONE_FROM[s], band)) ?? null;
}

/**
 * A stone as a suggestion names it: English writes it capitalised first ("Pearl earrings") and lower case
 * after the metal ("White gold pearl earrings"); "other" stones read as a gemstone.
 */
const STONE_FIRST_KEYS: Record<PreferredStone, string> = {
  diamond: "leads:products.stoneFirst.diamond",
  ruby: "leads:products.stoneFirst.ruby",
  emerald: "leads:products.stoneFirst.emerald",
  sapphire: "leads:products.stoneFirst.sapphire",
  pearl: "leads:products.stoneFirst.pearl",
  other: "leads:products.stoneFirst.other",
};
const STONE_AFTER_KEYS: Record<PreferredStone, string> = {
  diamond: "leads:products.stoneAfter.diamond",
  ruby: "leads:products.stoneAfter.ruby",
  emerald: "leads:products.stoneAfter.emerald",
  sapphire: "leads:products.stoneAfter.sapphire",
  pearl: "leads:products.stoneAfter.pearl",
  other: "leads:products.stoneAfter.other",
};

/** A category's names (the shop's), its English in lower case inside a sentence and capitalised first. */
function categoryNames(category: ItemCategoryChoice, first: boolean): { names: LocalName[] } {
  const lower = category.name.toLowerCase();
  const name = first ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
  return { names: [{ name, nameAr: category.nameAr }] };
}

/** "Yellow gold diamond bangle", "Pearl earrings", "White gold gemstone ring", "Necklace". */
function pieceWords(metal: PreferredMetal | null, stone: PreferredStone | null, piece: ItemCategoryChoice): Message {
  const metalWord = metal && { label: METAL_KEYS[metal] };
  if (metalWord && stone)
    return message(CODE.leadPieceMetalStone, {
      metal: metalWord,
      stone: { label: STONE_AFTER_KEYS[stone] },
      piece: categoryNames(piece, false),
    });
  if (metalWord) return message(CODE.leadPieceMetal, { metal: metalWord, piece: categoryNames(piece, false) });
  if (stone)
    return message(CODE.leadPieceStone, {
      stone: { label: STONE_FIRST_KEYS[stone] },
      piece: categoryNames(piece, false),
    });
  return message(CODE.leadPiece, { piece: categoryNames(piece, true) });
}

/** "a", "a and b", "a, b and c", joined by the catalog in each language. */
function andList(items: readonly MessageValue[]): MessageValue {
  const last = items.at(-1)!;
  if (items.length === 1) return last;
  const first = items.slice(0, -1).reduce((listed, next) => message(CODE.leadListComma, { items: listed, next }));
  return message(CODE.leadListAnd, { items: first, last });
}

/** What the client owns in one metal: pieces, categories, places filled and stones, from their purchases. */
type Owned = {
  pieces: number;
  categories: Set<ItemCategoryChoice>;
  slots: Set<WornOn>;
  stones: Map<PreferredStone, number>;
};

function ownedByMetal(
  purchases: readonly PurchasedPieces[],
  categories: readonly ItemCategoryChoice[],
): Map<PreferredMetal, Owned> {
  const byKey = new Map(categories.map((c) => [c.key, c]));
  const byMetal = new Map<PreferredMetal, Owned>();
  for (const p of purchases) {
    const category = byKey.get(p.category);
    if (p.metal === "none" || !category || category.wornOn.length === 0) continue;
    const owned = byMetal.get(p.metal) ?? { pieces: 0, categories: new Set(), slots: new Set(), stones: new Map() };
    owned.pieces += p.pieces;
    owned.categories.add(category);
    for (const slot of category.wornOn) owned.slots.add(slot);
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

type Suggestion = { metal: PreferredMetal | null; piece: ItemCategoryChoice; words: Message };

/** A client's pieces as a sentence names them: by where they are worn, head to hand, then the shop's order. */
function suiteOrder(a: ItemCategoryChoice, b: ItemCategoryChoice): number {
  const place = (c: ItemCategoryChoice) => Math.min(...c.wornOn.map((w) => WORN_ON.indexOf(w)));
  return place(a) - place(b) || a.position - b.position;
}

/**
 * The piece that completes the client's suite in the metal they bought most: a client with a
 * yellow gold necklace and earrings gets "Yellow gold bangle to match the necklace and earrings".
 * Its stone is a preferred one, else the one they bought most in that metal, when the budget allows.
 */
function matchingPiece(
  facts: RecommendationFacts,
  byMetal: Map<PreferredMetal, Owned>,
  categories: readonly ItemCategoryChoice[],
): Suggestion | null {
  const metal = mainMetal(byMetal, facts.preferredMetals);
  if (!metal) return null;
  const owned = byMetal.get(metal)!;
  const slot = WORN_ON.find((s) => !owned.slots.has(s));
  const piece = slot && pieceFor(slot, facts.budgetBand, categories);
  if (!piece) return null;
  const boughtStones = [...owned.stones.entries()].sort((a, b) => b[1] - a[1]).map(([s]) => s);
  const stone = stoneFor(piece, [...facts.preferredStones, ...boughtStones], facts.budgetBand);
  const matches = [...owned.categories].sort(suiteOrder).map((c) => categoryNames(c, false));
  return {
    metal,
    piece,
    words: message(CODE.leadProductMatching, { piece: pieceWords(metal, stone, piece), matches: andList(matches) }),
  };
}

/** The piece "in their style" (", Classic style"), the tag as it is when it already says "style". */
function styled(piece: Message, styles: readonly string[]): Message {
  const style = styles[0];
  if (!style) return piece;
  return message(/style$/i.test(style) ? CODE.leadProductStyledAsTagged : CODE.leadProductStyled, { piece, style });
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
  categories: readonly ItemCategoryChoice[],
): Suggestion | null {
  if (facts.preferredMetals.length + facts.preferredStones.length + facts.styles.length === 0) return null;
  const metal = facts.preferredMetals[0] ?? mainMetal(byMetal, []);
  const filled = metal
    ? (byMetal.get(metal)?.slots ?? new Set<WornOn>())
    : new Set([...byMetal.values()].flatMap((o) => [...o.slots]));
  for (const slot of WORN_ON.filter((s) => !filled.has(s))) {
    const piece = pieceFor(slot, facts.budgetBand, categories);
    if (!piece || (matching && matching.metal === metal && matching.piece.key === piece.key)) continue;
    const stone = stoneFor(piece, facts.preferredStones, facts.budgetBand);
    return { metal, piece, words: styled(pieceWords(metal, stone, piece), facts.styles) };
  }
  return null;
}

/**
 * A suggestion as a lead keeps it: the English text the JSON gives, and the engine's words the pages say in
 * their language; a team's product is the shop's own text, shown as written (no words).
 */
export type Recommendation = { text: string; words: Message | null };

/**
 * At most three pieces to suggest, the most personal first; the team's (or budget's) range fills the rest.
 * `lists`: the shop's teams, whose products and budget bands say the ranges, and item categories (readShopLists).
 * `english` gives the texts, which also tell a team's product the engine suggests too, so it is not repeated.
 */
export function recommendedProducts(
  facts: RecommendationFacts,
  lists: RecommendationLists,
  english: SayEnglish,
): Recommendation[] {
  const byMetal = ownedByMetal(facts.purchases, lists.itemCategories);
  const matching = matchingPiece(facts, byMetal, lists.itemCategories);
  const preferred = preferredPiece(facts, byMetal, matching, lists.itemCategories);
  const range = rangeFor(lists.teams, facts.team, facts.budgetBand);
  const collection = facts.preferredCollection?.trim();
  const engine = [
    matching?.words,
    preferred?.words,
    collection ? message(CODE.leadProductCollection, { collection }) : null,
    facts.occasion === "birthday"
      ? message(CODE.leadProductBirthstone)
      : facts.occasion === "anniversary"
        ? message(CODE.leadProductAnniversary)
        : null,
  ].filter((words): words is Message => Boolean(words));
  const picks = [
    ...engine.map((words) => ({ text: english(words), words })),
    // The shop's text: said in Arabic when its row has the Arabic name, else shown as written.
    ...range.map((product) => ({
      text: product.name,
      words: product.nameAr ? message(CODE.leadPiece, { piece: { names: [product] } }) : null,
    })),
  ];
  const seen = new Set<string>();
  return picks.filter(({ text }) => !seen.has(text) && seen.add(text)).slice(0, MAX_RECOMMENDATIONS);
}
