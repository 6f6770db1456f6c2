import { addDays, dateFromIso, daysBetween, type IsoDate } from "./calendar";
import { intlLocale, type Language } from "./languages";
import { dateTimeFormat } from "./date-format";
import { ageOnBirthday, FAMILY_RELATION_WORDS, isChild, ordinal, type FamilyRelation } from "./family";
import { whatsappLink } from "./mobile";

/** docs/product-rules.md §3 Alerts response: the alert types and priorities. */
export type AlertType = "birthday" | "anniversary" | "emirates_id_expiring" | "emirates_id_expired";
export type AlertPriority = "high" | "medium" | "low";

/** Whose birthday a client's birthday alert is, when it is a family member's (docs/decisions/019). */
export type AlertFamilyMember = { id: number; relation: FamilyRelation; name: string; age: number };

export type Alert = {
  clientId: number;
  clientName: string;
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
  whatsappUrl: string;
  /** A family member's birthday (the message and the WhatsApp are still to the client); null for the client's own. */
  familyMember: AlertFamilyMember | null;
};

export type AlertClient = { id: number; fullName: string; mobileNumber: string };

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

/** "Sat 3 Jan" for the panels ("السبت، 3 يناير" in Arabic). */
export function shortDayLabel(iso: IsoDate, language: Language = "en"): string {
  return dateTimeFormat(intlLocale(language), {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(dateFromIso(iso));
}

/** "3 January" for messages to clients. */
function longDayLabel(iso: IsoDate): string {
  return dateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(dateFromIso(iso));
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
export function anniversaryName(anniversaryType: string | null): string {
  const type = anniversaryType?.trim();
  if (!type || type === "Other") return "Anniversary";
  return /anniversary/i.test(type) ? type : `${type} Anniversary`;
}

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
    mobileNumber: client.mobileNumber,
    type,
    date,
    daysLeft,
    priority: alertPriority(daysLeft),
    message,
    whatsappMessage,
    whatsappUrl: whatsappLink(client.mobileNumber, whatsappMessage),
    familyMember: null,
  };
}

export function birthdayAlert(client: AlertClient, today: IsoDate, daysLeft: number): Alert {
  const date = addDays(today, daysLeft);
  const name = client.fullName;
  const first = firstName(name);
  if (messageTemplate(daysLeft) === "imminent") {
    return alertFor(
      client,
      "birthday",
      date,
      daysLeft,
      `Happy Birthday, ${name}! Their birthday is ${whenPhrase(daysLeft)}: send your wishes.`,
      `Happy Birthday${daysLeft === 1 ? " for tomorrow" : ""}, ${first}! 🎉 Wishing you a wonderful day and a brilliant year ahead, with warm wishes from all of us.`,
    );
  }
  return alertFor(
    client,
    "birthday",
    date,
    daysLeft,
    `${name}'s birthday is in ${daysPhrase(daysLeft)} (${shortDayLabel(date)}): plan a greeting.`,
    `Dear ${first}, your birthday is coming up on ${longDayLabel(date)}! 🎉 We would love to help you celebrate: reply here to see pieces we have picked for you.`,
  );
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
): Alert {
  const date = addDays(today, daysLeft);
  const age = ageOnBirthday(member.birthDate, date);
  const first = firstName(client.fullName);
  const who = `${first}'s ${FAMILY_RELATION_WORDS[member.relation]} ${member.name}`;
  const birthday = isChild(member.relation) ? `${ordinal(age)} birthday` : "birthday";
  const imminent = messageTemplate(daysLeft) === "imminent";
  const alert = imminent
    ? alertFor(
        client,
        "birthday",
        date,
        daysLeft,
        `${who} turns ${age} ${whenPhrase(daysLeft)}: send your wishes.`,
        `Dear ${first}, wishing ${member.name} a very happy ${birthday} ${whenPhrase(daysLeft)}! 🎉 Warm wishes to all the family from all of us.`,
      )
    : alertFor(
        client,
        "birthday",
        date,
        daysLeft,
        `${who} turns ${age} in ${daysPhrase(daysLeft)} (${shortDayLabel(date)}): plan a greeting.`,
        `Dear ${first}, ${member.name}'s ${birthday} is coming up on ${longDayLabel(date)}! 🎉 If you are looking for a gift, reply here to see pieces we have picked for the occasion.`,
      );
  return { ...alert, familyMember: { id: member.id, relation: member.relation, name: member.name, age } };
}

export function anniversaryAlert(
  client: AlertClient,
  anniversaryType: string | null,
  today: IsoDate,
  daysLeft: number,
): Alert {
  const date = addDays(today, daysLeft);
  const name = client.fullName;
  const first = firstName(name);
  const occasion = anniversaryName(anniversaryType);
  if (messageTemplate(daysLeft) === "imminent") {
    return alertFor(
      client,
      "anniversary",
      date,
      daysLeft,
      `Happy ${occasion}, ${name}! It is ${whenPhrase(daysLeft)}: send your wishes.`,
      `Happy ${occasion}${daysLeft === 1 ? " for tomorrow" : ""}, ${first}! ✨ Wishing you a day to remember, with warm wishes from all of us.`,
    );
  }
  return alertFor(
    client,
    "anniversary",
    date,
    daysLeft,
    `${name}'s ${occasion.toLowerCase()} is in ${daysPhrase(daysLeft)} (${shortDayLabel(date)}): plan a greeting.`,
    `Dear ${first}, your ${occasion.toLowerCase()} is coming up on ${longDayLabel(date)}. ✨ Let us help you mark the day: reply here to see pieces picked for the occasion.`,
  );
}

const ID_RENEWAL_REQUEST =
  "please share your renewed Emirates ID with us so we can keep your client file up to date. Thank you!";

/** An ID expiring today is still valid today: it is "expiring" (daysLeft 0); from tomorrow it is "expired". */
export function emiratesIdAlert(client: AlertClient, expiry: IsoDate, today: IsoDate): Alert {
  const daysLeft = daysBetween(today, expiry);
  const name = client.fullName;
  const first = firstName(name);
  switch (messageTemplate(daysLeft)) {
    case "expired": {
      const ago = daysLeft === -1 ? "yesterday" : `${daysPhrase(-daysLeft)} ago`;
      return alertFor(
        client,
        "emirates_id_expired",
        expiry,
        daysLeft,
        `${name}'s Emirates ID expired ${ago} (${shortDayLabel(expiry)}): ask for the renewed ID.`,
        `Dear ${first}, our records show that your Emirates ID expired on ${longDayLabel(expiry)}. When convenient, ${ID_RENEWAL_REQUEST}`,
      );
    }
    case "imminent":
      return alertFor(
        client,
        "emirates_id_expiring",
        expiry,
        daysLeft,
        `${name}'s Emirates ID expires ${whenPhrase(daysLeft)}: ask for the renewed ID.`,
        `Dear ${first}, a friendly reminder that your Emirates ID expires ${whenPhrase(daysLeft)}. Once it is renewed, ${ID_RENEWAL_REQUEST}`,
      );
    case "upcoming":
      return alertFor(
        client,
        "emirates_id_expiring",
        expiry,
        daysLeft,
        `${name}'s Emirates ID expires in ${daysPhrase(daysLeft)} (${shortDayLabel(expiry)}).`,
        `Dear ${first}, a friendly reminder that your Emirates ID expires on ${longDayLabel(expiry)}. Once it is renewed, ${ID_RENEWAL_REQUEST}`,
      );
  }
}
