import { addDays, daysBetween, type IsoDate } from "./calendar";
import { isWithdrawn } from "./consent";
import { ageOnBirthday, FAMILY_RELATION_WORDS, isChild, type FamilyRelation } from "./family";
import { clientMessage, DEFAULT_MESSAGE_BOOK, type MessageBook, type MessageWords } from "./message-templates";
import { whatsappLink } from "./mobile";
import {
  alertPriority,
  anniversaryName,
  firstName,
  messageTemplate,
  shortDayLabel,
  type Alert,
  type AlertClient,
  type AlertType,
} from "./alerts";

// The alerts a client's dates raise, with their messages. Apart from ./alerts.ts (the alert's shape and
// the small rules a page words it by) because the message book is server work: a page that shows alerts
// does not download the book's default texts.

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

/** "1 day" or "5 days", in the staff's English message. */
function daysPhrase(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** "today", "tomorrow" or "in 5 days". */
function whenPhrase(daysLeft: number): string {
  if (daysLeft === 0) return "today";
  if (daysLeft === 1) return "tomorrow";
  return `in ${daysPhrase(daysLeft)}`;
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
  const values = dayValues(expiry, daysLeft);
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
