import { isIsoDate, isoFromDate, type IsoDate } from "./calendar";

/**
 * Spreadsheet cells as they arrive from SheetJS (numbers, strings, booleans), turned into the text
 * forms the client rules take: "YYYY-MM-DD" dates, decimal amount strings, trimmed text.
 */
export type CellValue = string | number | boolean | Date | null | undefined;

const DAY_MS = 86_400_000;
/** Serial 25569 is 1970-01-01 in Excel's 1900 date system. */
const UNIX_EPOCH_SERIAL_1900 = 25_569;
/** In the 1904 system (old Mac workbooks) serial 0 is 1904-01-01, i.e. 1462 days later. */
const DATE1904_OFFSET = 1_462;
/** 9999-12-31, Excel's last date. */
const MAX_SERIAL = 2_958_465;

/**
 * An Excel date serial as a calendar day. Excel counts 29 February 1900, a day that never was
 * (serial 60), so serials before it are one day off the plain count; serial 60 itself is refused.
 */
export function excelSerialToIso(serial: number, date1904 = false): IsoDate | null {
  if (!Number.isFinite(serial)) return null;
  let day = Math.floor(serial);
  if (date1904) day += DATE1904_OFFSET;
  if (day < 1 || day > MAX_SERIAL || day === 60) return null;
  if (day < 60) day += 1;
  return isoFromDate(new Date((day - UNIX_EPOCH_SERIAL_1900) * DAY_MS));
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function monthNumber(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

function isoOf(year: number, month: number, day: number): IsoDate | null {
  const iso = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

export type SheetDate = { ok: true; iso: IsoDate | null } | { ok: false };

/**
 * The date forms found in client spreadsheets: an Excel serial (a number cell, or its digits in a
 * CSV), ISO "YYYY-MM-DD" (with or without a time), the UAE's day-first "dd/mm/yyyy" (also with
 * "-" or "."), and "15 Mar 1990" / "15-Mar-1990" / "March 15, 1990". Blank is "no date".
 */
export function sheetDateToIso(value: CellValue, date1904 = false): SheetDate {
  if (value === null || value === undefined) return { ok: true, iso: null };
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? { ok: false } : { ok: true, iso: isoFromDate(value) };
  if (typeof value === "number") {
    const iso = excelSerialToIso(value, date1904);
    return iso ? { ok: true, iso } : { ok: false };
  }
  if (typeof value !== "string") return { ok: false };
  const text = value.trim();
  if (text === "") return { ok: true, iso: null };
  const found = parseDateText(text, date1904);
  return found ? { ok: true, iso: found } : { ok: false };
}

function parseDateText(text: string, date1904: boolean): IsoDate | null {
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text))) {
    return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  if ((m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?: [\d:]+)?$/.exec(text))) {
    return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  }
  if ((m = /^(\d{1,2})[ -]([a-z]{3,9})\.?[ ,-]+(\d{4})$/i.exec(text))) {
    const month = monthNumber(m[2]!);
    return month ? isoOf(Number(m[3]), month, Number(m[1])) : null;
  }
  if ((m = /^([a-z]{3,9})\.? (\d{1,2}),? (\d{4})$/i.exec(text))) {
    const month = monthNumber(m[1]!);
    return month ? isoOf(Number(m[3]), month, Number(m[2])) : null;
  }
  // A serial written out as digits, e.g. a CSV saved from a column Excel showed as numbers.
  if (/^\d{1,5}(\.\d+)?$/.test(text)) return excelSerialToIso(Number(text), date1904);
  return null;
}

const PLAIN_DECIMALS = new Map<number, RegExp>();
const plainDecimal = (decimals: number) => {
  let pattern = PLAIN_DECIMALS.get(decimals);
  if (!pattern) PLAIN_DECIMALS.set(decimals, (pattern = new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`)));
  return pattern;
};

/**
 * A cell of an exact decimal quantity with up to `decimals` places, as text for its parser.
 * Number cells are binary doubles: a computed 1234.5600000000002 is read as its 2-decimal text,
 * but a real extra decimal (12.345 for money) is kept so validation refuses it instead of rounding.
 */
export function decimalCellText(value: CellValue, decimals: number): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return String(value);
    const plain = String(value);
    if (plainDecimal(decimals).test(plain)) return plain;
    const fixed = value.toFixed(decimals);
    return Math.abs(Number(fixed) - value) < 1e-6 ? fixed : plain;
  }
  const text = String(value).trim();
  return text === "" ? undefined : text;
}

/** An amount cell as decimal text for the money parser (which takes "1,250.50", "AED 300", …). */
export function amountCellText(value: CellValue): string | undefined {
  return decimalCellText(value, 2);
}

/** Any other cell as trimmed text; numbers keep all their digits (long mobiles and ID numbers). */
export function cellText(value: CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : isoFromDate(value);
  if (typeof value === "number") {
    if (Number.isInteger(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER) return BigInt(value).toString();
    return String(value);
  }
  const text = String(value).trim();
  return text === "" ? undefined : text;
}
