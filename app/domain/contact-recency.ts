import { appTimezone, businessToday, daysBetween } from "./calendar";
import { formatDay } from "./client-display";
import { dateTimeFormat } from "./date-format";
import { isInteractionType, type InteractionType } from "./interactions";
import { MESSAGE_CODES as CODE } from "./message-codes";
import { message, type Message } from "./messages";
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

/**
 * The last contact in words (app/domain/messages.ts): the channel, how long ago in the shop's days, and the
 * first name of who made it, read "WhatsApp 2 days ago · Reem" in English.
 */
export function lastContactWords(contact: LastContact | null, now: Date, timeZone?: string): Message | null {
  if (!contact) return null;
  const channel = { label: isInteractionType(contact.type) ? CHANNEL_KEYS[contact.type] : CONTACTED_KEY };
  const days = Math.max(0, daysBetween(businessToday(contact.at, timeZone), businessToday(now, timeZone)));
  const ago =
    days === 0
      ? message(CODE.contactedToday)
      : days === 1
        ? message(CODE.contactedYesterday)
        : message(CODE.contactedDaysAgo, { count: days });
  const by = contact.byName?.trim().split(/\s+/)[0];
  return by ? message(CODE.lastContactBy, { channel, ago, by }) : message(CODE.lastContact, { channel, ago });
}

/** The channel's word in a last contact, written out so the catalog check sees each key used. */
const CHANNEL_KEYS: Record<InteractionType, string> = {
  whatsapp: "leads:contact.whatsapp",
  call: "leads:contact.call",
  visit: "leads:contact.visit",
  email: "leads:contact.email",
  note: "leads:contact.note",
};
const CONTACTED_KEY = "leads:contact.contacted";

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
