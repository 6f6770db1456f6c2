import { dateTimeFormat } from "./date-format";
import { intlLocale, type Language, type Locale } from "./languages";

/**
 * Dates for the admin screens, formatted where the loader runs (in the shop's time zone) so the
 * server's markup and the hydrated page read the same; in the page's language and digits.
 */
export function shopDay(date: Date, timeZone: string, locale: Language | Locale = "en"): string {
  return dateTimeFormat(intlLocale(locale), { day: "numeric", month: "short", year: "numeric", timeZone }).format(date);
}

export function shopDateTime(date: Date, timeZone: string, locale: Language | Locale = "en"): string {
  return dateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
