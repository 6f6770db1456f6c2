import { z } from "zod";
import { MESSAGE_CODES, type MessageCode } from "./message-codes";
import { message, nameIn, type Message } from "./messages";
import { filsToDecimalString, parseAedToFils } from "./money";
import { BUDGET_BANDS, type BudgetBand } from "./preferences";
import { TIERS, type Tier } from "./tiers";

/**
 * The shop's own lists (docs/decisions/041-shop-lists-as-data.md): showrooms, teams and item categories are
 * rows an admin edits on Shop settings, in English and Arabic. Records store a row's key, which never
 * changes; these rules find a row from what a person or a file sends, name rows in the page's language
 * and keep each list in order. Pure: the rows come from app/services/shop-lists.server.ts.
 */
export const SHOP_LISTS = ["showrooms", "teams", "itemCategories"] as const;
export type ShopList = (typeof SHOP_LISTS)[number];

export function isShopList(value: unknown): value is ShopList {
  return (SHOP_LISTS as readonly unknown[]).includes(value);
}

/** A row of any list, as the API answers it. */
export type ShopChoice = {
  id: string;
  key: string;
  name: string;
  nameAr: string | null;
  active: boolean;
  position: number;
};

/** A team also says what its leads recommend and which clients without a team are its leads. */
export type TeamChoice = ShopChoice & {
  products: readonly string[];
  /** `products` in Arabic, line for line; "" where a piece has no Arabic name. */
  productsAr: readonly string[];
  clientTiers: readonly Tier[];
  budgetBands: readonly BudgetBand[];
};

/**
 * Where a piece is worn. A client's pieces fill these places; the lead recommendations suggest a piece for a
 * place not yet filled, in this order (app/domain/recommendations.ts). The app's own rule, not the shop's.
 */
export const WORN_ON = ["neck", "ears", "wrist", "finger"] as const;
export type WornOn = (typeof WORN_ON)[number];

/**
 * An item category also says where its pieces are worn (none: not part of a suite, a watch or a coin) and
 * where a plain gold piece of it starts (AED, a decimal string), which fits a suggestion to a budget.
 */
export type ItemCategoryChoice = ShopChoice & {
  wornOn: readonly WornOn[];
  priceFrom: string | null;
  /** Coins and bars: a 24K quote line of it is investment gold, zero-rated for VAT (app/domain/quotes.ts). */
  investmentGold: boolean;
};

/** The three lists, each in its order, inactive rows included (history still names them). */
export type ShopLists = {
  showrooms: readonly ShopChoice[];
  teams: readonly TeamChoice[];
  itemCategories: readonly ItemCategoryChoice[];
};

/** The message that refuses a value and names the list's active rows, per list. */
const CHOOSE: Record<ShopList, MessageCode> = {
  showrooms: MESSAGE_CODES.chooseShowroom,
  teams: MESSAGE_CODES.chooseTeam,
  itemCategories: MESSAGE_CODES.chooseItemCategory,
};

/** Longest name a row takes, in either language. */
export const SHOP_NAME_MAX = 60;

/** "  Dubai   MALL " and "dubai mall" are one name: trimmed, spaces collapsed, any case (Arabic has none). */
export function foldName(text: string): string {
  return text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The key a new row gets from its English name: lowercase ASCII words joined by `_`, never one already taken. */
export function keyFromName(name: string, taken: ReadonlySet<string>, fallback: string): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 40) || fallback;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** The row a sent value names: its id, its key, or its English or Arabic name, in any case and spacing. */
export function findChoice<T extends ShopChoice>(rows: readonly T[], value: string): T | undefined {
  const folded = foldName(value);
  if (!folded) return undefined;
  const asKey = folded.replace(/ /g, "_");
  return rows.find(
    (row) =>
      row.id === value.trim() ||
      row.key === asKey ||
      foldName(row.name) === folded ||
      (row.nameAr !== null && foldName(row.nameAr) === folded),
  );
}

/** The name of a stored key in a language; a key no row has (old or imported data) is shown as it is. */
export function nameOfKey(rows: readonly ShopChoice[], key: string | null, language: string): string | null {
  if (key === null) return null;
  const row = rows.find((r) => r.key === key);
  return row ? nameIn(language, row) : key;
}

/** The rows offered for new records, in order. */
export function activeChoices<T extends ShopChoice>(rows: readonly T[]): T[] {
  return rows.filter((row) => row.active);
}

/** The message refusing a value: "Choose a showroom: A, B or C", with the active rows in the reader's language. */
export function chooseMessage(list: ShopList, rows: readonly ShopChoice[]): Message {
  return message(CHOOSE[list], {
    choices: { names: activeChoices(rows).map(({ name, nameAr }) => ({ name, nameAr })) },
  });
}

export type ChoiceResult = { ok: true; key: string } | { ok: false; error: Message };

/**
 * The key a new record stores for a sent value: an active row's, or a refusal naming the active rows.
 * An inactive row stays on history but takes no new records.
 */
export function resolveChoice(list: ShopList, rows: readonly ShopChoice[], value: string): ChoiceResult {
  const row = findChoice(rows, value);
  return row?.active ? { ok: true, key: row.key } : { ok: false, error: chooseMessage(list, rows) };
}

/**
 * A zod step for a field that names a row: blank is null, a known active row is its key, anything else an
 * issue whose message is the refusal's code with the active names as its params (`issueMessage` reads them).
 */
export function choiceField(list: ShopList, rows: readonly ShopChoice[]) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx): string | null => {
      const text = value === null || value === undefined ? "" : String(value).trim();
      if (!text) return null;
      const found = resolveChoice(list, rows, text);
      if (found.ok) return found.key;
      ctx.addIssue({ code: "custom", message: found.error.code, params: found.error.values });
      return z.NEVER;
    });
}

/** The order after moving one row to `position` (0 first): every row's new position, 0, 1, 2… */
export function reorder<T extends { id: string; position: number }>(
  rows: readonly T[],
  id: string,
  position: number,
): Map<string, number> {
  const ordered = [...rows].sort((a, b) => a.position - b.position);
  const from = ordered.findIndex((row) => row.id === id);
  if (from >= 0) {
    const [moved] = ordered.splice(from, 1);
    ordered.splice(Math.max(0, Math.min(position, ordered.length)), 0, moved!);
  }
  return new Map(ordered.map((row, index) => [row.id, index]));
}

const nameText = (required: boolean) => {
  const text = z
    .string({ error: MESSAGE_CODES.shopNameRequired })
    .trim()
    .max(SHOP_NAME_MAX, MESSAGE_CODES.shopNameTooLong);
  return required ? text.min(1, MESSAGE_CODES.shopNameRequired) : text;
};

const listOf = <T extends string>(values: readonly T[]) =>
  z
    .union([z.array(z.string()), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values as readonly [T, ...T[]], { error: MESSAGE_CODES.invalidInput })));

/** Where a plain piece starts: AED as typed, up to 2 decimals, at most AED 10,000,000; blank is none. */
const priceFromText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx): string | null => {
    const text = value === null || value === undefined ? "" : String(value).trim();
    if (!text) return null;
    const fils = parseAedToFils(text);
    if (fils === null || fils > 1_000_000_000n) {
      ctx.addIssue({ code: "custom", message: MESSAGE_CODES.shopPriceFrom });
      return z.NEVER;
    }
    return filsToDecimalString(fils);
  });

/** A team's products as typed: one per line (or a list), blank lines dropped. */
const productLines = z
  .union([z.array(z.string()), z.string()])
  .transform((v) =>
    [v]
      .flat()
      .flatMap((text) => text.split(/\r?\n/))
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 12),
  )
  .pipe(z.array(z.string().max(SHOP_NAME_MAX * 2, MESSAGE_CODES.shopNameTooLong)));

/**
 * A team's products in Arabic as typed: line for line beside the English ones, so a blank line stays, as the
 * English name of its piece; blank lines at the end are dropped.
 */
const arabicProductLines = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => {
    const lines = [v]
      .flat()
      .flatMap((text) => text.split(/\r?\n/))
      .map((s) => s.trim())
      .slice(0, 12);
    while (lines.at(-1) === "") lines.pop();
    return lines;
  })
  // A refinement, not a pipe to an array of strings: Conform reads a blank string in an array as missing.
  .refine((lines) => lines.every((line) => line.length <= SHOP_NAME_MAX * 2), MESSAGE_CODES.shopNameTooLong);

/** A new row: its English name, and its Arabic name if known. */
export const newShopRowSchema = () =>
  z.object({
    name: nameText(true),
    nameAr: nameText(false)
      .nullish()
      .transform((v) => v || null),
  });
export type NewShopRow = z.output<ReturnType<typeof newShopRowSchema>>;

/** A change to a row: any of its names, whether it is offered, its place; a team's or a category's settings too. */
export const shopRowPatchSchema = () =>
  z
    .object({
      name: nameText(true).optional(),
      nameAr: nameText(false)
        .nullish()
        .transform((v) => (v === undefined ? undefined : v || null))
        .optional(),
      active: z.boolean({ error: MESSAGE_CODES.invalidInput }).optional(),
      position: z.number({ error: MESSAGE_CODES.invalidInput }).int().min(0).max(10_000).optional(),
      products: productLines.optional(),
      productsAr: arabicProductLines.optional(),
      clientTiers: listOf(TIERS).optional(),
      budgetBands: listOf(BUDGET_BANDS).optional(),
      wornOn: listOf(WORN_ON).optional(),
      priceFrom: priceFromText.optional(),
      investmentGold: z.boolean({ error: MESSAGE_CODES.invalidInput }).optional(),
    })
    // A body with none of these (only unknown keys) is a mistake, not a change that does nothing.
    .refine((patch) => Object.values(patch).some((value) => value !== undefined), MESSAGE_CODES.shopNothingToChange);
export type ShopRowPatch = z.output<ReturnType<typeof shopRowPatchSchema>>;

/** An item category's stored settings (a text column and fils) as the API gives them. */
export function itemCategorySettings(row: {
  wornOn: string;
  priceFromFils: bigint | null;
  investmentGold: boolean;
}): Pick<ItemCategoryChoice, "wornOn" | "priceFrom" | "investmentGold"> {
  return {
    wornOn: WORN_ON.filter((place) => row.wornOn.split(",").includes(place)),
    priceFrom: row.priceFromFils === null ? null : filsToDecimalString(row.priceFromFils),
    investmentGold: row.investmentGold,
  };
}

/** A team's stored settings (text columns) as lists. */
export function teamSettings(row: {
  products: string;
  productsAr: string;
  clientTiers: string;
  budgetBands: string;
}): Pick<TeamChoice, "products" | "productsAr" | "clientTiers" | "budgetBands"> {
  const split = (text: string, by: string | RegExp) =>
    text
      .split(by)
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    products: split(row.products, /\r?\n/),
    productsAr: row.productsAr === "" ? [] : row.productsAr.split(/\r?\n/).map((s) => s.trim()),
    clientTiers: split(row.clientTiers, ",").filter((t): t is Tier => (TIERS as readonly string[]).includes(t)),
    budgetBands: split(row.budgetBands, ",").filter((b): b is BudgetBand =>
      (BUDGET_BANDS as readonly string[]).includes(b),
    ),
  };
}

export const SHOP_FORM_INTENTS = ["add", "save", "up", "down"] as const;

/**
 * Shop settings' forms (app/routes/_app.profile_.shop.tsx), one per row and one to add per list, as Conform
 * reads them: blank fields are absent, a ticked box is "on", ticked boxes of one name are a list.
 */
export const shopRowFormSchema = () =>
  z
    .object({
      intent: z.enum(SHOP_FORM_INTENTS),
      list: z.enum(SHOP_LISTS),
      id: z.string().max(100).optional(),
      name: nameText(true).optional(),
      nameAr: nameText(false).optional(),
      active: z.literal("on").optional(),
      products: productLines.optional(),
      productsAr: arabicProductLines.optional(),
      clientTiers: listOf(TIERS).optional(),
      budgetBands: listOf(BUDGET_BANDS).optional(),
      wornOn: listOf(WORN_ON).optional(),
      priceFrom: priceFromText.optional(),
      investmentGold: z.literal("on").optional(),
    })
    .superRefine((form, ctx) => {
      if ((form.intent === "add" || form.intent === "save") && !form.name)
        ctx.addIssue({ code: "custom", path: ["name"], message: MESSAGE_CODES.shopNameRequired });
    });
export type ShopRowForm = z.output<ReturnType<typeof shopRowFormSchema>>;
