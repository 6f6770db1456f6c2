import { z } from "zod";
import { isIsoDate, type IsoDate } from "./calendar";

/** A lead card's Schedule action: a follow-up call on a day from today on, with an optional note. */
export const FOLLOW_UP_NOTE_MAX = 500;

export function scheduleFollowUpSchema(today: IsoDate) {
  return z.object({
    dueDate: z
      .string({ message: "Pick the day to follow up" })
      .refine(isIsoDate, "Enter a date as YYYY-MM-DD")
      // ISO dates compare as strings.
      .refine((day) => day >= today, "Pick today or a later day"),
    note: z.string().trim().max(FOLLOW_UP_NOTE_MAX, `Keep the note under ${FOLLOW_UP_NOTE_MAX} characters`).optional(),
  });
}
