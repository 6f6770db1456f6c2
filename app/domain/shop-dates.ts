import { dateTimeFormat } from "./date-format";

/**
 * Dates for the admin screens, formatted where the loader runs (in the shop's time zone) so the
 * server's markup and the hydrated page read the same.
 */
export function shopDay(date: Date, timeZone: string): string {
  return dateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(date);
}

/** `locale` is the page's (`intlLocale(language)`) on a converted screen. */
export function shopDateTime(date: Date, timeZone: string, locale = "en-GB"): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
