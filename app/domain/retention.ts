import type { TFunction } from "i18next";
import { z } from "zod";
import { dateFromIso, isoFromDate, subtractMonths } from "./calendar";

/**
 * How long data is kept (docs/privacy.md "How long data is kept"): soft-deleted clients are
 * erased N days after their deletion, audit entries older than M months are pruned, and contact
 * notes older than K months may be cleared. An admin sets the periods; a daily job applies them.
 */

export type RetentionSettings = {
  /** Days after a client's deletion before they are erased. */
  erasedAfterDays: number;
  /** Months an audit entry is kept. */
  auditMonths: number;
  /** Months a contact's note and outcome are kept; null: kept as long as the contact. */
  contactNoteMonths: number | null;
};

export const DEFAULT_RETENTION: RetentionSettings = { erasedAfterDays: 90, auditMonths: 24, contactNoteMonths: null };

/**
 * The bounds an admin may choose within. A deleted client stays restorable for at least a week;
 * the audit log keeps at least six months, so recent access and erasures stay answerable.
 */
export const RETENTION_LIMITS = {
  erasedAfterDays: { min: 7, max: 3650 },
  auditMonths: { min: 6, max: 120 },
  contactNoteMonths: { min: 1, max: 120 },
} as const;

/** The contact-notes period offered when an admin first switches it on. */
export const SUGGESTED_CONTACT_NOTE_MONTHS = 12;

const DAY_MS = 86_400_000;

/** The same moment `months` calendar months earlier (the 31st falls back to a shorter month's last day). */
function monthsBefore(now: Date, months: number): Date {
  const timeOfDay = now.getTime() - dateFromIso(isoFromDate(now)).getTime();
  return new Date(dateFromIso(subtractMonths(isoFromDate(now), months)).getTime() + timeOfDay);
}

export type RetentionCutoffs = {
  /** Clients deleted at or before this moment are due for erasure. */
  deletedBy: Date;
  /** Audit entries written before this moment are pruned. */
  auditBefore: Date;
  /** Contacts made before this moment lose their note and outcome; null when that is off. */
  contactNotesBefore: Date | null;
};

/** What is due on a given clock: the job, its dry run and the settings page all ask this. */
export function retentionCutoffs(now: Date, settings: RetentionSettings): RetentionCutoffs {
  return {
    deletedBy: new Date(now.getTime() - settings.erasedAfterDays * DAY_MS),
    auditBefore: monthsBefore(now, settings.auditMonths),
    contactNotesBefore: settings.contactNoteMonths === null ? null : monthsBefore(now, settings.contactNoteMonths),
  };
}

/** The form's messages per unit, as catalog keys written out (docs/decisions/021-arabic-and-english.md). */
const PERIOD_MESSAGES = {
  days: {
    number: "profile:retention.errors.daysNumber",
    whole: "profile:retention.errors.daysWhole",
    min: "profile:retention.errors.daysAtLeast",
    max: "profile:retention.errors.daysAtMost",
  },
  months: {
    number: "profile:retention.errors.monthsNumber",
    whole: "profile:retention.errors.monthsWhole",
    min: "profile:retention.errors.monthsAtLeast",
    max: "profile:retention.errors.monthsAtMost",
  },
} as const;

/**
 * The Data Retention form in the page's language: each message names its field and bound
 * ("Deleted clients: at least 7 days"). The contact-notes period counts only when its box is ticked.
 */
export function retentionFormSchema(t: TFunction) {
  const period = (field: string, { min, max }: { min: number; max: number }, unit: "days" | "months") => {
    const messages = PERIOD_MESSAGES[unit];
    return z.coerce
      .number({ error: t(messages.number, { field }) })
      .int(t(messages.whole, { field }))
      .min(min, t(messages.min, { field, count: min }))
      .max(max, t(messages.max, { field, count: max }));
  };
  const contactNotes = period(t("profile:retention.fields.contactNotes"), RETENTION_LIMITS.contactNoteMonths, "months");
  return z
    .object({
      erasedAfterDays: period(t("profile:retention.fields.deletedClients"), RETENTION_LIMITS.erasedAfterDays, "days"),
      auditMonths: period(t("profile:retention.fields.auditEntries"), RETENTION_LIMITS.auditMonths, "months"),
      clearContactNotes: z.literal("on").optional(),
      contactNoteMonths: z.string().optional(),
    })
    .transform((form, ctx): RetentionSettings => {
      if (!form.clearContactNotes)
        return { erasedAfterDays: form.erasedAfterDays, auditMonths: form.auditMonths, contactNoteMonths: null };
      const months = contactNotes.safeParse(form.contactNoteMonths);
      if (!months.success) {
        ctx.addIssue({ code: "custom", path: ["contactNoteMonths"], message: months.error.issues[0]!.message });
        return z.NEVER;
      }
      return { erasedAfterDays: form.erasedAfterDays, auditMonths: form.auditMonths, contactNoteMonths: months.data };
    });
}
