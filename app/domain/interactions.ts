import { z } from "zod";
import { MESSAGE_CODES } from "./message-codes";

/** Every way staff contact a client; each contact is one interaction row. */
export const INTERACTION_TYPES = ["whatsapp", "call", "visit", "email", "note"] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export const INTERACTION_LABELS: Record<InteractionType, string> = {
  whatsapp: "WhatsApp",
  call: "Call",
  visit: "Visit",
  email: "Email",
  note: "Note",
};

export function isInteractionType(value: unknown): value is InteractionType {
  return typeof value === "string" && (INTERACTION_TYPES as readonly string[]).includes(value);
}

/** Clocks on phones drift: a contact stamped a few minutes ahead is still "now", not the future. */
const FUTURE_SKEW_MS = 5 * 60_000;

/** Optional free text: trimmed, capped, and null when empty (notes and outcomes). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/**
 * One contact as the form and POST /api/clients/:id/interactions send it. `at` is an ISO time
 * (or a datetime-local value); without it the contact happened now.
 */
export function interactionInputSchema(now: Date = new Date()) {
  return z.object({
    type: z.enum(INTERACTION_TYPES, { error: MESSAGE_CODES.interactionType }),
    note: optionalText(2000),
    outcome: optionalText(500),
    at: z
      .string()
      .trim()
      .nullish()
      .transform((v, ctx) => {
        if (!v) return now;
        const at = new Date(v);
        if (Number.isNaN(at.getTime())) {
          ctx.addIssue({ code: "custom", message: MESSAGE_CODES.interactionAt });
          return z.NEVER;
        }
        if (at.getTime() > now.getTime() + FUTURE_SKEW_MS) {
          ctx.addIssue({ code: "custom", message: MESSAGE_CODES.interactionFuture });
          return z.NEVER;
        }
        return at;
      })
      // A missing key skips the transform in zod 4, so "now" is filled in here too.
      .default(() => now),
  });
}
export type InteractionInput = z.output<ReturnType<typeof interactionInputSchema>>;
