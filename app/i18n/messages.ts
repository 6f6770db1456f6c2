import type { TFunction } from "i18next";
import { isMessageCode, nameIn, type LocalName, type Message, type MessageValue } from "~/domain/messages";

function valueText(t: TFunction, value: MessageValue): string | number {
  if (typeof value !== "object") return value;
  if ("names" in value) return namesText(t, value.names);
  return "label" in value ? t(value.label) : say(t, value);
}

/** The shop's names in `t`'s language, as that language lists alternatives ("A, B or C", "أ أو ب"). */
function namesText(t: TFunction, names: readonly LocalName[]): string {
  const language = t("common:language.code");
  return new Intl.ListFormat(language, { type: "disjunction" }).format(names.map((n) => nameIn(language, n)));
}

/**
 * A service's or a rule's message in `t`'s language. A plain string is a code when it is one (a zod issue a
 * schema wrote, as a form's errors keep it: `known` gives the values the page knows, such as a bound), else a
 * text from outside the catalogs (zod's own, a person's words) shown as it is.
 */
export function say(t: TFunction, said: Message | string, known?: Record<string, string | number>): string {
  if (typeof said === "string") return isMessageCode(said) ? t(said, known) : said;
  if (!said.values) return t(said.code);
  const values = Object.fromEntries(Object.entries(said.values).map(([name, value]) => [name, valueText(t, value)]));
  return t(said.code, values);
}
