import { z } from "zod";
import { businessToday, isIsoDate, type IsoDate } from "./calendar";
import { buyerIdSchema, paymentsSchema, settlePayments } from "./cash-rule";
import { MESSAGE_CODES, type MessageCode } from "./message-codes";
import { message, type Message } from "./messages";
import {
  dropThousandsCommas,
  filsToDecimalString,
  formatAed,
  formatAmount,
  MAX_AMOUNT_FILS,
  parseAedToFils,
  type Fils,
} from "./money";
import { KARAT_LABELS, KARATS, METAL_LABELS, METALS, STONE_LABELS, STONES, type Karat } from "./materials";
import type { Role } from "./roles";
import { chooseMessage, choiceField, type ShopLists } from "./shop-lists";

/**
 * A sale as a jeweller records it (docs/decisions/016-itemised-sales-and-voids.md): the
 * enumerations with their labels (showrooms and item categories are the shop's lists, passed in:
 * docs/decisions/041-shop-lists-as-data.md), exact weights and carats, the sum of the items, the input
 * schema shared by the form and POST /api/clients/:id/sales, and who may void.
 *
 * Its schemas are made when asked for, never at the module's top level: pages that only show sales
 * (a client's details, the client book) import this module, and a schema built on load would bring
 * zod into their JavaScript (26 KB compressed) and its start-up into their hydration.
 */

export { KARAT_LABELS, KARATS, METAL_LABELS, METALS, STONE_LABELS, STONES } from "./materials";
export type { Karat, Metal, Stone } from "./materials";

/** A type guard for a value of a fixed list (a stored or sent key). */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === "string" && (values as readonly string[]).includes(value);

/** A label for a stored value, or the value itself when the list no longer has it. */
export function labelOf<T extends string>(labels: Record<T, string>, value: string | null): string {
  if (value === null) return "—";
  return (labels as Record<string, string>)[value] ?? value;
}

/** Milligrams per gram: weights are stored as integer milligrams, so 32.4 g is exactly 32400. */
export type Milligrams = number;
/** The heaviest piece a sale item may weigh: 10 kg (issue #43), far above any piece of jewellery. */
export const MAX_ITEM_WEIGHT_MG: Milligrams = 10_000_000;

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

/** "Bangle · 21K Yellow gold · 32.400 g · AED 9,800.00": one line per piece (the data export), its category by name. */
export function itemSummary(i: SaleItemFacts & { categoryName: string }): string {
  const metal = i.metal === "none" ? null : labelOf(METAL_LABELS, i.metal);
  const karat = i.karat === "none" ? null : labelOf(KARAT_LABELS, i.karat);
  const stone =
    i.stone === "none" ? null : `${labelOf(STONE_LABELS, i.stone)}${i.stoneCarats ? ` ${i.stoneCarats} ct` : ""}`;
  return [
    i.categoryName,
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

export const text = (max: number) =>
  z
    .string({ error: MESSAGE_CODES.saleExpectedText })
    .trim()
    .max(max, MESSAGE_CODES.textTooLong)
    .nullish()
    .transform((v) => v || null);

/** The most a value may be, and the refusal that says so (a message code with its values). */
export type Bound<T> = { max: T; refusal: Message };

/** A value typed or sent as text or a number, parsed exactly and within its bound; blank is null. */
export const exact = <T extends number | bigint>(
  parse: (v: string | number) => T | null,
  refusal: MessageCode,
  bound: Bound<T>,
) =>
  z
    .union([z.string(), z.number()], { error: refusal })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
      const parsed = parse(v);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: refusal });
        return z.NEVER;
      }
      if (parsed > bound.max) {
        ctx.addIssue({ code: "custom", message: bound.refusal.code, params: bound.refusal.values });
        return z.NEVER;
      }
      return parsed;
    });

/** At most AED 100,000,000 for an amount or a price; a sale's items may not add up to more either. */
/** The refusal of an amount over MAX_AMOUNT_FILS (money.ts), under the field it is about. */
export const AMOUNT_TOO_LARGE: Message = message(MESSAGE_CODES.amountTooLarge, {
  max: formatAmount(MAX_AMOUNT_FILS),
});
export const AMOUNT_BOUND: Bound<Fils> = { max: MAX_AMOUNT_FILS, refusal: AMOUNT_TOO_LARGE };
export const WEIGHT_BOUND: Bound<Milligrams> = {
  max: MAX_ITEM_WEIGHT_MG,
  refusal: message(MESSAGE_CODES.weightTooLarge, { max: mgToGrams(MAX_ITEM_WEIGHT_MG) }),
};
/** Carats have no rule of their own beyond what storage holds: 10,000 ct is no stone. */
export const CARATS_BOUND: Bound<CaratPoints> = {
  max: 1_000_000,
  refusal: message(MESSAGE_CODES.caratsTooLarge, { max: pointsToCarats(1_000_000) }),
};

/** One of a fixed list (metals, stones), by its key in any case; blank is the fallback. */
export const enumOf = <T extends string>(values: readonly [T, ...T[]], fallback: T) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const typed = typeof v === "string" || typeof v === "number" ? String(v).trim().toLowerCase() : null;
      const value = v === null || v === undefined || typed === "" ? fallback : typed;
      if (value === null || !(values as readonly string[]).includes(value)) {
        ctx.addIssue({ code: "custom", message: MESSAGE_CODES.saleChooseOne, params: { choices: values.join(", ") } });
        return z.NEVER;
      }
      return value as T;
    });

/** A karat as typed or sent: 21, "21" and "21K" are one karat; null or "none" is none. Sale and job items share it. */
export const karatField = () =>
  z
    .union([z.string(), z.number()], { error: MESSAGE_CODES.saleKarat })
    .nullish()
    .transform((v, ctx) => {
      const value =
        v === null || v === undefined || v === "" ? "none" : String(v).trim().toLowerCase().replace(/k$/, "");
      if (!(KARATS as readonly string[]).includes(value)) {
        ctx.addIssue({ code: "custom", message: MESSAGE_CODES.saleKarat });
        return z.NEVER;
      }
      return value as Karat;
    });

/** One item as the form and the JSON name it (weightGrams, stoneCarats, price), read into exact columns. */
export const saleItemSchema = (categories: ShopLists["itemCategories"]) =>
  z
    .object({
      category: choiceField("itemCategories", categories),
      metal: enumOf(METALS, "none"),
      karat: karatField(),
      weightGrams: exact(parseGramsToMg, MESSAGE_CODES.saleWeight, WEIGHT_BOUND),
      stone: enumOf(STONES, "none"),
      stoneCarats: exact(parseCaratsToPoints, MESSAGE_CODES.saleCarats, CARATS_BOUND),
      itemCode: text(60),
      certificateNo: text(60),
      price: exact(parseAedToFils, MESSAGE_CODES.salePrice, AMOUNT_BOUND),
    })
    .transform((item, ctx) => {
      if (item.category === null) {
        const refusal = chooseMessage("itemCategories", categories);
        ctx.addIssue({ code: "custom", path: ["category"], message: refusal.code, params: refusal.values });
        return z.NEVER;
      }
      if (item.price === null) {
        ctx.addIssue({ code: "custom", path: ["price"], message: MESSAGE_CODES.salePrice });
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
 * The showroom and each item's category name an active row of the shop's lists (its id, key or name);
 * a sale with no showroom takes its seller's home showroom when recorded (app/services/sales.server.ts).
 */
export function saleInputSchema(today: IsoDate, lists: SaleLists) {
  return z
    .object({
      saleDate: z
        .string({ error: MESSAGE_CODES.saleDate })
        .trim()
        .refine(isIsoDate, MESSAGE_CODES.saleDate)
        .refine((day) => day <= today, MESSAGE_CODES.saleDateInFuture),
      amount: exact(parseAedToFils, MESSAGE_CODES.saleAmount, AMOUNT_BOUND),
      description: text(500),
      invoiceNo: text(INVOICE_NO_MAX),
      showroom: choiceField("showrooms", lists.showrooms),
      soldById: text(100),
      items: z
        .array(saleItemSchema(lists.itemCategories), { error: MESSAGE_CODES.saleItemsList })
        .max(MAX_SALE_ITEMS, MESSAGE_CODES.saleTooManyItems)
        .nullish()
        .transform((v): SaleItemInput[] => v ?? []),
      payments: paymentsSchema(),
      buyerId: buyerIdSchema(),
    })
    .transform(({ amount, payments: parts, ...sale }, ctx) => {
      const itemsTotal = sumItemPrices(sale.items);
      if (sale.items.length > 0 && amount !== null && amount !== itemsTotal) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: MESSAGE_CODES.saleAmountNotSum,
          params: { amount: filsToDecimalString(itemsTotal) },
        });
        return z.NEVER;
      }
      if (itemsTotal > MAX_AMOUNT_FILS) {
        ctx.addIssue({
          code: "custom",
          path: ["items"],
          message: AMOUNT_BOUND.refusal.code,
          params: AMOUNT_BOUND.refusal.values,
        });
        return z.NEVER;
      }
      const amountFils = sale.items.length > 0 ? itemsTotal : amount;
      if (amountFils === null || amountFils <= 0n) {
        ctx.addIssue({
          code: "custom",
          path: [sale.items.length > 0 ? "items" : "amount"],
          message: MESSAGE_CODES.saleAboveZero,
        });
        return z.NEVER;
      }
      // How it was paid: the parts add up to the amount exactly, or none were given ("not recorded").
      const settled = settlePayments(parts, amountFils);
      if (!settled.ok) {
        ctx.addIssue({
          code: "custom",
          path: ["payments"],
          message: settled.message.code,
          params: settled.message.values,
        });
        return z.NEVER;
      }
      return { ...sale, amountFils, payments: settled.payments };
    });
}
export type SaleInput = z.output<ReturnType<typeof saleInputSchema>>;

/** The shop's lists a sale names rows of (app/services/shop-lists.server.ts reads them). */
export type SaleLists = Pick<ShopLists, "showrooms" | "itemCategories">;

export const voidSaleSchema = () =>
  z.object({
    reason: z
      .string({ error: MESSAGE_CODES.voidReason })
      .trim()
      .min(1, MESSAGE_CODES.voidReason)
      .max(VOID_REASON_MAX, MESSAGE_CODES.textTooLong),
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
export const SALE_FORM_FIELDS = [
  "saleDate",
  "amount",
  "description",
  "invoiceNo",
  "showroom",
  "soldById",
  "paidBy",
  "passportNumber",
  "nationality",
] as const;
/** One payment part's row on the form ("Several parts"). */
export type PaymentFormRow = { method: string; amount: string };
export type SaleFormValues = Record<(typeof SALE_FORM_FIELDS)[number], string> & {
  items: ItemFormRow[];
  payments: PaymentFormRow[];
};

/** The form's "Paid by" choice for several parts (the other choices are the methods, or blank: not recorded). */
export const PAID_BY_SPLIT = "split";
/** Payment part rows the plain form shows (enough for a till; the API takes up to MAX_PAYMENT_PARTS). */
export const PAYMENT_FORM_ROWS = 3;
export const blankPaymentRows = (): PaymentFormRow[] =>
  Array.from({ length: PAYMENT_FORM_ROWS }, () => ({ method: "", amount: "" }));
/** Field name of a payment part's input: "payment-1-amount". */
export const paymentFieldName = (row: number, field: keyof PaymentFormRow) => `payment-${row}-${field}`;

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
  const payments = blankPaymentRows().map((_, row) => ({
    method: read(paymentFieldName(row, "method")),
    amount: read(paymentFieldName(row, "amount")),
  }));
  return { ...values, items, payments };
}

/**
 * The form's payment as the schema reads it: blank is "not recorded", one method is the whole sale, several
 * parts are the rows filled in; the passport, when either field is typed.
 */
function formPayments(values: SaleFormValues): { payments: unknown[]; buyerId: unknown } {
  const filled = values.payments.filter((row) => row.method.trim() !== "" || row.amount.trim() !== "");
  const payments =
    values.paidBy === ""
      ? []
      : values.paidBy === PAID_BY_SPLIT
        ? filled.length > 0
          ? filled
          : [{ method: null }]
        : [{ method: values.paidBy }];
  const passport = values.passportNumber.trim() !== "" || values.nationality.trim() !== "";
  const buyerId = passport
    ? { type: "passport", number: values.passportNumber, nationality: values.nationality }
    : null;
  return { payments, buyerId };
}

/**
 * What the schema reads from the form: the filled rows only. `rowOf` maps a filled item back to
 * the row the person sees, so an error names the right one.
 */
export function saleFormInput(values: SaleFormValues): { input: Record<string, unknown>; rowOf: number[] } {
  const rowOf = values.items.flatMap((row, index) => (isBlankItemRow(row) ? [] : [index]));
  return { input: { ...values, items: rowOf.map((index) => values.items[index]), ...formPayments(values) }, rowOf };
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
