import i18next from "i18next";
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
import { catalogsOf } from "./catalogs";
import { numeralsInterpolation } from "./interpolation";

/**
 * One i18next instance per language and digits, made once from that language's loaded catalogs and kept
 * (./catalogs.ts): on the server every request in a locale shares it, in the browser a language switch
 * finds it again. `t` is all the pages ask of it, and `t` does not change an instance. Catalogs not yet
 * loaded (never expected: see loadCatalogs) give an instance of keys, which is not kept.
 */
const instances = new Map<string, typeof i18next>();

function instanceFor(locale: Locale) {
  const key = `${locale.language}-${locale.numerals}`;
  const kept = instances.get(key);
  if (kept) return kept;
  const catalogs = catalogsOf(locale.language);
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale.language,
    resources: { [locale.language]: (catalogs ?? {}) as Record<string, Record<string, unknown>> },
    ns: Object.keys(catalogs ?? {}),
    defaultNS: "common",
    fallbackLng: false,
    interpolation: numeralsInterpolation(locale.numerals),
    react: { useSuspense: false },
    initImmediate: false,
  });
  if (catalogs) instances.set(key, instance);
  return instance;
}

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
      <I18nextProvider i18n={instanceFor(locale)}>{children}</I18nextProvider>
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
