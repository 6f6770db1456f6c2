import { localeOf, type Language, type Locale } from "./languages";
import { dateFromIso, type IsoDate } from "./calendar";
import { writeDigits, writeNumber } from "./numerals";

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

/** The UAE's Arabic names (ar-AE), Gregorian months as the shop's calendar uses them. */
const WEEKDAYS_AR = ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"];
export const MONTHS_AR = [
  "يناير",
  "فبراير",
  "مارس",
  "أبريل",
  "مايو",
  "يونيو",
  "يوليو",
  "أغسطس",
  "سبتمبر",
  "أكتوبر",
  "نوفمبر",
  "ديسمبر",
];

/**
 * "Monday, 23 November 2026": a calendar day as en-GB writes it in full; in Arabic as ar-AE does
 * ("الاثنين، 23 نوفمبر 2026"), with Arabic-Indic digits when the locale has them ("الاثنين، ٢٣ نوفمبر ٢٠٢٦").
 */
export function fullDayLabel(iso: IsoDate, locale: Language | Locale = "en"): string {
  const { language, numerals } = localeOf(locale);
  const date = dateFromIso(iso);
  const [day, month, year] = [date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear()];
  if (language === "ar")
    return writeDigits(`${WEEKDAYS_AR[date.getUTCDay()]}، ${day} ${MONTHS_AR[month]} ${year}`, numerals);
  return `${WEEKDAYS[date.getUTCDay()]}, ${day} ${MONTHS[month]} ${year}`;
}

/** "12,345": a count with thousands separators ("١٢٬٣٤٥" with Arabic-Indic digits). */
export function formatCount(n: number, locale: Language | Locale = "en"): string {
  return writeNumber(String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","), localeOf(locale).numerals);
}
