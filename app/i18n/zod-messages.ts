import type { TFunction } from "i18next";
import type { z } from "zod";
import { issueMessage } from "~/domain/issue-message";
import { say } from "./messages";

/**
 * zod's own messages ("Required", "Invalid input", lengths, e-mail) in the user's language, for
 * `schema.safeParse(value, { error: zodMessages(t) })` or Conform's `parseWithZod(form, { schema, error })`.
 * A message a schema writes itself wins over this map, so such messages are catalog keys that the form
 * translates when it shows them (docs/decisions/021-arabic-and-english.md).
 */
export function zodMessages(t: TFunction): z.core.$ZodErrorMap {
  return (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return issue.input === undefined || issue.input === ""
          ? t("validation:required")
          : t("validation:invalidInput");
      case "invalid_format":
        return issue.format === "email" ? t("validation:invalidEmail") : t("validation:invalidInput");
      case "too_small":
        return issue.origin === "string"
          ? t("validation:tooShort", { count: Number(issue.minimum) })
          : t("validation:tooSmall", { minimum: String(issue.minimum) });
      case "too_big":
        return issue.origin === "string"
          ? t("validation:tooLong", { count: Number(issue.maximum) })
          : t("validation:tooBig", { maximum: String(issue.maximum) });
      case "invalid_value":
        return t("validation:invalidOption");
      default:
        return t("validation:invalidInput");
    }
  };
}

/**
 * Conform's `formatError` for a schema whose codes name values (a bound, the choices, a balance): each issue said
 * in `t`'s language with its values, which a bare code on the field would lose.
 */
export function sayIssues(t: TFunction) {
  return (issues: z.core.$ZodIssue[]) => issues.map((issue) => say(t, issueMessage(issue)));
}
