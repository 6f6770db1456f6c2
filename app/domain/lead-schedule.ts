import { z } from "zod";
import { isIsoDate, type IsoDate } from "./calendar";
import { MESSAGE_CODES } from "./message-codes";

/** A lead card's Schedule action: a follow-up call on a day from today on, with an optional note. */
export const FOLLOW_UP_NOTE_MAX = 500;

export function scheduleFollowUpSchema(today: IsoDate) {
  return z.object({
    dueDate: z
      .string({ message: MESSAGE_CODES.followUpPickDay })
      .refine(isIsoDate, MESSAGE_CODES.followUpDateFormat)
      // ISO dates compare as strings.
      .refine((day) => day >= today, MESSAGE_CODES.followUpTodayOrLater),
    note: z.string().trim().max(FOLLOW_UP_NOTE_MAX, MESSAGE_CODES.followUpNoteTooLong).optional(),
  });
}
