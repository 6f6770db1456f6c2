import type { TFunction } from "i18next";
import type { Language, Locale } from "~/domain/languages";
import { isCatalogKey, nameIn, type Message, type MessageValue } from "~/domain/messages";
import { formatCount } from "~/domain/display-labels";
import { formatAed, parseAedToFils } from "~/domain/money";

function valueText(t: TFunction, value: MessageValue, locale?: Locale): string | number {
  if (typeof value !== "object") return value;
  if ("names" in value)
    return alternatives(
      t,
      value.names.map((row) => nameIn(languageOf(t), row)),
    );
  if ("labels" in value) {
    const labels = value.labels.map((key) => t(key));
    return value.separator ? labels.join(t(value.separator)) : alternatives(t, labels);
  }
  if ("aed" in value) return formatAed(parseAedToFils(value.aed) ?? 0n, locale ?? languageOf(t));
  if ("count" in value) return formatCount(value.count, locale ?? languageOf(t));
  return "label" in value ? t(value.label) : say(t, value, undefined, locale);
}

const languageOf = (t: TFunction): Language => (t("common:language.code") === "ar" ? "ar" : "en");

/**
 * A message's values in `t`'s language, for a page that renders the text itself (`<Trans>`, whose tags
 * mark what people typed); `locale` writes amounts in the page's digits.
 */
export function sayValues(t: TFunction, said: Message, locale?: Locale): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(said.values ?? {}).map(([name, value]) => [name, valueText(t, value, locale)]),
  );
}

/** Names in `t`'s language, listed as that language lists alternatives ("A, B, or C", "أ أو ب"). */
function alternatives(t: TFunction, names: readonly string[]): string {
  return new Intl.ListFormat(languageOf(t), { type: "disjunction" }).format(names);
}

/**
 * A service's or a rule's message in `t`'s language. A plain string is a code when it is one (a zod issue a
 * schema wrote, as a form's errors keep it: `known` gives the values the page knows, such as a bound), else a
 * text from outside the catalogs (zod's own, a person's words) shown as it is.
 */
export function say(
  t: TFunction,
  said: Message | string,
  known?: Record<string, string | number>,
  locale?: Locale,
): string {
  // A key-shaped text the catalogs lack is shown as it is, as any other text.
  if (typeof said === "string") return isCatalogKey(said) ? t(said, { ...known, defaultValue: said }) : said;
  if (!said.values) return t(said.code);
  return t(said.code, sayValues(t, said, locale));
}

/** A Conform field's first error in `t`'s language ("" for none), for the shared Field's error slot. */
export function sayFieldError(t: TFunction, errors: string[] | undefined, known?: Record<string, string | number>) {
  const first = errors?.[0];
  return first === undefined ? "" : say(t, first, known);
}

/** A message as plain text (a toast, a spreadsheet cell): the <bdi> that isolates typed text on a page left out. */
export function sayPlain(t: TFunction, said: Message | string, locale?: Locale): string {
  return say(t, said, undefined, locale).replace(/<\/?bdi>/g, "");
}
