import { createContext, useContext, useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  DEFAULT_NUMERALS,
  pageLocale,
  type Language,
  type Locale,
  type Numerals,
} from "~/domain/languages";
import { i18nInstance } from "./catalogs";

/** The page's translations and digits (the user's numerals, Arabic pages only) for everything below it. */
export function I18nProvider({
  language,
  numerals = DEFAULT_NUMERALS,
  children,
}: {
  language: Language;
  numerals?: Numerals;
  children: ReactNode;
}) {
  const locale = useMemo(() => pageLocale(language, numerals), [language, numerals]);
  return (
    <LocaleContext.Provider value={locale}>
      <I18nextProvider i18n={i18nInstance(locale)}>{children}</I18nextProvider>
    </LocaleContext.Provider>
  );
}

const LocaleContext = createContext<Locale>(pageLocale(DEFAULT_LANGUAGE));

/**
 * The page's language and digits, for what a component formats or writes itself (dates, counts, amounts,
 * the name it shows): `usePageLocale().language` where only the language matters, or
 * `formatAed(fils, usePageLocale())`. Identifiers (mobiles, Emirates IDs, codes) are never formatted with it.
 */
export function usePageLocale(): Locale {
  return useContext(LocaleContext);
}
