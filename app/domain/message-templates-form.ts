import type { TFunction } from "i18next";
import { z } from "zod";
import { MESSAGE_TEMPLATE_FIELDS, messageBodyProblem } from "./message-templates";

// Apart from ./message-templates so that the screens which only word a message (the dashboard's
// alert lines) do not bundle zod with it.

/**
 * Save checks every text's placeholders (messageBodyProblem); Reset names the one text to put back
 * to its default. The same schema validates in the browser (Conform) and in the action, its
 * messages in the page's language.
 */
export function messageTemplatesFormSchema(t: TFunction) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("save"),
      ...Object.fromEntries(
        MESSAGE_TEMPLATE_FIELDS.map(({ occasion, name }) => [
          name,
          z.string({ error: t("profile:messages.errors.empty") }).superRefine((body, ctx) => {
            const problem = messageBodyProblem(occasion, body, t);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          }),
        ]),
      ),
    }),
    z.object({
      intent: z.literal("reset"),
      target: z
        .enum(
          MESSAGE_TEMPLATE_FIELDS.map((f) => f.name),
          { error: t("profile:messages.errors.chooseReset") },
        )
        .transform((name) => MESSAGE_TEMPLATE_FIELDS.find((f) => f.name === name)!),
    }),
  ]);
}
