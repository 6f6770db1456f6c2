import type { Numerals } from "./languages";

/*
 * The digit map behind Arabic-Indic numbers (docs/decisions/021-arabic-and-english.md). Plain string code, not
 * Intl, so a label rendered again while hydrating is the same text on the server and in every browser.
 * Identifiers (mobiles, Emirates IDs, codes, client ids, invoice numbers) never pass through here: they are
 * typed and compared with documents that print Western digits.
 */

const ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";
/** The separators Intl writes with `-u-nu-arab`: ٬ groups thousands, ٫ marks decimals. */
const ARABIC_GROUP = "٬";
const ARABIC_DECIMAL = "٫";

/** The digits of a text in the chosen numerals; everything else stays (a date's words, a time's colon). */
export function writeDigits(text: string, numerals: Numerals): string {
  if (numerals === "latn") return text;
  return text.replace(/[0-9]/g, (d) => ARABIC_INDIC_DIGITS[Number(d)]!);
}

/**
 * A number's text ("1,234.50") in the chosen numerals, its separators too ("١٬٢٣٤٫٥٠"), as Intl writes it.
 * Only for the number itself: a comma or dot of the surrounding text (the dot of "د.إ") is not a number's.
 */
export function writeNumber(text: string, numerals: Numerals): string {
  if (numerals === "latn") return text;
  return writeDigits(text, numerals).replace(/[,.]/g, (c) => (c === "," ? ARABIC_GROUP : ARABIC_DECIMAL));
}
