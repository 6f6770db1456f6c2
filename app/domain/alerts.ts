import { addDays, dateFromIso, daysBetween, type IsoDate } from "./calendar";
import { intlLocale, type Language, type Locale } from "./languages";
import { dateTimeFormat } from "./date-format";
import { ageOnBirthday, FAMILY_RELATION_WORDS, isChild, type FamilyRelation } from "./family";
import {
  clientMessage,
  DEFAULT_MESSAGE_BOOK,
  englishAnniversary,
  type MessageBook,
  type MessageWords,
} from "./message-templates";
import { isWithdrawn } from "./consent";
import { whatsappLink } from "./mobile";

/** docs/product-rules.md §3 Alerts response: the alert types and priorities. */
export type AlertType = "birthday" | "anniversary" | "emirates_id_expiring" | "emirates_id_expired";
export type AlertPriority = "high" | "medium" | "low";

/** Whose birthday a client's birthday alert is, when it is a family member's (docs/decisions/019). */
export type AlertFamilyMember = { id: number; relation: FamilyRelation; name: string; age: number };

export type Alert = {
  clientId: number;
  clientName: string;
  /** The client's Arabic name, for lists shown in Arabic; null when none. */
  clientNameAr: string | null;
  mobileNumber: string;
  type: AlertType;
  /** The occasion's date this year (or next), or the ID's expiry date. */
  date: IsoDate;
  /** Days from today; negative for an ID that already expired. */
  daysLeft: number;
  priority: AlertPriority;
  /** For staff, shown on the dashboard. */
  message: string;
  /** For the client, prefilled in the WhatsApp chat. */
  whatsappMessage: string;
  /** The wa.me chat with the message; null when the client withdrew WhatsApp consent (no link, ever). */
  whatsappUrl: string | null;
  /** A family member's birthday (the message and the WhatsApp are still to the client); null for the client's own. */
  familyMember: AlertFamilyMember | null;
  /** An anniversary alert's type as the client's record has it, so a page can word the occasion; else null. */
  anniversaryType: string | null;
};

/**
 * The client an alert is about; the Arabic name and language choose the WhatsApp message's words,
 * the WhatsApp consent whether there is a link at all.
 */
export type AlertClient = {
  id: number;
  fullName: string;
  fullNameAr?: string | null;
  preferredLanguage?: string | null;
  mobileNumber: string;
  consentWhatsapp: string;
};

/** Today or already expired → high; within a week → medium; later in the window → low. */
export function alertPriority(daysLeft: number): AlertPriority {
  if (daysLeft <= 0) return "high";
  if (daysLeft <= 7) return "medium";
  return "low";
}

/** docs/product-rules.md §2: templates differ for 1 day or none ("imminent") versus several days ("upcoming"). */
export type MessageTemplate = "expired" | "imminent" | "upcoming";

export function messageTemplate(daysLeft: number): MessageTemplate {
  if (daysLeft < 0) return "expired";
  return daysLeft <= 1 ? "imminent" : "upcoming";
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** "Sat 3 Jan" for the panels ("السبت، 3 يناير" in Arabic, "السبت، ٣ يناير" with Arabic-Indic digits). */
export function shortDayLabel(iso: IsoDate, locale: Language | Locale = "en"): string {
  return dateTimeFormat(intlLocale(locale), {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(dateFromIso(iso));
}

function daysPhrase(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** "today", "tomorrow" or "in 5 days". */
export function whenPhrase(daysLeft: number): string {
  if (daysLeft === 0) return "today";
  if (daysLeft === 1) return "tomorrow";
  return `in ${daysPhrase(daysLeft)}`;
}

/** The name of an anniversary for messages: "Wedding Anniversary", "Graduation Anniversary", "Anniversary". */
export const anniversaryName = englishAnniversary;

function alertFor(
  client: AlertClient,
  type: AlertType,
  date: IsoDate,
  daysLeft: number,
  message: string,
  whatsappMessage: string,
): Alert {
  return {
    clientId: client.id,
    clientName: client.fullName,
    clientNameAr: client.fullNameAr ?? null,
    mobileNumber: client.mobileNumber,
    type,
    date,
    daysLeft,
    priority: alertPriority(daysLeft),
    message,
    whatsappMessage,
    whatsappUrl: isWithdrawn(client.consentWhatsapp) ? null : whatsappLink(client.mobileNumber, whatsappMessage),
    familyMember: null,
    anniversaryType: null,
  };
}

/** The occasion's text for today, tomorrow, or further ahead. */
function byDay<T>(daysLeft: number, today: T, tomorrow: T, upcoming: T): T {
  return daysLeft === 0 ? today : daysLeft === 1 ? tomorrow : upcoming;
}

/** The day placeholders of a message about `date`, `daysLeft` away. */
const dayValues = (date: IsoDate, daysLeft: number) => (w: MessageWords) => ({
  date: w.date(date),
  daysLeft,
  inDays: w.inDays(daysLeft),
  when: w.when(daysLeft),
});

/**
 * The alerts below write two texts: `message` for staff (English, as the JSON gives it; the dashboard
 * words it in the page's language from the alert's facts, app/components/dashboard/alert-line.tsx) and
 * `whatsappMessage` for the client, in the client's language from the message book (the admin's
 * wording or the default, app/domain/message-templates.ts).
 */
export function birthdayAlert(
  client: AlertClient,
  today: IsoDate,
  daysLeft: number,
  book: MessageBook = DEFAULT_MESSAGE_BOOK,
): Alert {
  const date = addDays(today, daysLeft);
  const name = client.fullName;
  const whatsappMessage = clientMessage(
    book,
    byDay(daysLeft, "birthday_today", "birthday_tomorrow", "birthday_upcoming"),
    client,
    dayValues(date, daysLeft),
  );
  const message =
    messageTemplate(daysLeft) === "imminent"
      ? `Happy Birthday, ${name}! Their birthday is ${whenPhrase(daysLeft)}: send your wishes.`
      : `${name}'s birthday is in ${daysPhrase(daysLeft)} (${shortDayLabel(date)}): plan a greeting.`;
  return alertFor(client, "birthday", date, daysLeft, message, whatsappMessage);
}

/** A family member with a known date of birth, as a birthday alert reads them. */
export type FamilyBirthday = { id: number; relation: FamilyRelation; name: string; birthDate: IsoDate };

/**
 * A family member's birthday, in the birthday alerts: "Aisha's daughter Mariam turns 8 in 5 days".
 * The WhatsApp message goes to the client; a child's birthday is counted ("Mariam's 8th
 * birthday"), an adult's is not.
 */
export function familyBirthdayAlert(
  client: AlertClient,
  member: FamilyBirthday,
  today: IsoDate,
  daysLeft: number,
  book: MessageBook = DEFAULT_MESSAGE_BOOK,
): Alert {
  const date = addDays(today, daysLeft);
  const age = ageOnBirthday(member.birthDate, date);
  const who = `${firstName(client.fullName)}'s ${FAMILY_RELATION_WORDS[member.relation]} ${member.name}`;
  const imminent = messageTemplate(daysLeft) === "imminent";
  const whatsappMessage = clientMessage(
    book,
    imminent ? "family_birthday_soon" : "family_birthday_upcoming",
    client,
    (w) => ({
      ...dayValues(date, daysLeft)(w),
      memberName: member.name,
      birthday: w.birthday(isChild(member.relation) ? age : null),
    }),
  );
  const message = imminent
    ? `${who} turns ${age} ${whenPhrase(daysLeft)}: send your wishes.`
    : `${who} turns ${age} in ${daysPhrase(daysLeft)} (${shortDayLabel(date)}): plan a greeting.`;
  const alert = alertFor(client, "birthday", date, daysLeft, message, whatsappMessage);
  return { ...alert, familyMember: { id: member.id, relation: member.relation, name: member.name, age } };
}

export function anniversaryAlert(
  client: AlertClient,
  anniversaryType: string | null,
  today: IsoDate,
  daysLeft: number,
  book: MessageBook = DEFAULT_MESSAGE_BOOK,
): Alert {
  const date = addDays(today, daysLeft);
  const name = client.fullName;
  const occasion = anniversaryName(anniversaryType);
  const whatsappMessage = clientMessage(
    book,
    byDay(daysLeft, "anniversary_today", "anniversary_tomorrow", "anniversary_upcoming"),
    client,
    (w) => ({
      ...dayValues(date, daysLeft)(w),
      occasion: w.anniversary(anniversaryType),
      occasionLower: w.anniversary(anniversaryType).toLowerCase(),
    }),
  );
  const message =
    messageTemplate(daysLeft) === "imminent"
      ? `Happy ${occasion}, ${name}! It is ${whenPhrase(daysLeft)}: send your wishes.`
      : `${name}'s ${occasion.toLowerCase()} is in ${daysPhrase(daysLeft)} (${shortDayLabel(date)}): plan a greeting.`;
  return { ...alertFor(client, "anniversary", date, daysLeft, message, whatsappMessage), anniversaryType };
}

/** An ID expiring today is still valid today: it is "expiring" (daysLeft 0); from tomorrow it is "expired". */
export function emiratesIdAlert(
  client: AlertClient,
  expiry: IsoDate,
  today: IsoDate,
  book: MessageBook = DEFAULT_MESSAGE_BOOK,
): Alert {
  const daysLeft = daysBetween(today, expiry);
  const name = client.fullName;
  const values = (w: MessageWords) => ({
    date: w.date(expiry),
    daysLeft,
    inDays: w.inDays(daysLeft),
    when: w.when(daysLeft),
  });
  switch (messageTemplate(daysLeft)) {
    case "expired": {
      const ago = daysLeft === -1 ? "yesterday" : `${daysPhrase(-daysLeft)} ago`;
      return alertFor(
        client,
        "emirates_id_expired",
        expiry,
        daysLeft,
        `${name}'s Emirates ID expired ${ago} (${shortDayLabel(expiry)}): ask for the renewed ID.`,
        clientMessage(book, "emirates_id_expired", client, (w) => ({ date: w.date(expiry) })),
      );
    }
    case "imminent":
      return alertFor(
        client,
        "emirates_id_expiring",
        expiry,
        daysLeft,
        `${name}'s Emirates ID expires ${whenPhrase(daysLeft)}: ask for the renewed ID.`,
        clientMessage(book, "emirates_id_expiring_soon", client, values),
      );
    case "upcoming":
      return alertFor(
        client,
        "emirates_id_expiring",
        expiry,
        daysLeft,
        `${name}'s Emirates ID expires in ${daysPhrase(daysLeft)} (${shortDayLabel(expiry)}).`,
        clientMessage(book, "emirates_id_expiring", client, values),
      );
  }
}
