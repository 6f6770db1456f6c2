import type { Submission } from "@conform-to/react";
import { CLIENT_MESSAGES, validationFailedMessage, type ClientInputIssue } from "~/domain/client-input";
import type { ClientFormReply } from "../components/clients/client-form";

/**
 * The form's answer when the service refuses a client: each issue under its field (Conform's
 * reply) and a summary: a conflict's own message (the duplicate mobile names its client), the
 * docs/product-rules.md §5 purchase-date message when that is the only problem, else docs/product-rules.md §8 'Validation failed for: ...'.
 */
export function clientFormFailure(
  submission: Submission<unknown>,
  refusal: { status: number; issues: ClientInputIssue[] },
): ClientFormReply {
  const { status, issues } = refusal;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issue.path] ??= []).push(issue.message);
  const only = issues.length === 1 ? issues[0]!.message : null;
  const summary =
    status === 409 || status === 403 || only === CLIENT_MESSAGES.purchaseDateRequired
      ? (only ?? validationFailedMessage(issues))
      : validationFailedMessage(issues);
  return { result: submission.reply({ fieldErrors }), summary };
}
