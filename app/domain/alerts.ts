import { dateFromIso, type IsoDate } from "./calendar";
import { intlLocale, type Language, type Locale } from "./languages";
import { dateTimeFormat } from "./date-format";
import type { FamilyRelation } from "./family";

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

/** The English name of an anniversary: "Wedding Anniversary", "Graduation Anniversary", "Anniversary". */
export function anniversaryName(type: string | null): string {
  const t = type?.trim();
  if (!t || t === "Other") return "Anniversary";
  return /anniversary/i.test(t) ? t : `${t} Anniversary`;
}
