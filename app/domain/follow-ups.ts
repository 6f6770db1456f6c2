import { optionalText } from "./interactions";
import { z } from "zod";
import { addDays, isIsoDate, type IsoDate } from "./calendar";
import { MESSAGE_CODES } from "./message-codes";

export const FOLLOW_UP_STATUSES = ["open", "done", "cancelled"] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
export const FOLLOW_UP_DUE = ["overdue", "today", "week"] as const;
export type FollowUpDue = (typeof FOLLOW_UP_DUE)[number];

/** Whose follow-ups a list shows: mine, one colleague's, or everyone's. */
export type FollowUpOwnerScope = { kind: "me" } | { kind: "all" } | { kind: "user"; userId: string };

export function parseFollowUpOwner(raw: string | null): FollowUpOwnerScope {
  const value = raw?.trim() ?? "";
  if (value === "all") return { kind: "all" };
  if (/^[a-z0-9]{8,40}$/i.test(value) && value !== "me") return { kind: "user", userId: value };
  return { kind: "me" };
}

/**
 * The due-date window of a filter, as calendar days [from, before): overdue is before today,
 * today is today, week is today and the next 6 days. Overdue items are not "today" or "week".
 */
export function dueWindow(due: FollowUpDue, today: IsoDate): { from: IsoDate | null; before: IsoDate } {
  if (due === "overdue") return { from: null, before: today };
  if (due === "today") return { from: today, before: addDays(today, 1) };
  return { from: today, before: addDays(today, 7) };
}

const day = z.string().refine(isIsoDate, MESSAGE_CODES.followUpDateFormat);

/** POST /api/follow-ups. */
export const NewFollowUpSchema = z.object({
  clientId: z.coerce.number().int().positive(),
  dueDate: day,
  note: optionalText(500),
  ownerId: z.string().trim().min(1).nullish(),
});

/** PUT /api/follow-ups/:id: any of status, outcome, due date and owner. */
export const FollowUpChangeSchema = z
  .object({
    status: z.enum(FOLLOW_UP_STATUSES).optional(),
    outcome: optionalText(500).optional(),
    dueDate: day.optional(),
    ownerId: z.string().trim().min(1).optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Send at least one of status, outcome, dueDate, ownerId",
  );
export type FollowUpChange = z.output<typeof FollowUpChangeSchema>;
