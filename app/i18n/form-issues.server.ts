import type { TFunction } from "i18next";
import { issueMessage, type IssueLike } from "~/domain/issue-message";
import type { Message } from "~/domain/messages";
import { say } from "./messages";

/** The first problem of a refused small form (a zod error or a service's issues), for the error toast. */
export function firstIssueText(
  t: TFunction,
  refused: { issues: readonly (IssueLike | { message: Message | string })[] },
): string {
  const first = refused.issues[0];
  if (!first) return t("clientActions:checkForm");
  return say(t, typeof first.message === "string" ? issueMessage(first as IssueLike) : first.message);
}
