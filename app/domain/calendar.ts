import { dateTimeFormat } from "./date-format";
import { DEFAULT_TIMEZONE } from "./product";

/**
 * Calendar dates (birthdays, anniversaries, ID expiry, sale dates) are days, not instants. They
 * are stored as UTC midnight of that day and handled here as "YYYY-MM-DD" strings or day numbers
 * (days since 1970-01-01), so no server time zone can shift them.
 */
export type IsoDate = string;

const DAY_MS = 86_400_000;

export function appTimezone(): string {
  return process.env.APP_TIMEZONE || DEFAULT_TIMEZONE;
}

/** Today in the shop's time zone: at 23:30 UTC it is already tomorrow in Dubai. */
export function businessToday(now: Date = new Date(), timeZone: string = appTimezone()): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A real day written YYYY-MM-DD, by arithmetic: parsing a Date takes microseconds, and an import checks each date twice. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(value.slice(0, 4)), month);
}

/** The stored form of a calendar date: UTC midnight. */
export function dateFromIso(iso: IsoDate): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

/**
 * A stored date's day, written YYYY-MM-DD from its UTC parts: toISOString writes the whole timestamp
 * first, seven times slower, and a 500-row client book page writes 1,500 of these. Years outside
 * 1000–9999, which toISOString writes otherwise, go through it.
 */
export function isoFromDate(date: Date): IsoDate {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString().slice(0, 10);
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  return `${year}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days since 1970-01-01, by arithmetic (the proleptic Gregorian count of H. Hinnant's
 * days_from_civil): parsing a Date took three times as long, and a client book page counts days
 * since the last purchase on each of its 500 rows. Anything but a day of 1–12 and 1–31 goes the
 * way it always went, through dateFromIso.
 */
export function dayNumber(iso: IsoDate): number {
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  if (!ISO_DAY.test(iso) || month < 1 || month > 12 || day < 1 || day > 31)
    return Math.round(dateFromIso(iso).getTime() / DAY_MS);
  // Years counted from March, so a leap day ends its year.
  const year = Number(iso.slice(0, 4)) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function isoFromDayNumber(day: number): IsoDate {
  return isoFromDate(new Date(day * DAY_MS));
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return isoFromDayNumber(dayNumber(iso) + days);
}

/** The same calendar day `months` earlier; the 31st falls back to the shorter month's last day. */
export function subtractMonths(iso: IsoDate, months: number): IsoDate {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${y}-${String(m).padStart(2, "0")}-${String(Math.min(day, daysInMonth(y, m))).padStart(2, "0")}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** month * 100 + day of a stored calendar date, e.g. 3 January → 103, 29 February → 229. */
export function monthDayOf(date: Date): number {
  return (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1–12); year 0 is a leap year, as in ISO dates. */
function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** The yearly occasion's date in a given year: 29 February falls on 28 February in other years. */
export function occasionInYear(monthDay: number, year: number): IsoDate {
  const month = Math.floor(monthDay / 100);
  let day = monthDay % 100;
  if (month === 2 && day === 29 && !isLeapYear(year)) day = 28;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Days until the next birthday/anniversary on or after today (0 = today). */
export function daysUntilNextOccasion(monthDay: number, today: IsoDate): number {
  const year = Number(today.slice(0, 4));
  const thisYear = daysBetween(today, occasionInYear(monthDay, year));
  return thisYear >= 0 ? thisYear : daysBetween(today, occasionInYear(monthDay, year + 1));
}

/**
 * The month-day keys whose next occurrence is within `days` days of today (inclusive); queries read
 * them as ranges (monthDayRangesWithin, below). 29 February is included whenever 28 February is in
 * the window of a non-leap year, since those birthdays fall on the 28th then.
 */
export function monthDaysWithin(today: IsoDate, days: number): number[] {
  const keys = new Set<number>();
  for (let i = 0; i <= days; i++) {
    const iso = addDays(today, i);
    const md = Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10));
    keys.add(md);
    if (md === 228 && !isLeapYear(Number(iso.slice(0, 4)))) keys.add(229);
  }
  return [...keys];
}

/** A range of month-day keys, both ends included. */
export type MonthDayRange = { gte: number; lte: number };

/**
 * The same window as monthDaysWithin, as one range of keys (two when it crosses 31 December: the
 * rest of this year, then the start of next), each in date order. Between its ends a range holds no
 * month-day that is not in the window, since the keys that do not name a day (1131 and the like)
 * are never stored. A range costs the ORM less than an IN list of 31 values: an alert panel's count
 * and first 50 rows took 5.0 ms instead of 6.1 ms on 100,000 clients.
 */
export function monthDayRangesWithin(today: IsoDate, days: number): MonthDayRange[] {
  const keys = monthDaysWithin(today, days);
  const todayKey = keys[0]!;
  const range = (part: number[]) => ({ gte: Math.min(...part), lte: Math.max(...part) });
  const thisYear = keys.filter((k) => k >= todayKey);
  const nextYear = keys.filter((k) => k < todayKey);
  return nextYear.length > 0 ? [range(thisYear), range(nextYear)] : [range(thisYear)];
}

/**
 * The first `limit` rows of a window, soonest first: `read` answers one range's rows in key order,
 * at most `take` of them. The ranges are read in order (the rest of this year, then the start of
 * next) and the next only while fewer than `limit` rows are in hand.
 */
export async function soonestInRanges<Row>(
  ranges: MonthDayRange[],
  limit: number,
  read: (range: MonthDayRange, take: number) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const range of ranges) {
    if (rows.length >= limit) break;
    rows.push(...(await read(range, limit - rows.length)));
  }
  return rows;
}
