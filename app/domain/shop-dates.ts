import { dateTimeFormat } from "./date-format";
import { intlLocale, type Language } from "./languages";

/**
 * Dates for the admin screens, formatted where the loader runs (in the shop's time zone) so the
 * server's markup and the hydrated page read the same; in the page's language, with Western digits.
 */
export function shopDay(date: Date, timeZone: string, language: Language = "en"): string {
  return dateTimeFormat(intlLocale(language), { day: "numeric", month: "short", year: "numeric", timeZone }).format(
    date,
  );
}

export function shopDateTime(date: Date, timeZone: string, language: Language = "en"): string {
  return dateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
