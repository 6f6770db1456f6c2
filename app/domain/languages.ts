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
 * The digits numbers are written in: Western (`latn`, the default in both languages, the digits of the shop's
 * receipts and phones) or Arabic-Indic (`arab`, ٠١٢…), a user's choice on Profile that only Arabic pages follow.
 */
export const NUMERALS = ["latn", "arab"] as const;
export type Numerals = (typeof NUMERALS)[number];
export const DEFAULT_NUMERALS: Numerals = "latn";

export function isNumerals(value: unknown): value is Numerals {
  return typeof value === "string" && (NUMERALS as readonly string[]).includes(value);
}

/**
 * What a screen writes dates, counts and amounts in: its language and its digits. Formatters take a Locale
 * or a bare Language (Western digits), so texts that must stay Western (the API, files) need no argument.
 */
export type Locale = { readonly language: Language; readonly numerals: Numerals };

/** The page's locale: Arabic-Indic digits only on an Arabic page; an English page ignores the preference. */
export function pageLocale(language: Language, preferred: unknown = null): Locale {
  return { language, numerals: language === "ar" && isNumerals(preferred) ? preferred : DEFAULT_NUMERALS };
}

/** What a formatter reads: a bare Language is Western digits, and English is Western whatever it is given. */
export function localeOf(locale: Language | Locale): Locale {
  if (typeof locale === "string") return pageLocale(locale);
  // A page's own locale (the usual case) as it is: a 500-row page formats some 2,000 dates and amounts.
  if (locale.numerals === DEFAULT_NUMERALS || (locale.language === "ar" && isNumerals(locale.numerals))) return locale;
  return pageLocale(locale.language, locale.numerals);
}

/**
 * The BCP 47 locale for Intl: British English (day before month, as the shop writes dates) and UAE
 * Arabic with Western digits (`-u-nu-latn`), or Arabic-Indic ones (`-u-nu-arab`) when the user chose them.
 */
export function intlLocale(locale: Language | Locale): string {
  const { language, numerals } = localeOf(locale);
  return language === "ar" ? `ar-AE-u-nu-${numerals}` : "en-GB";
}
