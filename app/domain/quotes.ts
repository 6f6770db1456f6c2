import { z } from "zod";
import { addDays, businessToday } from "./calendar";
import { instantOfShopTime, RATE_KEYS, type RateKey, type RatesInFils } from "./gold-rates";
import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";
import { dropThousandsCommas, filsToDecimalString, MAX_AMOUNT_FILS, parseAedToFils, type Fils } from "./money";
import { AMOUNT_TOO_LARGE, MAX_ITEM_WEIGHT_MG, mgToGrams, parseGramsToMg, type Milligrams } from "./sales";
import { choiceField, type ShopLists } from "./shop-lists";

/**
 * A quote at the counter (docs/decisions/045-quotes.md): pieces priced at the rate of the day with their making
 * charge and stones, VAT on the jewellery, old gold taken in exchange. Every amount is exact in fils and
 * milligrams and rounded half up to the fil once, here and nowhere else; the page's running totals, the saved
 * quote and POST /api/quotes all come from priceQuote.
 */

/** UAE VAT on jewellery, in hundredths of a percent (5%). Investment gold (24K coins and bars) is zero-rated. */
export const VAT_RATE_BP = 500;
const BP = 10_000n;
const MG_PER_GRAM = 1000n;

export const MAKING_TYPES = ["per_gram", "fixed"] as const;
export type MakingType = (typeof MAKING_TYPES)[number];

export const MAX_QUOTE_LINES = 30;
export const MAX_EXCHANGE_LINES = 10;
export const QUOTE_DESCRIPTION_MAX = 200;

/** a / b rounded half up to a whole number; both non-negative, b above zero. */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n);
}

/** A piece as parsed: weight in mg, the making charge in fils (a gram's, or the whole piece's), stones in fils. */
export type QuoteLineInput = {
  description: string | null;
  category: string | null;
  weightMg: Milligrams;
  karat: RateKey;
  makingType: MakingType;
  makingChargeFils: Fils;
  stoneValueFils: Fils;
};
/** Old gold taken in: its deduction in hundredths of a percent (2.5% is 250). */
export type ExchangeLineInput = { weightMg: Milligrams; karat: RateKey; deductionBp: number };
export type QuoteInput = { clientId: number | null; lines: QuoteLineInput[]; exchange: ExchangeLineInput[] };

export type PricedLine = QuoteLineInput & {
  metalValueFils: Fils;
  makingFils: Fils;
  lineTotalFils: Fils;
  vatRateBp: number;
};
export type PricedExchange = ExchangeLineInput & { rateFils: Fils; creditFils: Fils };
export type PricedQuote = {
  lines: PricedLine[];
  exchange: PricedExchange[];
  subtotalFils: Fils;
  vatFils: Fils;
  exchangeCreditFils: Fils;
  totalFils: Fils;
};

export type PriceRefusal = { ok: false; path: (string | number)[]; error: Message };

/** The rate the quote holds for a karat (or platinum, silver), or undefined when it holds none. */
export function rateFor(rates: RatesInFils, karat: RateKey): Fils | undefined {
  return rates[karat];
}

/** Whether a line is investment gold: 24K of a category the shop marks as coins and bars. Zero-rated. */
export function isZeroRated(
  line: { karat: RateKey; category: string | null },
  investmentCategories: ReadonlySet<string>,
) {
  return line.karat === "24" && line.category !== null && investmentCategories.has(line.category);
}

/**
 * The quote's amounts: each line's metal value (weight × rate), making (weight × charge a gram, or the fixed
 * charge) and total; VAT on the standard-rated lines' sum; each exchange line's credit (weight × rate ×
 * (100 − deduction)%); the total. A karat the rates do not price, or a total below zero (the shop pays out
 * nothing through a quote), is refused; so is a total past the largest amount the app takes.
 */
export function priceQuote(
  input: Pick<QuoteInput, "lines" | "exchange">,
  rates: RatesInFils,
  investmentCategories: ReadonlySet<string>,
): { ok: true; quote: PricedQuote } | PriceRefusal {
  const lines: PricedLine[] = [];
  for (const [index, line] of input.lines.entries()) {
    const rate = rateFor(rates, line.karat);
    if (rate === undefined) return noRate(["lines", index, "karat"], line.karat);
    const weight = BigInt(line.weightMg);
    const metalValueFils = divideHalfUp(weight * rate, MG_PER_GRAM);
    const makingFils =
      line.makingType === "fixed" ? line.makingChargeFils : divideHalfUp(weight * line.makingChargeFils, MG_PER_GRAM);
    lines.push({
      ...line,
      metalValueFils,
      makingFils,
      lineTotalFils: metalValueFils + makingFils + line.stoneValueFils,
      vatRateBp: isZeroRated(line, investmentCategories) ? 0 : VAT_RATE_BP,
    });
  }
  const exchange: PricedExchange[] = [];
  for (const [index, line] of input.exchange.entries()) {
    const rate = rateFor(rates, line.karat);
    if (rate === undefined) return noRate(["exchange", index, "karat"], line.karat);
    const kept = BP - BigInt(line.deductionBp);
    exchange.push({
      ...line,
      rateFils: rate,
      creditFils: divideHalfUp(BigInt(line.weightMg) * rate * kept, MG_PER_GRAM * BP),
    });
  }
  const subtotalFils = lines.reduce((sum, line) => sum + line.lineTotalFils, 0n);
  const standard = lines.filter((line) => line.vatRateBp > 0).reduce((sum, line) => sum + line.lineTotalFils, 0n);
  const vatFils = divideHalfUp(standard * BigInt(VAT_RATE_BP), BP);
  const exchangeCreditFils = exchange.reduce((sum, line) => sum + line.creditFils, 0n);
  const totalFils = subtotalFils + vatFils - exchangeCreditFils;
  if (totalFils < 0n) return { ok: false, path: ["exchange"], error: message(MESSAGE_CODES.quoteNegativeTotal) };
  if (subtotalFils + vatFils > MAX_AMOUNT_FILS) return { ok: false, path: ["lines"], error: AMOUNT_TOO_LARGE };
  return { ok: true, quote: { lines, exchange, subtotalFils, vatFils, exchangeCreditFils, totalFils } };
}

function noRate(path: (string | number)[], karat: string): PriceRefusal {
  return { ok: false, path, error: message(MESSAGE_CODES.quoteNoRate, { karat }) };
}

/** "Q-2026-00001": the shop's year and the quote's place in it. */
export function quoteNumber(year: number, sequence: number): string {
  return `Q-${year}-${String(sequence).padStart(5, "0")}`;
}

/** A quote holds until the shop's day it was given on ends: the last millisecond before the next day starts. */
export function quoteValidUntil(now: Date, timeZone: string): Date {
  const next = instantOfShopTime(`${addDays(businessToday(now, timeZone), 1)}T00:00`, timeZone);
  return new Date(next!.getTime() - 1);
}

/** The shop's year of a moment, which numbers its quotes. */
export const quoteYear = (now: Date, timeZone: string) => Number(businessToday(now, timeZone).slice(0, 4));

// ---------------------------------------------------------------------------------------------------------
// Reading what is sent: POST /api/quotes's JSON, and the page's form through the same schema.

/** "22", 22, "22K", "22k" are one karat; platinum and silver by name. Anything else has no rate. */
export function karatKey(value: unknown): RateKey | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim().toLowerCase().replace(/k$/, "");
  return (RATE_KEYS as readonly string[]).includes(text) ? (text as RateKey) : null;
}

/** Hundredths of a percent from "2.5", "2.5%", 2.5, 0 to 100; null for anything else. */
export function parsePercentToBp(input: string | number): number | null {
  const text = dropThousandsCommas(String(input).replace(/%|\s/g, ""));
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** A value sent as text or a number (or left out), read by the transform after it; another type is `error`. */
const loose = (error: string) => z.union([z.string(), z.number()], { error }).nullish();

const karatField = loose(MESSAGE_CODES.quoteNoRate).transform((value, ctx): RateKey => {
  const key = karatKey(value);
  if (key) return key;
  ctx.addIssue({ code: "custom", message: MESSAGE_CODES.quoteNoRate, params: { karat: String(value ?? "") } });
  return z.NEVER;
});

const weightField = loose(MESSAGE_CODES.quoteWeight).transform((value, ctx): Milligrams => {
  const mg = blank(value) ? null : parseGramsToMg(value!);
  if (mg !== null && mg > 0 && mg <= MAX_ITEM_WEIGHT_MG) return mg;
  ctx.addIssue({ code: "custom", message: MESSAGE_CODES.quoteWeight, params: { max: mgToGrams(MAX_ITEM_WEIGHT_MG) } });
  return z.NEVER;
});

/** An amount in AED with up to 2 decimals, 0 or more; blank is 0 where `optional`. */
const amountField = (optional: boolean) =>
  loose(MESSAGE_CODES.quoteAmount).transform((value, ctx): Fils => {
    if (optional && blank(value)) return 0n;
    const fils = blank(value) ? null : parseAedToFils(value);
    if (fils !== null && fils <= MAX_AMOUNT_FILS) return fils;
    ctx.addIssue({ code: "custom", message: MESSAGE_CODES.quoteAmount });
    return z.NEVER;
  });

const text = (max: number) =>
  z
    .string({ error: MESSAGE_CODES.invalidInput })
    .trim()
    .max(max, MESSAGE_CODES.invalidInput)
    .nullish()
    .transform((v) => v || null);

/**
 * POST /api/quotes and the page's form: `{clientId?, lines: [...], exchange?: [...]}` as the contract names
 * them. A line's category is one of the shop's active item categories (its key, id or name), or none.
 */
export const quoteInputSchema = (categories: ShopLists["itemCategories"]) =>
  z
    .object({
      clientId: z
        .union([z.number(), z.string()], { error: MESSAGE_CODES.quoteClient })
        .nullish()
        .transform((value, ctx): number | null => {
          if (blank(value)) return null;
          const id = Number(value);
          if (Number.isSafeInteger(id) && id > 0) return id;
          ctx.addIssue({ code: "custom", message: MESSAGE_CODES.quoteClient });
          return z.NEVER;
        }),
      lines: z
        .array(
          z.object({
            description: text(QUOTE_DESCRIPTION_MAX),
            category: choiceField("itemCategories", categories),
            weightGrams: weightField,
            karat: karatField,
            makingCharge: amountField(true),
            makingChargeType: z.enum(MAKING_TYPES, { error: MESSAGE_CODES.quoteMakingType }),
            stoneValue: amountField(true),
          }),
          { error: MESSAGE_CODES.quoteLinesRequired },
        )
        .min(1, MESSAGE_CODES.quoteLinesRequired)
        .max(MAX_QUOTE_LINES, MESSAGE_CODES.quoteTooManyLines),
      exchange: z
        .array(
          z.object({
            weightGrams: weightField,
            karat: karatField,
            deductionPercent: loose(MESSAGE_CODES.quoteDeduction).transform((value, ctx): number => {
              if (blank(value)) return 0;
              const bp = parsePercentToBp(value!);
              if (bp !== null) return bp;
              ctx.addIssue({ code: "custom", message: MESSAGE_CODES.quoteDeduction });
              return z.NEVER;
            }),
          }),
          { error: MESSAGE_CODES.invalidInput },
        )
        .max(MAX_EXCHANGE_LINES, MESSAGE_CODES.quoteTooManyLines)
        .nullish()
        .transform((v) => v ?? []),
    })
    .transform((quote): QuoteInput => ({
      clientId: quote.clientId,
      lines: quote.lines.map((line) => ({
        description: line.description,
        category: line.category,
        weightMg: line.weightGrams,
        karat: line.karat,
        makingType: line.makingChargeType,
        makingChargeFils: line.makingCharge,
        stoneValueFils: line.stoneValue,
      })),
      exchange: quote.exchange.map((line) => ({
        weightMg: line.weightGrams,
        karat: line.karat,
        deductionBp: line.deductionPercent,
      })),
    }));

// ---------------------------------------------------------------------------------------------------------
// The saved quote as the API answers it and the pages read it.

export const percentOfBp = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, "0")}`;

export type QuoteLineView = {
  description: string | null;
  category: string | null;
  weightGrams: string;
  karat: RateKey;
  makingCharge: string;
  makingChargeType: MakingType;
  stoneValue: string;
  metalValue: string;
  making: string;
  lineTotal: string;
  /** The VAT rate as a percent: "5.00", or "0.00" for investment gold. */
  vatRate: string;
};
export type ExchangeLineView = { weightGrams: string; karat: RateKey; deductionPercent: string; credit: string };
export type QuoteView = {
  id: string;
  number: string;
  clientId: number | null;
  rates: Partial<Record<RateKey, string>>;
  ratesEffectiveAt: string;
  lines: QuoteLineView[];
  exchange: ExchangeLineView[];
  subtotal: string;
  vat: string;
  exchangeCredit: string;
  total: string;
  validUntil: string;
  createdAt: string;
  createdByName: string;
};

export function lineView(line: PricedLine): QuoteLineView {
  return {
    description: line.description,
    category: line.category,
    weightGrams: mgToGrams(line.weightMg),
    karat: line.karat,
    makingCharge: filsToDecimalString(line.makingChargeFils),
    makingChargeType: line.makingType,
    stoneValue: filsToDecimalString(line.stoneValueFils),
    metalValue: filsToDecimalString(line.metalValueFils),
    making: filsToDecimalString(line.makingFils),
    lineTotal: filsToDecimalString(line.lineTotalFils),
    vatRate: percentOfBp(line.vatRateBp),
  };
}

export function exchangeView(line: PricedExchange): ExchangeLineView {
  return {
    weightGrams: mgToGrams(line.weightMg),
    karat: line.karat,
    deductionPercent: percentOfBp(line.deductionBp),
    credit: filsToDecimalString(line.creditFils),
  };
}

/**
 * The pieces of a quote as a sale's items (its "turn into a sale"): each line's price is its total with its
 * share of the quote's VAT, so the items add up to subtotal + VAT exactly. The VAT is shared in proportion to
 * the standard-rated lines' totals, rounded down, the last such line taking what rounding left. Old gold taken
 * in is how part of that is paid, not a price (docs/decisions/045-quotes.md).
 */
export function saleItemPrices(lines: readonly { lineTotalFils: Fils; vatRateBp: number }[], vatFils: Fils): Fils[] {
  const standard = lines.filter((line) => line.vatRateBp > 0).reduce((sum, line) => sum + line.lineTotalFils, 0n);
  const lastStandard = lines.findLastIndex((line) => line.vatRateBp > 0);
  let shared = 0n;
  return lines.map((line, index) => {
    if (line.vatRateBp === 0 || standard === 0n) return line.lineTotalFils;
    const share = index === lastStandard ? vatFils - shared : (line.lineTotalFils * vatFils) / standard;
    shared += share;
    return line.lineTotalFils + share;
  });
}

// ---------------------------------------------------------------------------------------------------------
// The page's plain form: rows of inputs named line-0-weightGrams, exchange-0-karat…; "Add line" posts it back
// and it comes back with one more row, every typed value kept.

export const LINE_FIELDS = [
  "description",
  "category",
  "weightGrams",
  "karat",
  "makingCharge",
  "makingChargeType",
  "stoneValue",
] as const;
export const EXCHANGE_FIELDS = ["weightGrams", "karat", "deductionPercent"] as const;
export type LineRow = Record<(typeof LINE_FIELDS)[number], string>;
export type ExchangeRow = Record<(typeof EXCHANGE_FIELDS)[number], string>;
export type QuoteFormValues = { clientId: string; lines: LineRow[]; exchange: ExchangeRow[] };

export const blankLineRow = (): LineRow => ({
  description: "",
  category: "",
  weightGrams: "",
  karat: "22",
  makingCharge: "",
  makingChargeType: "per_gram",
  stoneValue: "",
});
export const blankExchangeRow = (): ExchangeRow => ({ weightGrams: "", karat: "22", deductionPercent: "" });

export const lineFieldName = (row: number, field: keyof LineRow) => `line-${row}-${field}`;
export const exchangeFieldName = (row: number, field: keyof ExchangeRow) => `exchange-${row}-${field}`;

const rowCount = (text: string, fallback: number, max: number) =>
  Math.min(Math.max(Number.parseInt(text, 10) || fallback, fallback), max);

/** The posted form as text, every row kept; `read` is FormData's text getter. */
export function quoteFormValues(read: (name: string) => string): QuoteFormValues {
  const lines = Array.from({ length: rowCount(read("lineRows"), 1, MAX_QUOTE_LINES) }, (_, row) => {
    const line = blankLineRow();
    for (const field of LINE_FIELDS) line[field] = read(lineFieldName(row, field)) || line[field];
    return line;
  });
  const exchange = Array.from({ length: rowCount(read("exchangeRows"), 0, MAX_EXCHANGE_LINES) }, (_, row) => {
    const line = blankExchangeRow();
    for (const field of EXCHANGE_FIELDS) line[field] = read(exchangeFieldName(row, field)) || line[field];
    return line;
  });
  return { clientId: read("clientId"), lines, exchange };
}

const isBlankLine = (row: LineRow) =>
  [row.description, row.category, row.weightGrams, row.makingCharge, row.stoneValue].every((v) => v.trim() === "");
const isBlankExchange = (row: ExchangeRow) => [row.weightGrams, row.deductionPercent].every((v) => v.trim() === "");

/** What the schema reads from the form: the filled rows only, and where each sits on screen (for its errors). */
export function quoteFormInput(values: QuoteFormValues) {
  const lineRows = values.lines.flatMap((row, index) => (isBlankLine(row) ? [] : [index]));
  const exchangeRows = values.exchange.flatMap((row, index) => (isBlankExchange(row) ? [] : [index]));
  return {
    input: {
      clientId: values.clientId,
      lines: lineRows.map((index) => values.lines[index]),
      exchange: exchangeRows.map((index) => values.exchange[index]),
    },
    lineRows,
    exchangeRows,
  };
}

/** Where an issue sits: the line or exchange row as the person counts it, or null for the whole quote. */
export function quoteIssuePlace(
  path: readonly PropertyKey[],
  rows: { lineRows: readonly number[]; exchangeRows: readonly number[] },
): { kind: "lines" | "exchange"; row: number } | null {
  const kind = path[0];
  if ((kind !== "lines" && kind !== "exchange") || typeof path[1] !== "number") return null;
  const map = kind === "lines" ? rows.lineRows : rows.exchangeRows;
  return { kind, row: (map[path[1]] ?? path[1]) + 1 };
}

/**
 * The running totals of a half-typed form (the page with JavaScript): the rows that read, priced by priceQuote
 * exactly as the save will; rows not yet readable are left out. Null when nothing prices (no rate for a karat).
 */
export function formTotals(
  values: QuoteFormValues,
  rates: RatesInFils,
  investmentCategories: ReadonlySet<string>,
): PricedQuote | null {
  const lines: QuoteLineInput[] = values.lines.flatMap((row) => {
    const weightMg = parseGramsToMg(row.weightGrams);
    const karat = karatKey(row.karat);
    if (!weightMg || !karat) return [];
    return [
      {
        description: null,
        category: row.category || null,
        weightMg,
        karat,
        makingType: row.makingChargeType === "fixed" ? "fixed" : "per_gram",
        makingChargeFils: parseAedToFils(row.makingCharge) ?? 0n,
        stoneValueFils: parseAedToFils(row.stoneValue) ?? 0n,
      },
    ];
  });
  const exchange: ExchangeLineInput[] = values.exchange.flatMap((row) => {
    const weightMg = parseGramsToMg(row.weightGrams);
    const karat = karatKey(row.karat);
    const deductionBp = row.deductionPercent.trim() === "" ? 0 : parsePercentToBp(row.deductionPercent);
    return weightMg && karat && deductionBp !== null ? [{ weightMg, karat, deductionBp }] : [];
  });
  const priced = priceQuote({ lines, exchange }, rates, investmentCategories);
  if (priced.ok) return priced.quote;
  return null;
}

/** A saved quote's pieces as the sale form's item rows: metal and karat from the line's, prices with their VAT. */
export function saleRowsOfQuote(quote: Pick<QuoteView, "lines" | "vat">): {
  category: string;
  metal: "yellow_gold" | "platinum" | "silver";
  karat: "24" | "22" | "21" | "18" | "none";
  weightGrams: string;
  price: string;
}[] {
  const priced = quote.lines.map((line) => ({
    lineTotalFils: parseAedToFils(line.lineTotal) ?? 0n,
    vatRateBp: line.vatRate === percentOfBp(0) ? 0 : VAT_RATE_BP,
  }));
  const prices = saleItemPrices(priced, parseAedToFils(quote.vat) ?? 0n);
  return quote.lines.map((line, index) => ({
    category: line.category ?? "",
    metal: line.karat === "platinum" || line.karat === "silver" ? line.karat : "yellow_gold",
    karat: line.karat === "platinum" || line.karat === "silver" ? "none" : line.karat,
    weightGrams: line.weightGrams,
    price: filsToDecimalString(prices[index]!),
  }));
}
