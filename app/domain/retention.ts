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

const period = (label: string, { min, max }: { min: number; max: number }, unit: "days" | "months") => {
  const count = (n: number) => `${n} ${n === 1 ? unit.slice(0, -1) : unit}`;
  return z.coerce
    .number({ error: `${label}: enter a number of ${unit}` })
    .int(`${label}: enter a whole number of ${unit}`)
    .min(min, `${label}: at least ${count(min)}`)
    .max(max, `${label}: at most ${count(max)}`);
};

/** The Data Retention form: the contact-notes period counts only when its box is ticked. */
export const retentionFormSchema = z
  .object({
    erasedAfterDays: period("Deleted clients", RETENTION_LIMITS.erasedAfterDays, "days"),
    auditMonths: period("Audit entries", RETENTION_LIMITS.auditMonths, "months"),
    clearContactNotes: z.literal("on").optional(),
    contactNoteMonths: z.string().optional(),
  })
  .transform((form, ctx): RetentionSettings => {
    if (!form.clearContactNotes)
      return { erasedAfterDays: form.erasedAfterDays, auditMonths: form.auditMonths, contactNoteMonths: null };
    const months = period("Contact notes", RETENTION_LIMITS.contactNoteMonths, "months").safeParse(
      form.contactNoteMonths,
    );
    if (!months.success) {
      ctx.addIssue({ code: "custom", path: ["contactNoteMonths"], message: months.error.issues[0]!.message });
      return z.NEVER;
    }
    return { erasedAfterDays: form.erasedAfterDays, auditMonths: form.auditMonths, contactNoteMonths: months.data };
  });
