import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { sayIssues, zodMessages } from "./zod-messages";

/**
 * A form parsed as typed (text, no coercion: as the JSON API sends it, so the API's schema reads it), its issues said
 * in `t`'s language with their values: the same parse in the browser's `onValidate` and in the action.
 */
export function parseTyped<Schema extends z.ZodType>(formData: FormData, schema: Schema, t: TFunction) {
  return parseWithZod(formData, {
    schema,
    disableAutoCoercion: true,
    error: zodMessages(t),
    formatError: sayIssues(t),
  });
}
