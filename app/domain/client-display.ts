import type { IsoDate } from "./calendar";
import { MONTHS_AR } from "./display-labels";
import { localeOf, type Language, type Locale } from "./languages";
import { writeDigits } from "./numerals";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "12 Mar 2024" ("12 مارس 2024" in Arabic, which does not shorten month names; "١٢ مارس ٢٠٢٤" with Arabic-Indic
 * digits): the same text on the server and in every browser locale (no hydration drift). A day as stored (UTC
 * midnight) is written from its parts rather than from its ISO text: a 500-row client book page writes 1,500.
 */
export function formatDay(day: IsoDate | Date | null, locale: Language | Locale = "en"): string {
  if (!day) return "—";
  const { language, numerals } = localeOf(locale);
  const months = language === "ar" ? MONTHS_AR : MONTHS;
  if (typeof day !== "string") {
    const year = String(day.getUTCFullYear()).padStart(4, "0");
    return writeDigits(`${day.getUTCDate()} ${months[day.getUTCMonth()]} ${year}`, numerals);
  }
  const [y, m, d] = day.split("-");
  return writeDigits(`${Number(d)} ${months[Number(m) - 1]} ${y}`, numerals);
}

/** "Mar 2024" ("مارس 2024" in Arabic) for a month written "2024-03". */
export function formatMonth(month: string, locale: Language | Locale = "en"): string {
  const { language, numerals } = localeOf(locale);
  const [y, m] = month.split("-");
  return writeDigits(`${(language === "ar" ? MONTHS_AR : MONTHS)[Number(m) - 1]} ${y}`, numerals);
}

/**
 * The name a list shows in the page's language: the Arabic name on an Arabic page when the client
 * has one, else the name (docs/decisions/022-arabic-names-and-message-templates.md).
 */
export function displayName(client: { fullName: string; fullNameAr?: string | null }, pageLanguage: Language): string {
  if (pageLanguage !== "ar") return client.fullName;
  return client.fullNameAr?.trim() || client.fullName;
}
