import { localeOf, type Language, type Locale } from "./languages";
import { writeNumber } from "./numerals";

/**
 * AED amounts are integer fils (1 AED = 100 fils) held in bigint, so storage and sums never pass
 * through binary floating point (docs/decisions/003-money-and-dates.md).
 */
export type Fils = bigint;

/**
 * Commas grouping thousands ("12,500.50") go; any other comma may be a decimal one ("1250,50" as
 * typed in much of the world) and stays, so the number is refused rather than misread 100 times over.
 */
export function dropThousandsCommas(text: string): string {
  return /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(text) ? text.replace(/,/g, "") : text;
}

/**
 * Parses what people type or spreadsheets hold: "1,250.5", "AED 1250", "1250.50 AED", "  300 ".
 * More than 2 decimals, negatives and anything else give null.
 */
export function parseAedToFils(input: string | number | null | undefined): Fils | null {
  if (input === null || input === undefined) return null;
  // Spreadsheet cells arrive as numbers: take their shortest decimal text, never float arithmetic.
  let text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input;
  text = dropThousandsCommas(text.replace(/aed|dhs?|د\.إ/gi, "").replace(/\s/g, ""));
  if (text === "") return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/** "1234.50": the decimal string the API carries (docs/product-rules.md §3 totalSalesValue). */
export function filsToDecimalString(fils: Fils): string {
  const negative = fils < 0n;
  const abs = negative ? -fils : fils;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/**
 * "1,234.50": an amount with thousands separators, where a heading already says AED. The digits are
 * grouped by slicing: a lookahead regex took five times as long (0.25 ms for a 500-row client book page).
 */
export function formatAmount(fils: Fils): string {
  const decimal = filsToDecimalString(fils);
  const sign = fils < 0n ? "-" : "";
  const point = decimal.length - 3;
  const first = sign.length + ((point - sign.length) % 3 || 3);
  let grouped = decimal.slice(0, first);
  for (let at = first; at < point; at += 3) grouped += `,${decimal.slice(at, at + 3)}`;
  return grouped + decimal.slice(point);
}

/**
 * "AED 1,234.50" for screens; "1,234.50 د.إ" in Arabic, as ar-AE writes it ("١٬٢٣٤٫٥٠ د.إ" with Arabic-Indic
 * digits). Plain code, not Intl: screens render amounts again while hydrating (see ~/domain/display-labels).
 */
export function formatAed(fils: Fils, locale: Language | Locale = "en"): string {
  const { language, numerals } = localeOf(locale);
  return language === "ar" ? `${writeNumber(formatAmount(fils), numerals)} د.إ` : `AED ${formatAmount(fils)}`;
}

export function sumFils(values: Iterable<Fils>): Fils {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

export const AED = (whole: number | bigint): Fils => BigInt(whole) * 100n;

/**
 * The largest amount anyone may type, send or import: a sale, an item's price, a client's total (issue #43).
 * Far above any piece a showroom sells, and far below what the database's 64-bit integers hold.
 */
export const MAX_AMOUNT_FILS = AED(100_000_000);
