/**
 * The screens' languages (docs/decisions/021-arabic-and-english.md). English is the fallback and the
 * language of the spec's fixed texts; Arabic is written right to left.
 */
export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/** The switch names each language in itself, so a reader of either finds the way back. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ar: "العربية" };

/**
 * The BCP 47 locale for Intl: British English (day before month, as the shop writes dates) and UAE
 * Arabic with Western digits (`-u-nu-latn`), the digits the shop's receipts and phones use.
 */
export function intlLocale(language: Language): string {
  return language === "ar" ? "ar-AE-u-nu-latn" : "en-GB";
}
