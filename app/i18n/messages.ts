import type { TFunction } from "i18next";
import { isMessageCode, type Message, type MessageValue } from "~/domain/messages";

function valueText(t: TFunction, value: MessageValue): string | number {
  if (typeof value !== "object") return value;
  return "label" in value ? t(value.label) : say(t, value);
}

/**
 * A service's or a rule's message in `t`'s language. A plain string is a code when it is one (a zod issue a
 * schema wrote), else a text from outside the catalogs (zod's own, a person's words) shown as it is.
 */
export function say(t: TFunction, said: Message | string): string {
  if (typeof said === "string") return isMessageCode(said) ? t(said) : said;
  if (!said.values) return t(said.code);
  const values = Object.fromEntries(Object.entries(said.values).map(([name, value]) => [name, valueText(t, value)]));
  return t(said.code, values);
}
