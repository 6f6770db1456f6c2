import type { Role } from "./roles";

/**
 * Who sees a client's identity document (docs/privacy.md, docs/decisions/014-emirates-id-masking.md):
 * outside the admin role the Emirates ID number shows masked and its picture links are withheld,
 * until the user reveals them (audited, at most REVEAL_LIMIT an hour).
 */

/** How a protected field reads outside the admin role: the ID with its middle starred, or withheld. */
export type FieldMask = "emiratesId" | "withheld";

/** Roles that always see protected fields in full. */
export const FULL_VIEW_ROLES: readonly Role[] = ["admin"];

export function seesInFull(role: Role): boolean {
  return FULL_VIEW_ROLES.includes(role);
}

const MASK = "*";

/**
 * `784-1990-1234567-1` → `784-****-*******-1`: the country prefix 784 (the same on every UAE ID)
 * and the check digit stay, every other digit is starred. A number typed without dashes gets
 * them; any other text keeps its separators and shows only its last character, so nothing beyond
 * the prefix and check digit of a real ID is ever shown.
 */
export function maskEmiratesId(value: string): string {
  const text = value.trim();
  const digits = text.replace(/\D/g, "");
  if (digits.length === 15 && digits.startsWith("784") && /^[\d\s-]+$/.test(text)) {
    return `784-${MASK.repeat(4)}-${MASK.repeat(7)}-${digits.slice(-1)}`;
  }
  const chars = [...text];
  // Too short to show a character of it and still hide it.
  const keep = chars.length > 4 ? 1 : 0;
  return chars.map((ch, i) => (i >= chars.length - keep || !/[\p{L}\p{N}]/u.test(ch) ? ch : MASK)).join("");
}

/** What a withheld value (the picture links) reads as: it says something is there, not what. */
export const WITHHELD = "Hidden: reveal the Emirates ID to see it";

/** A protected field's value as a role sees it; null stays null (nothing to hide). */
export function maskedValue(mask: FieldMask, value: string | null, role: Role): string | null {
  if (value === null || value === "" || seesInFull(role)) return value;
  return mask === "emiratesId" ? maskEmiratesId(value) : WITHHELD;
}

/**
 * An edit outside the admin role that sends a protected field back as it was shown (masked)
 * keeps the stored value; a different value would overwrite a number the user cannot see, so
 * only an admin may change a recorded one (a missing one anyone may add).
 */
export type ProtectedEdit = "keep" | "write" | "refuse";

export function protectedFieldEdit(
  mask: FieldMask,
  submitted: string | null,
  stored: string | null,
  role: Role,
): ProtectedEdit {
  if (seesInFull(role) || stored === null || stored === "") return "write";
  if (submitted === stored || submitted === maskedValue(mask, stored, role)) return "keep";
  return "refuse";
}

// ---------------------------------------------------------------------------------------------
// Personal data outside the client's row.

/**
 * Personal data about a client's people kept in tables of their own, beside the field registry's
 * columns: a client's data export must carry it and erasing the client must remove it
 * (docs/privacy.md). Each entry is a list in the client JSON; every field of it is personal data.
 */
export type RelatedPersonalData = {
  /** The list's name in the client JSON. */
  json: string;
  /** One item, as docs/privacy.md names it. */
  label: string;
  fields: readonly { json: string; label: string }[];
  /** What erasing the client does to the list: its rows deleted, or these fields cleared (the rows stay). */
  onErasure: "delete" | "clear";
  /** Shown to admins only (the pages and files that carry it are theirs); otherwise every role sees it. */
  adminOnly?: boolean;
};

export const RELATED_PERSONAL_DATA: readonly RelatedPersonalData[] = [
  {
    // docs/decisions/019: the family's names and dates of birth, for their birthday reminders.
    json: "familyMembers",
    label: "Family member",
    fields: [
      { json: "relation", label: "relation" },
      { json: "name", label: "name" },
      { json: "birthDate", label: "date of birth" },
    ],
    onErasure: "delete",
  },
  {
    // docs/guide/cash-rule.md: the buyer's identity taken for a cash transaction the cash rule flagged, in
    // the data export's `cashReports` and on the admins' /reports/cash. Erasure clears it; the amount,
    // day, status and goAML reference stay (the business's record of the report).
    json: "cashReports",
    label: "Cash report",
    fields: [
      { json: "idNumber", label: "identity number (passport or Emirates ID)" },
      { json: "idNationality", label: "passport nationality" },
    ],
    onErasure: "clear",
    adminOnly: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Reveals: at most REVEAL_LIMIT per user in any REVEAL_WINDOW_MS (a sliding hour).

/** The Reveal button's intent on the client's details. */
export const REVEAL_INTENT = "reveal-emirates-id";

export const REVEAL_LIMIT = 30;
export const REVEAL_WINDOW_MS = 60 * 60_000;

/** The start of the window a reveal at `now` is counted in. */
export function revealWindowStart(now: Date): Date {
  return new Date(now.getTime() - REVEAL_WINDOW_MS);
}

/**
 * Given the times of the user's reveals in the window (any order), may they reveal now? When not,
 * the answer says when the oldest one leaves the window.
 */
export function revealAllowance(
  recent: readonly Date[],
  now: Date,
): { ok: true } | { ok: false; retryAt: Date; message: string } {
  const since = revealWindowStart(now).getTime();
  const inWindow = recent
    .map((t) => t.getTime())
    .filter((t) => t > since)
    .sort((a, b) => a - b);
  if (inWindow.length < REVEAL_LIMIT) return { ok: true };
  const retryAt = new Date(inWindow[inWindow.length - REVEAL_LIMIT]! + REVEAL_WINDOW_MS);
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  return {
    ok: false,
    retryAt,
    message: `You have revealed ${REVEAL_LIMIT} Emirates IDs in the last hour, the most allowed. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}
