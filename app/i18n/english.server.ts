import type { Language } from "~/domain/languages";
import { issueMessage, type IssueLike } from "~/domain/issue-message";
import type { Message } from "~/domain/messages";
import { i18nInstance } from "./catalogs";
import { sayPlain } from "./messages";
// Loaded for what it does as it loads: it provides the bundled catalogs to ./catalogs.ts.
import "./resources.server";

/**
 * A message as the JSON API says it: in English, from the same catalogs as the pages (decision 008 keeps the
 * API English; its `{error}` texts are a contract other clients rely on).
 */
export function english(said: Message | string): string {
  return sayIn("en", said);
}

/** A message as plain text in a language with Latin digits: the JSON's English, a WhatsApp text to a client. */
export function sayIn(language: Language, said: Message | string): string {
  // The <bdi> a page's text puts around what people typed has no place in plain text.
  return sayPlain(i18nInstance({ language, numerals: "latn" }).t, said);
}

/** A zod issue's message in English. */
export function englishIssue(issue: IssueLike): string {
  return english(issueMessage(issue));
}
