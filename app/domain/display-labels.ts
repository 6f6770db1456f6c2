import type { Language } from "./languages";
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
 * "Monday, 23 November 2026": a calendar day as en-GB writes it in full; in Arabic as ar-AE with Western
 * digits does ("الاثنين، 23 نوفمبر 2026").
 */
export function fullDayLabel(iso: IsoDate, language: Language = "en"): string {
  const date = dateFromIso(iso);
  const [day, month, year] = [date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear()];
  if (language === "ar") return `${WEEKDAYS_AR[date.getUTCDay()]}، ${day} ${MONTHS_AR[month]} ${year}`;
  return `${WEEKDAYS[date.getUTCDay()]}, ${day} ${MONTHS[month]} ${year}`;
}

/** "12,345": a count with thousands separators. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
