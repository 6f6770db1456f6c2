import { z } from "zod";
import {
  addDays,
  businessToday,
  daysUntilNextOccasion,
  isIsoDate,
  monthDayOf,
  dateFromIso,
  type IsoDate,
} from "./calendar";
import { MESSAGE_CODES } from "./message-codes";

/**
 * A client's family, for the occasions beyond their own birthday and anniversary
 * (docs/decisions/019-client-preferences-and-family-occasions.md): who they are to the client, their
 * name and, when known, their date of birth. Sons and daughters are kept apart from "child" so a
 * reminder can say "Aisha's daughter Mariam turns 8".
 */

export const FAMILY_RELATIONS = ["spouse", "daughter", "son", "child", "mother", "father", "other"] as const;
export type FamilyRelation = (typeof FAMILY_RELATIONS)[number];

/** The word a reminder uses: "Aisha's daughter Mariam", "Aisha's relative Noor". */
export const FAMILY_RELATION_WORDS: Record<FamilyRelation, string> = {
  spouse: "spouse",
  daughter: "daughter",
  son: "son",
  child: "child",
  mother: "mother",
  father: "father",
  other: "relative",
};

/** Children's birthdays are counted in years to the client ("Mariam's 8th birthday"); adults' are not. */
export function isChild(relation: FamilyRelation): boolean {
  return relation === "daughter" || relation === "son" || relation === "child";
}

export const FAMILY_MEMBERS_MAX = 20;
export const FAMILY_NAME_MAX = 100;

/** A blank date is no date; a JSON client's full timestamp is read as its day. */
function birthDateText(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return null;
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
}

/** One family member as the details' form and the client JSON send it; the day is checked against the shop's today. */
export function familyMemberSchema(today: IsoDate = businessToday()) {
  return z.object({
    relation: z
      .string({ error: MESSAGE_CODES.familyRelation })
      .trim()
      .toLowerCase()
      .pipe(z.enum(FAMILY_RELATIONS, { error: MESSAGE_CODES.familyRelation })),
    name: z
      .string({ error: MESSAGE_CODES.familyName })
      .trim()
      .transform((name) => name.replace(/\s+/g, " "))
      .pipe(z.string().min(1, MESSAGE_CODES.familyName).max(FAMILY_NAME_MAX, MESSAGE_CODES.textTooLong)),
    birthDate: z.preprocess(
      birthDateText,
      z
        .string({ error: MESSAGE_CODES.familyBirthDate })
        .refine(isIsoDate, MESSAGE_CODES.familyBirthDate)
        .refine((day) => day <= today, MESSAGE_CODES.familyBirthDateFuture)
        .nullable(),
    ),
  });
}
export type FamilyMemberInput = z.output<ReturnType<typeof familyMemberSchema>>;

/** The whole family as PUT /api/clients/:id sends it: the list replaces the one on file. */
export function familyMembersSchema(today: IsoDate = businessToday()) {
  return z
    .array(familyMemberSchema(today), { error: MESSAGE_CODES.familyList })
    .max(FAMILY_MEMBERS_MAX, MESSAGE_CODES.familyTooMany);
}

/** Two lists name the same people in the same order (ids aside): an edit that sends the list back unchanged changes nothing. */
export function sameFamily(a: readonly FamilyMemberInput[], b: readonly FamilyMemberInput[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => m.relation === b[i]!.relation && m.name === b[i]!.name && m.birthDate === b[i]!.birthDate)
  );
}

/** The age someone born on `birthDate` turns on their birthday `occasion` (29 February babies too: the year decides). */
export function ageOnBirthday(birthDate: IsoDate, occasion: IsoDate): number {
  return Number(occasion.slice(0, 4)) - Number(birthDate.slice(0, 4));
}

/** The next birthday on or after today of someone born on `birthDate`: its day, how far, and the age turned. */
export function nextBirthday(birthDate: IsoDate, today: IsoDate): { date: IsoDate; daysLeft: number; age: number } {
  const daysLeft = daysUntilNextOccasion(monthDayOf(dateFromIso(birthDate)), today);
  const date = addDays(today, daysLeft);
  return { date, daysLeft, age: ageOnBirthday(birthDate, date) };
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${suffix}`;
}
