import { z } from "zod";

/**
 * Merging two duplicate clients (docs/decisions/047-client-merge.md): which of a client's fields the
 * back office may choose between, how the choices combine two records, and how long a merge can be
 * undone. Pure: the service (app/services/client-merge.server.ts) reads and writes the rows.
 */

/** Fields where either record's value may be kept; everything not listed stays the kept client's. */
export const MERGE_CHOOSABLE_FIELDS = [
  "fullName",
  "fullNameAr",
  "email",
  "emiratesId",
  "emiratesIdExpiry",
  "dateOfBirth",
  "country",
  "emirate",
  "area",
  "team",
  "preferredLanguage",
  "pepStatus",
  "anniversaryType",
  "anniversaryDate",
  "preferredTime",
  "preferredCollection",
  "meetingComments",
  "contactOk",
  "category",
  "ringSize",
  "bangleSize",
  "budgetBand",
  "ownerId",
] as const;
export type MergeChoosableField = (typeof MERGE_CHOOSABLE_FIELDS)[number];

/**
 * Preference lists (comma-separated keys or tags): never chosen, always joined. The mobile number is
 * not choosable either: the merged-away client holds it until the undo window ends.
 */
export const MERGE_JOINED_FIELDS = ["preferredMetals", "preferredStones", "styles"] as const;
export type MergeJoinedField = (typeof MERGE_JOINED_FIELDS)[number];

export type MergeChoice = "keep" | "merge";
export type MergeChoices = Partial<Record<MergeChoosableField, MergeChoice>>;

export const MERGE_UNDO_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function isChoosableField(field: string): field is MergeChoosableField {
  return (MERGE_CHOOSABLE_FIELDS as readonly string[]).includes(field);
}

type FieldValue = string | number | boolean | Date | null;
export type MergeRecord = Record<MergeChoosableField | MergeJoinedField, FieldValue>;

function sameValue(a: FieldValue, b: FieldValue): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/** The choosable fields whose values differ between the two records, in the registry's order. */
export function differingFields(kept: MergeRecord, merged: MergeRecord): MergeChoosableField[] {
  return MERGE_CHOOSABLE_FIELDS.filter((field) => !sameValue(kept[field], merged[field]));
}

/** A comma-separated list joined with another, each entry once, the kept record's order first. */
export function joinLists(kept: string | null, merged: string | null): string | null {
  const entries = [kept, merged]
    .flatMap((list) => (list ?? "").split(","))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const unique = [...new Set(entries)];
  return unique.length > 0 ? unique.join(",") : null;
}

/**
 * The kept client's new values: each choosable field from the record its choice names ("keep" when
 * none is given; an empty kept value is never filled in silently), the preference lists joined.
 * Only the fields that change are returned.
 */
export function mergedValues(kept: MergeRecord, merged: MergeRecord, choices: MergeChoices): Partial<MergeRecord> {
  const out: Partial<MergeRecord> = {};
  for (const field of MERGE_CHOOSABLE_FIELDS) {
    if (choices[field] === "merge" && !sameValue(kept[field], merged[field])) out[field] = merged[field];
  }
  for (const field of MERGE_JOINED_FIELDS) {
    const joined = joinLists(kept[field] as string | null, merged[field] as string | null);
    if (joined !== kept[field]) out[field] = joined;
  }
  return out;
}

/** Consent per channel after a merge: the later recorded change wins. */
export function laterConsent<T extends { recordedAt: Date }>(kept: T | null, merged: T | null): T | null {
  if (!kept) return merged;
  if (!merged) return kept;
  return merged.recordedAt.getTime() > kept.recordedAt.getTime() ? merged : kept;
}

/** A merge can be undone for 30 days from when it was made (up to the same instant 30 days later). */
export function canUndoMerge(mergedAt: Date, now: Date): boolean {
  const age = now.getTime() - mergedAt.getTime();
  return age >= 0 && age <= MERGE_UNDO_DAYS * DAY_MS;
}

/** When the merged-away client's mobile number is freed for a new client: the undo window's end. */
export function mobileReleaseAt(mergedAt: Date): Date {
  return new Date(mergedAt.getTime() + MERGE_UNDO_DAYS * DAY_MS);
}

const clientId = z.number().int().positive().max(2_147_483_647);
const choice = z.enum(["keep", "merge"]);

/** The merge request, from the JSON API and the form alike: which client stays and the per-field choices. */
export const mergeRequestSchema = z.object({
  keepId: clientId,
  mergeId: clientId,
  values: z.partialRecord(z.enum(MERGE_CHOOSABLE_FIELDS), choice).optional(),
});
export type MergeRequest = z.output<typeof mergeRequestSchema>;
