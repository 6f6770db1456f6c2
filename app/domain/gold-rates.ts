import { z } from "zod";
import { businessToday, daysBetween, isIsoDate, addDays, type IsoDate } from "./calendar";
import { dateTimeFormat } from "./date-format";
import type { Language, Locale } from "./languages";
import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";
import { AED, filsToDecimalString, formatAed, parseAedToFils, type Fils } from "./money";

/**
 * The rate of the day (docs/decisions/042-gold-rates.md): the per-gram AED prices an admin enters, from the
 * moment they take effect. These rules read what is sent (the API's JSON, the page's form), say whether the
 * latest entry is today's in the shop's time zone, and give the top bar's line its parts. Pure: the rows come
 * from app/services/gold-rates.server.ts, the words from the catalogs.
 */

/** The gold karats every entry prices, in the order they are shown. */
export const GOLD_KARATS = ["24", "22", "21", "18"] as const;
export type GoldKarat = (typeof GOLD_KARATS)[number];
/** Metals an entry may price too. */
export const OTHER_METALS = ["platinum", "silver"] as const;
export type OtherMetal = (typeof OTHER_METALS)[number];
export const RATE_KEYS = [...GOLD_KARATS, ...OTHER_METALS] as const;
export type RateKey = (typeof RATE_KEYS)[number];

/** AED per gram as decimal strings ("243.25"), the way the API and the pages carry them. */
export type GoldRates = Record<GoldKarat, string> & Partial<Record<OtherMetal, string>>;
/** The same in fils, as they are stored and compared. */
export type RatesInFils = Record<GoldKarat, Fils> & Partial<Record<OtherMetal, Fils>>;

/** An entry as the API answers it and the pages read it. */
export type GoldRateView = { id: string; effectiveAt: string; rates: GoldRates; enteredByName: string };

/** What an entry needs: its rates and when they take effect. */
export type GoldRateInput = { rates: RatesInFils; effectiveAt: Date };

/** Far above any metal's price per gram, far below what the columns hold: a typo of a few zeros is refused. */
export const MAX_RATE_FILS = AED(100_000);
/** A time a little ahead of the server's clock is the same moment typed on another device; later is refused. */
const FUTURE_GRACE_MS = 60_000;
/** The history the page shows, and the most entries one API answer carries. */
export const GOLD_RATE_PAGE_SIZE = 30;
export const GOLD_RATE_API_LIMIT = 1000;

const blank = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === "";

/**
 * One rate as typed or sent: "243.25", "AED 243.25", 243.25. A required one missing, or any that is not an
 * amount above zero with up to 2 decimals (at most MAX_RATE_FILS), is an issue naming the message code.
 */
function rateField(required: boolean) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx): Fils | undefined => {
      if (blank(value)) {
        if (required) ctx.addIssue({ code: "custom", message: MESSAGE_CODES.goldRateRequired });
        return required ? z.NEVER : undefined;
      }
      const fils = parseAedToFils(value);
      if (fils === null || fils <= 0n || fils > MAX_RATE_FILS) {
        // The catalogs' text names the bound (100,000), as Conform's replies carry no values.
        ctx.addIssue({ code: "custom", message: MESSAGE_CODES.goldRateInvalid });
        return z.NEVER;
      }
      return fils;
    });
}

/** Rates in fils from the parsed fields: the optional metals only when given. */
function ratesOf(fields: Record<RateKey, Fils | undefined>): RatesInFils {
  // The four karats are required: their fields refuse a blank before this runs.
  const rates: RatesInFils = { "24": fields["24"]!, "22": fields["22"]!, "21": fields["21"]!, "18": fields["18"]! };
  for (const metal of OTHER_METALS) if (fields[metal] !== undefined) rates[metal] = fields[metal];
  return rates;
}

/** A moment later than now (past the grace) is refused: a rate takes effect when it is entered or before. */
const isLater = (at: Date, now: Date) => at.getTime() > now.getTime() + FUTURE_GRACE_MS;

/**
 * POST /api/gold-rates: `{rates: {"24", "22", "21", "18", platinum?, silver?}, effectiveAt?}` with the rates
 * as decimal strings (numbers are read too) and `effectiveAt` an ISO time with its offset; without it, now.
 * An unknown key in `rates` (a karat the shop does not price) is refused rather than dropped.
 */
export const goldRateInputSchema = (now: Date = new Date()) =>
  z
    .object({
      rates: z.strictObject(
        {
          "24": rateField(true),
          "22": rateField(true),
          "21": rateField(true),
          "18": rateField(true),
          platinum: rateField(false),
          silver: rateField(false),
        },
        { error: MESSAGE_CODES.goldRatesObject },
      ),
      effectiveAt: z.iso
        .datetime({ offset: true, error: MESSAGE_CODES.goldRateTime })
        .nullish()
        .transform((text, ctx): Date => {
          const at = text ? new Date(text) : now;
          if (!isLater(at, now)) return at;
          ctx.addIssue({ code: "custom", message: MESSAGE_CODES.goldRateFuture });
          return z.NEVER;
        }),
    })
    .transform(({ rates, effectiveAt }): GoldRateInput => ({ rates: ratesOf(rates), effectiveAt }));

/** The page's form field of each rate. */
export const RATE_FIELDS = {
  "24": "rate24",
  "22": "rate22",
  "21": "rate21",
  "18": "rate18",
  platinum: "platinum",
  silver: "silver",
} as const satisfies Record<RateKey, string>;

/**
 * The page's form (app/routes/_app.profile_.gold-rates.tsx), as Conform reads it: one field per rate and
 * `effectiveAt` as a datetime-local input gives it ("2026-12-05T09:00"), in the shop's time zone; blank is now.
 */
export const goldRateFormSchema = (now: Date = new Date(), timeZone: string) =>
  z
    .object({
      rate24: rateField(true),
      rate22: rateField(true),
      rate21: rateField(true),
      rate18: rateField(true),
      platinum: rateField(false),
      silver: rateField(false),
      effectiveAt: z
        .string()
        .optional()
        .transform((text, ctx): Date => {
          if (!text?.trim()) return now;
          const at = instantOfShopTime(text.trim(), timeZone);
          if (!at) {
            ctx.addIssue({ code: "custom", message: MESSAGE_CODES.goldRateTime });
            return z.NEVER;
          }
          if (!isLater(at, now)) return at;
          ctx.addIssue({ code: "custom", message: MESSAGE_CODES.goldRateFuture });
          return z.NEVER;
        }),
    })
    .transform((form): GoldRateInput => ({
      rates: ratesOf({
        "24": form.rate24,
        "22": form.rate22,
        "21": form.rate21,
        "18": form.rate18,
        platinum: form.platinum,
        silver: form.silver,
      }),
      effectiveAt: form.effectiveAt,
    }));

/** Stored fils as the decimal strings the API answers, the optional metals only when priced. */
export function ratesAsDecimals(rates: RatesInFils): GoldRates {
  const decimals: GoldRates = {
    "24": filsToDecimalString(rates["24"]),
    "22": filsToDecimalString(rates["22"]),
    "21": filsToDecimalString(rates["21"]),
    "18": filsToDecimalString(rates["18"]),
  };
  for (const metal of OTHER_METALS) {
    const fils = rates[metal];
    if (fils !== undefined) decimals[metal] = filsToDecimalString(fils);
  }
  return decimals;
}

/** The rates of an entry in display order, each with its key. */
export function rateList(rates: GoldRates): { key: RateKey; amount: string }[] {
  return RATE_KEYS.flatMap((key) => {
    const amount = rates[key];
    return amount === undefined ? [] : [{ key, amount }];
  });
}

/** "AED 243.25" ("243.25 د.إ" in Arabic, in the page's digits) from a rate's decimal string. */
export function formatRate(amount: string, locale: Language | Locale = "en"): string {
  return formatAed(parseAedToFils(amount) ?? 0n, locale);
}

// ---------------------------------------------------------------------------------------------------------
// The shop's clock. The shop's days and times are APP_TIMEZONE's (app/domain/calendar.ts), whatever the
// server's or the browser's zone.

const CLOCK_PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

/** A UTC wall-clock time in milliseconds; unlike Date.UTC, years 0–99 are those years, not 1900–1999. */
function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** How far the zone's wall clock is ahead of UTC at a moment, in milliseconds. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = dateTimeFormat("en-US", { ...CLOCK_PARTS, timeZone }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = utcMs(part("year"), part("month"), part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

const SHOP_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The moment a wall-clock time of the shop names ("2026-12-05T09:00", as a datetime-local input sends it), or
 * null when it names none. The offset is read at the guess and again at the answer, so a time beside a
 * daylight-saving change (none in Dubai, some elsewhere) lands on the right side of it.
 */
export function instantOfShopTime(local: string, timeZone: string): Date | null {
  const match = SHOP_TIME.exec(local);
  if (!match) return null;
  const [, day, hour, minute, second = "0"] = match;
  if (!isIsoDate(day!) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const [y, m, d] = day!.split("-").map(Number) as [number, number, number];
  const wall = utcMs(y, m, d, Number(hour), Number(minute), Number(second));
  if (!Number.isFinite(wall)) return null;
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone));
}

/** "09:00": a moment on the shop's 24-hour clock. */
export function shopClock(at: Date, timeZone: string): string {
  return dateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
}

/** "2026-12-05T09:00": a moment as the shop's datetime-local input shows it. */
export function shopTimeInput(at: Date, timeZone: string): string {
  return `${businessToday(at, timeZone)}T${shopClock(at, timeZone)}`;
}

/**
 * GET /api/gold-rates?from=YYYY-MM-DD&to=YYYY-MM-DD: the shop's days, both included, either left out for no
 * bound, as the moments they start and end (`before` is the start of the day after `to`). A day that is not
 * one, or `from` after `to`, is refused.
 */
export function parseGoldRateRange(
  params: URLSearchParams,
  timeZone: string,
): { ok: true; from: Date | null; before: Date | null } | { ok: false; error: Message } {
  const from = params.get("from")?.trim() || null;
  const to = params.get("to")?.trim() || null;
  const refused = { ok: false as const, error: message(MESSAGE_CODES.goldRateRange) };
  if ((from && !isIsoDate(from)) || (to && !isIsoDate(to)) || (from && to && from > to)) return refused;
  const start = (day: IsoDate) => instantOfShopTime(`${day}T00:00`, timeZone);
  const range = { from: from ? start(from) : null, before: to ? start(addDays(to, 1)) : null };
  if ((from && !range.from) || (to && !range.before)) return refused;
  return { ok: true, ...range };
}

// ---------------------------------------------------------------------------------------------------------
// The top bar's line.

/** Whether the latest rates were entered for the shop's today, yesterday, or an older day. */
export type RateAge = "today" | "yesterday" | "older";

/**
 * What the top bar shows of the latest entry: its rates, the shop's clock time and day it took effect, and
 * how old it is. Made where the loader runs, so the server's markup and the hydrated page read the same.
 */
export type GoldRateLine = {
  rates: { key: RateKey; amount: string }[];
  time: string;
  day: IsoDate;
  age: RateAge;
};

/** The age of an entry that took effect at `at`, counted in the shop's days to `now`. */
export function rateAge(at: Date, now: Date, timeZone: string): RateAge {
  const days = daysBetween(businessToday(at, timeZone), businessToday(now, timeZone));
  return days <= 0 ? "today" : days === 1 ? "yesterday" : "older";
}

/** The line of the latest entry, or null when no rate was ever entered. */
export function goldRateLine(
  latest: Pick<GoldRateView, "effectiveAt" | "rates"> | null,
  now: Date,
  timeZone: string,
): GoldRateLine | null {
  if (!latest) return null;
  const at = new Date(latest.effectiveAt);
  return {
    rates: rateList(latest.rates),
    time: shopClock(at, timeZone),
    day: businessToday(at, timeZone),
    age: rateAge(at, now, timeZone),
  };
}
