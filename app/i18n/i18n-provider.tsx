import i18next from "i18next";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  DEFAULT_NUMERALS,
  isLanguage,
  pageLocale,
  type Language,
  type Locale,
  type Numerals,
} from "~/domain/languages";
import { numeralsInterpolation } from "./interpolation";

export type Catalogs = Record<string, unknown>;

/**
 * One i18next instance per language and catalogs, made from what the root loader sent (this language's
 * catalogs only), on the server for the render and in the browser for hydration: no catalog request, no
 * Suspense. Switching language revalidates the root loader, which brings the other catalogs. The digits
 * (the user's numerals, Arabic pages only) reach the catalogs' numbers and every formatter through it.
 */
export function I18nProvider({
  language,
  numerals = DEFAULT_NUMERALS,
  catalogs,
  children,
}: {
  language: Language;
  numerals?: Numerals;
  catalogs: Catalogs;
  children: ReactNode;
}) {
  const locale = useMemo(() => pageLocale(language, numerals), [language, numerals]);
  const instance = useMemo(() => {
    const i18n = i18next.createInstance();
    void i18n.init({
      lng: language,
      resources: { [language]: catalogs } as Record<string, Record<string, Record<string, unknown>>>,
      ns: Object.keys(catalogs),
      defaultNS: "common",
      fallbackLng: false,
      interpolation: numeralsInterpolation(locale.numerals),
      react: { useSuspense: false },
      initImmediate: false,
    });
    return i18n;
  }, [language, locale.numerals, catalogs]);
  return (
    <LocaleContext.Provider value={locale}>
      <I18nextProvider i18n={instance}>{children}</I18nextProvider>
    </LocaleContext.Provider>
  );
}

const LocaleContext = createContext<Locale>(pageLocale(DEFAULT_LANGUAGE));

/**
 * The page's language and digits, for what a component formats itself (dates, counts, amounts):
 * `formatAed(fils, usePageLocale())`. Identifiers (mobiles, Emirates IDs, codes) are never formatted with it.
 */
export function usePageLocale(): Locale {
  return useContext(LocaleContext);
}

/** The page's language, for what a component writes itself rather than from a catalog (dates, client names). */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
