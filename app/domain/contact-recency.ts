import { appTimezone, businessToday, daysBetween } from "./calendar";
import { formatDay } from "./client-display";
import { dateTimeFormat } from "./date-format";
import { INTERACTION_LABELS, isInteractionType } from "./interactions";
import { localeOf, type Language, type Locale } from "./languages";
import { writeDigits } from "./numerals";

/** Leads leave out clients contacted within this many days unless asked to include them. */
export const CONTACTED_RECENTLY_DAYS = 7;

/** The last contact as alerts and leads carry it. */
export type LastContact = { at: Date; type: string | null; byName: string | null };

/** The earliest contact time that still counts as "contacted recently" at `now`. */
export function recentContactSince(now: Date, days: number = CONTACTED_RECENTLY_DAYS): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** Contacted within the last `days` days (a rolling window, not calendar days). */
export function contactedRecently(
  lastContactAt: Date | null,
  now: Date,
  days: number = CONTACTED_RECENTLY_DAYS,
): boolean {
  return lastContactAt !== null && lastContactAt.getTime() >= recentContactSince(now, days).getTime();
}

/** "today", "yesterday", "3 days ago", counted in the shop's days. */
export function daysAgoLabel(at: Date, now: Date, timeZone?: string): string {
  const days = Math.max(0, daysBetween(businessToday(at, timeZone), businessToday(now, timeZone)));
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  return `${days} days ago`;
}

/** "WhatsApp 2 days ago · Reem": the channel, how long ago, and the first name of who made it. */
export function lastContactLabel(contact: LastContact | null, now: Date, timeZone?: string): string | null {
  if (!contact) return null;
  const channel = isInteractionType(contact.type) ? INTERACTION_LABELS[contact.type] : "Contacted";
  const by = contact.byName?.trim().split(/\s+/)[0];
  return `${channel} ${daysAgoLabel(contact.at, now, timeZone)}${by ? ` · ${by}` : ""}`;
}

/**
 * "8 Mar 2026, 14:05" ("8 مارس 2026، 14:05" in Arabic) in the shop's time zone, built on the server so
 * every browser shows the same.
 */
export function formatContactTime(
  at: Date,
  timeZone: string = appTimezone(),
  locale: Language | Locale = "en",
): string {
  const { language, numerals } = localeOf(locale);
  const parts = dateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return `${formatDay(businessToday(at, timeZone), locale)}${language === "ar" ? "،" : ","} ${writeDigits(parts, numerals)}`;
}
