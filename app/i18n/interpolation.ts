import type { InterpolationOptions } from "i18next";
import type { Numerals } from "~/domain/languages";
import { writeNumber } from "~/domain/numerals";

/**
 * Numbers a catalog text interpolates ("in {{count}} days") are written in the page's digits, on the server
 * and in the browser alike (plain code, no Intl: hydration gives the same text). Only JavaScript numbers are
 * touched: strings come already formatted (formatAed, formatDay, formatCount) or are identifiers — mobiles,
 * Emirates IDs, codes — which stay Western. Numbers that point into a document stay Western too: a
 * spreadsheet's row, an invoice number, a client id (docs/decisions/021-arabic-and-english.md).
 */
const REFERENCE_KEYS = new Set(["row", "id", "invoice", "invoiceNo"]);

export function numeralsInterpolation(numerals: Numerals): InterpolationOptions {
  return {
    escapeValue: false,
    ...(numerals === "latn"
      ? {}
      : {
          alwaysFormat: true,
          // i18next passes the variable's name as `interpolationkey`; a value it then turns into a string.
          format: (value, _format, _lng, options) =>
            typeof value === "number" && !REFERENCE_KEYS.has(String(options?.interpolationkey))
              ? writeNumber(String(value), numerals)
              : (value as string),
        }),
  };
}
