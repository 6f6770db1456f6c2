import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";

/*
 * A mobile number already on file: no two clients share a normalised mobile, and a deleted client's
 * number stays reserved until an admin restores or erases them.
 */

/** The refusal naming the client who has the number. */
export function duplicateMobileMessage(existing: { fullName: string; deletedAt: Date | null }): Message {
  return message(existing.deletedAt ? MESSAGE_CODES.mobileTakenDeleted : MESSAGE_CODES.mobileTaken, {
    name: existing.fullName,
  });
}

/** The refusal when the number was taken at the same moment and its holder is gone again. */
export const MOBILE_IN_USE: Message = message(MESSAGE_CODES.mobileInUse);
