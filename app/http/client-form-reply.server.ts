import type { Submission } from "@conform-to/react";
import type { TFunction } from "i18next";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { say } from "~/i18n/messages";
import type { WriteIssue } from "~/services/client-writes.server";
import type { ClientFormReply } from "../components/clients/client-form";
import { validationFailedText } from "../components/clients/client-messages";

/**
 * The form's answer when the service refuses a client: each issue under its field (Conform's
 * reply) and a summary: a conflict's own message (the duplicate mobile names its client), the
 * docs/product-rules.md §5 purchase-date message when that is the only problem, else docs/product-rules.md §8 'Validation failed for: ...'.
 * Every message and the summary are said here in the page's language (`t`).
 */
export function clientFormFailure(
  submission: Submission<unknown>,
  refusal: { status: number; issues: WriteIssue[] },
  t: TFunction,
): ClientFormReply {
  const { status } = refusal;
  const issues = refusal.issues.map((issue) => ({ path: issue.path, message: say(t, issue.message) }));
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issue.path] ??= []).push(issue.message);
  const only = issues.length === 1 ? issues[0]!.message : null;
  // Known by its code: its text is in the page's language.
  const first = refusal.issues[0]?.message;
  const onlyPurchaseDate =
    only !== null && typeof first === "object" && first.code === MESSAGE_CODES.clientPurchaseDateRequired;
  const summary =
    status === 409 || status === 403 || onlyPurchaseDate
      ? (only ?? validationFailedText(issues, t))
      : validationFailedText(issues, t);
  return { result: submission.reply({ fieldErrors }), summary };
}
