/*
 * A mobile number already on file: no two clients share a normalised mobile, and a deleted client's
 * number stays reserved until an admin restores or erases them. The services say so in English (the
 * JSON keeps these texts, decision 008); the pages read them back to word them in their own language.
 */

/** The refusal naming the client who has the number. */
export function duplicateMobileMessage(existing: { fullName: string; deletedAt: Date | null }): string {
  return existing.deletedAt
    ? `This mobile number belongs to ${existing.fullName}, a deleted client. An admin can restore them.`
    : `This mobile number already belongs to ${existing.fullName}.`;
}

const TAKEN = /^This mobile number already belongs to (.+)\.$/;
const TAKEN_BY_DELETED = /^This mobile number belongs to (.+), a deleted client\. An admin can restore them\.$/;

/** Who has the number and whether they are deleted, from a `duplicateMobileMessage`; null for any other text. */
export function readDuplicateMobile(message: string): { name: string; deleted: boolean } | null {
  const taken = TAKEN.exec(message);
  if (taken) return { name: taken[1]!, deleted: false };
  const takenByDeleted = TAKEN_BY_DELETED.exec(message);
  return takenByDeleted ? { name: takenByDeleted[1]!, deleted: true } : null;
}
