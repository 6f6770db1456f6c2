import { z } from "zod";
import { businessToday, isIsoDate, type IsoDate } from "./calendar";
import { dropThousandsCommas, filsToDecimalString, formatAed, parseAedToFils, type Fils } from "./money";
import type { Role } from "./roles";

/**
 * A sale as a jeweller records it (docs/decisions/016-itemised-sales-and-voids.md): the
 * enumerations with their labels, exact weights and carats, the sum of the items, the input
 * schema shared by the form and POST /api/clients/:id/sales, and who may void.
 *
 * Its schemas are made when asked for, never at the module's top level: pages that only show sales
 * (a client's details, the client book) import this module, and a schema built on load would bring
 * zod into their JavaScript (26 KB compressed) and its start-up into their hydration.
 */

export const ITEM_CATEGORIES = [
  "ring",
  "bangle",
  "bracelet",
  "necklace",
  "pendant",
  "earrings",
  "set",
  "watch",
  "coin_bar",
  "other",
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];
export const ITEM_CATEGORY_LABELS: Record<ItemCategory, string> = {
  ring: "Ring",
  bangle: "Bangle",
  bracelet: "Bracelet",
  necklace: "Necklace",
  pendant: "Pendant",
  earrings: "Earrings",
  set: "Set",
  watch: "Watch",
  coin_bar: "Coin / bar",
  other: "Other",
};

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

/**
 * The retailer's showrooms: a fixed list so reports group on one spelling (decision 016). A new
 * showroom is one line here; stored keys never change.
 */
export const SHOWROOMS = [
  "dubai_gold_souk",
  "dubai_mall",
  "abu_dhabi",
  "sharjah",
  "al_ain",
  "online",
  "road_sales",
] as const;
export type Showroom = (typeof SHOWROOMS)[number];
export const SHOWROOM_LABELS: Record<Showroom, string> = {
  dubai_gold_souk: "Dubai Gold Souk",
  dubai_mall: "Dubai Mall",
  abu_dhabi: "Abu Dhabi",
  sharjah: "Sharjah",
  al_ain: "Al Ain",
  online: "Online",
  road_sales: "Road sales",
};

/** A type guard for a value of a fixed list (a stored or sent key). */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === "string" && (values as readonly string[]).includes(value);
export const isShowroom = oneOf(SHOWROOMS);

/** A label for a stored value, or the value itself when the list no longer has it. */
export function labelOf<T extends string>(labels: Record<T, string>, value: string | null): string {
  if (value === null) return "—";
  return (labels as Record<string, string>)[value] ?? value;
}

/** Milligrams per gram: weights are stored as integer milligrams, so 32.4 g is exactly 32400. */
export type Milligrams = number;
/** Carats are stored as integer hundredths (a jeweller's "points"): 1.02 ct is 102. */
export type CaratPoints = number;

/** "32.4", "32.400 g", 32.4 → integer units of 10^-decimals; never float arithmetic. Null when not a plain decimal. */
function parseScaled(input: string | number, decimals: number, unit: RegExp): number | null {
  const spaced = (typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input)
    .replace(unit, "")
    .replace(/\s/g, "");
  const text = dropThousandsCommas(spaced);
  const match = new RegExp(`^(\\d{1,9})(?:\\.(\\d{0,${decimals}}))?$`).exec(text);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0"));
}

/** Grams with up to 3 decimals ("32.4", "32.400 g") → milligrams; null for anything else. */
export function parseGramsToMg(input: string | number): Milligrams | null {
  return parseScaled(input, 3, /g(ram)?s?$/i);
}

/** Carats with up to 2 decimals ("1.02", "1.02 ct") → hundredths; null for anything else. */
export function parseCaratsToPoints(input: string | number): CaratPoints | null {
  return parseScaled(input, 2, /(ct|carats?)$/i);
}

function scaledToDecimal(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  return `${Math.trunc(value / scale)}.${String(value % scale).padStart(decimals, "0")}`;
}

/** 32400 → "32.400" (the JSON's weightGrams). */
export const mgToGrams = (mg: Milligrams): string => scaledToDecimal(mg, 3);
/** 102 → "1.02" (the JSON's stoneCarats). */
export const pointsToCarats = (points: CaratPoints): string => scaledToDecimal(points, 2);

/** An item as the sale JSON carries it (decimal strings for the weight, carats and price). */
export type SaleItemFacts = {
  category: string;
  metal: string;
  karat: string;
  weightGrams: string | null;
  stone: string;
  stoneCarats: string | null;
  itemCode: string | null;
  certificateNo: string | null;
  price: string;
};

/** "Bangle · 21K Yellow gold · 32.400 g · AED 9,800.00": one line per piece (the details, the data export). */
export function itemSummary(i: SaleItemFacts): string {
  const metal = i.metal === "none" ? null : labelOf(METAL_LABELS, i.metal);
  const karat = i.karat === "none" ? null : labelOf(KARAT_LABELS, i.karat);
  const stone =
    i.stone === "none" ? null : `${labelOf(STONE_LABELS, i.stone)}${i.stoneCarats ? ` ${i.stoneCarats} ct` : ""}`;
  return [
    labelOf(ITEM_CATEGORY_LABELS, i.category),
    [karat, metal].filter(Boolean).join(" ") || null,
    i.weightGrams ? `${i.weightGrams} g` : null,
    stone,
    i.itemCode ? `code ${i.itemCode}` : null,
    i.certificateNo ? `cert. ${i.certificateNo}` : null,
    formatAed(parseAedToFils(i.price) ?? 0n),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The sale's amount is the exact sum of its items' prices. */
export function sumItemPrices(items: readonly { priceFils: Fils }[]): Fils {
  return items.reduce((total, item) => total + item.priceFils, 0n);
}

/** Total weight of the items that carry one, in milligrams (integers add exactly). */
export function totalWeightMg(items: readonly { weightMg: Milligrams | null }[]): Milligrams {
  return items.reduce((total, item) => total + (item.weightMg ?? 0), 0);
}

export const MAX_SALE_ITEMS = 50;
export const INVOICE_NO_MAX = 40;
export const VOID_REASON_MAX = 500;

const text = (max: number) =>
  z
    .string({ error: "Expected text" })
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** A value typed or sent as text or a number, parsed exactly; blank is null. */
const exact = <T>(parse: (v: string | number) => T | null, message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
      const parsed = parse(v);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });

const enumOf = <T extends string>(values: readonly [T, ...T[]], labels: Record<T, string>, fallback: T) =>
  z
    .union([z.string(), z.number()], { error: `Choose one of: ${values.map((v) => labels[v]).join(", ")}` })
    .nullish()
    .transform((v, ctx) => {
      const value = v === null || v === undefined || v === "" ? fallback : String(v).trim().toLowerCase();
      if (!(values as readonly string[]).includes(value)) {
        ctx.addIssue({ code: "custom", message: `Choose one of: ${values.join(", ")}` });
        return z.NEVER;
      }
      return value as T;
    });

const PRICE_MESSAGE = "Enter the price in AED as digits with up to 2 decimals, e.g. 1250.50";

/** One item as the form and the JSON name it (weightGrams, stoneCarats, price), read into exact columns. */
export const saleItemSchema = () =>
  z
    .object({
      category: z.enum(ITEM_CATEGORIES, { error: `Choose a category: ${ITEM_CATEGORIES.join(", ")}` }),
      metal: enumOf(METALS, METAL_LABELS, "none"),
      // 21, "21" and "21K" are one karat; null or "none" is none.
      karat: z
        .union([z.string(), z.number()], { error: "Choose a karat: 18, 21, 22, 24 or none" })
        .nullish()
        .transform((v, ctx) => {
          const value =
            v === null || v === undefined || v === "" ? "none" : String(v).trim().toLowerCase().replace(/k$/, "");
          if (!(KARATS as readonly string[]).includes(value)) {
            ctx.addIssue({ code: "custom", message: "Choose a karat: 18, 21, 22, 24 or none" });
            return z.NEVER;
          }
          return value as Karat;
        }),
      weightGrams: exact(parseGramsToMg, "Enter the weight in grams with up to 3 decimals, e.g. 32.405"),
      stone: enumOf(STONES, STONE_LABELS, "none"),
      stoneCarats: exact(parseCaratsToPoints, "Enter the carats with up to 2 decimals, e.g. 1.02"),
      itemCode: text(60),
      certificateNo: text(60),
      price: exact(parseAedToFils, PRICE_MESSAGE),
    })
    .transform((item, ctx) => {
      if (item.price === null) {
        ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_MESSAGE });
        return z.NEVER;
      }
      return {
        category: item.category,
        metal: item.metal,
        karat: item.karat,
        weightMg: item.weightGrams,
        stone: item.stone,
        stoneCaratPoints: item.stoneCarats,
        itemCode: item.itemCode,
        certificateNo: item.certificateNo,
        priceFils: item.price,
      };
    });
export type SaleItemInput = z.output<ReturnType<typeof saleItemSchema>>;

/**
 * A sale's items as they are stored: their order, their sale's day, and whether each is the sale's
 * first of its category, so the report by category reads the items alone and counts a sale once
 * per category without a DISTINCT (docs/decisions/018-sales-report.md).
 */
export function storedItems<T extends { category: string }>(
  items: readonly T[],
  saleDate: Date,
): (T & { position: number; saleDate: Date; firstOfCategory: boolean })[] {
  const seen = new Set<string>();
  return items.map((item, position) => {
    const firstOfCategory = !seen.has(item.category);
    seen.add(item.category);
    return { ...item, position, saleDate, firstOfCategory };
  });
}

/**
 * One sale as the form and POST /api/clients/:id/sales send it. With items, the amount is their
 * sum (an amount sent as well must equal it); without, the amount is required (today's "new
 * sale", docs/product-rules.md §5: above 0). The day is today or earlier in the shop's time zone.
 */
export function saleInputSchema(today: IsoDate = businessToday()) {
  return z
    .object({
      saleDate: z
        .string({ error: "Enter the sale date as YYYY-MM-DD" })
        .trim()
        .refine(isIsoDate, "Enter the sale date as YYYY-MM-DD")
        .refine((day) => day <= today, "The sale date cannot be in the future"),
      amount: exact(parseAedToFils, "Enter the amount in AED as digits with up to 2 decimals, e.g. 1250.50"),
      description: text(500),
      invoiceNo: text(INVOICE_NO_MAX),
      showroom: z
        .string({ error: `Choose a showroom: ${SHOWROOMS.join(", ")}` })
        .trim()
        .nullish()
        .transform((v, ctx) => {
          if (!v) return null;
          if (!isShowroom(v)) {
            ctx.addIssue({ code: "custom", message: `Choose a showroom: ${SHOWROOMS.join(", ")}` });
            return z.NEVER;
          }
          return v;
        }),
      soldById: text(100),
      items: z
        .array(saleItemSchema(), { error: "Send the items as a list" })
        .max(MAX_SALE_ITEMS, `At most ${MAX_SALE_ITEMS} items in one sale`)
        .nullish()
        .transform((v): SaleItemInput[] => v ?? []),
    })
    .transform(({ amount, ...sale }, ctx) => {
      const itemsTotal = sumItemPrices(sale.items);
      if (sale.items.length > 0 && amount !== null && amount !== itemsTotal) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: `The amount must be the sum of the items (AED ${filsToDecimalString(itemsTotal)}), or left out`,
        });
        return z.NEVER;
      }
      const amountFils = sale.items.length > 0 ? itemsTotal : amount;
      if (amountFils === null || amountFils <= 0n) {
        ctx.addIssue({
          code: "custom",
          path: [sale.items.length > 0 ? "items" : "amount"],
          message: "A sale must be above AED 0: enter the amount or the items' prices",
        });
        return z.NEVER;
      }
      if (sale.invoiceNo && !sale.showroom) {
        ctx.addIssue({
          code: "custom",
          path: ["showroom"],
          message: "Choose the showroom of the invoice: invoice numbers are unique per showroom",
        });
        return z.NEVER;
      }
      return { ...sale, amountFils };
    });
}
export type SaleInput = z.output<ReturnType<typeof saleInputSchema>>;

export const voidSaleSchema = () =>
  z.object({
    reason: z
      .string({ error: "Give the reason for the void" })
      .trim()
      .min(1, "Give the reason for the void")
      .max(VOID_REASON_MAX, `At most ${VOID_REASON_MAX} characters`),
  });

/**
 * Who may void (decision 016): an admin any time; the person who recorded the sale on the same
 * shop day it was recorded (a till mistake caught the same day). Everyone else asks an admin.
 */
export function canVoidSale(
  user: { id: string; role: Role },
  sale: { createdById: string | null; createdAt: Date; voidedAt: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (sale.voidedAt) return false;
  if (user.role === "admin") return true;
  return sale.createdById === user.id && businessToday(sale.createdAt) === businessToday(now);
}

/** The form's fields for one item row, named as the JSON names them. */
export const ITEM_FORM_FIELDS = [
  "category",
  "metal",
  "karat",
  "weightGrams",
  "stone",
  "stoneCarats",
  "itemCode",
  "certificateNo",
  "price",
] as const;
export type ItemFormField = (typeof ITEM_FORM_FIELDS)[number];
export type ItemFormRow = Record<ItemFormField, string>;
export const SALE_FORM_FIELDS = ["saleDate", "amount", "description", "invoiceNo", "showroom", "soldById"] as const;
export type SaleFormValues = Record<(typeof SALE_FORM_FIELDS)[number], string> & { items: ItemFormRow[] };

/** Rows the plain form starts with; "Add another item" re-renders it with one more (no JavaScript needed). */
export const SALE_FORM_ROWS = 3;

export const blankItemRow = (): ItemFormRow => ({
  category: "",
  metal: "none",
  karat: "none",
  weightGrams: "",
  stone: "none",
  stoneCarats: "",
  itemCode: "",
  certificateNo: "",
  price: "",
});

/** A row the person left empty (the selects keep their "none"): not an item. */
export function isBlankItemRow(row: ItemFormRow): boolean {
  return ["category", "weightGrams", "stoneCarats", "itemCode", "certificateNo", "price"].every(
    (name) => row[name as keyof ItemFormRow].trim() === "",
  );
}

/** Field name of an item row's input: "item-2-price". */
export const itemFieldName = (row: number, field: keyof ItemFormRow) => `item-${row}-${field}`;

/**
 * The posted form as text, every row kept (to show it again), for up to MAX_SALE_ITEMS rows;
 * `read` is FormData's text getter.
 */
export function saleFormValues(read: (name: string) => string): SaleFormValues {
  const rows = Math.min(Math.max(Number.parseInt(read("rows"), 10) || SALE_FORM_ROWS, 1), MAX_SALE_ITEMS);
  const items = Array.from({ length: rows }, (_, row) => {
    const item = blankItemRow();
    for (const field of ITEM_FORM_FIELDS) item[field] = read(itemFieldName(row, field)) || item[field];
    return item;
  });
  const values = Object.fromEntries(SALE_FORM_FIELDS.map((name) => [name, read(name)])) as Record<
    (typeof SALE_FORM_FIELDS)[number],
    string
  >;
  return { ...values, items };
}

/**
 * What the schema reads from the form: the filled rows only. `rowOf` maps a filled item back to
 * the row the person sees, so an error names the right one.
 */
export function saleFormInput(values: SaleFormValues): { input: Record<string, unknown>; rowOf: number[] } {
  const rowOf = values.items.flatMap((row, index) => (isBlankItemRow(row) ? [] : [index]));
  return { input: { ...values, items: rowOf.map((index) => values.items[index]) }, rowOf };
}

/** The running total of a half-filled form: the prices that parse, in exact fils. */
export function formItemsTotal(rows: readonly ItemFormRow[]): { totalFils: Fils; weightMg: Milligrams; count: number } {
  const filled = rows.filter((row) => !isBlankItemRow(row));
  return {
    totalFils: sumItemPrices(filled.map((row) => ({ priceFils: parseAedToFils(row.price) ?? 0n }))),
    weightMg: totalWeightMg(filled.map((row) => ({ weightMg: parseGramsToMg(row.weightGrams) }))),
    count: filled.length,
  };
}

/**
 * Where an issue from the schema (path items.1.price) sits on screen: the item row as the person counts
 * it and the field, so the page can say "Item 2 price: …"; null for an issue about the whole sale.
 */
export function saleIssuePlace(
  path: readonly PropertyKey[],
  rowOf: readonly number[] = [],
): { row: number; field: ItemFormField | null } | null {
  if (path[0] !== "items" || typeof path[1] !== "number") return null;
  const field = ITEM_FORM_FIELDS.find((name) => name === path[2]) ?? null;
  return { row: (rowOf[path[1]] ?? path[1]) + 1, field };
}
