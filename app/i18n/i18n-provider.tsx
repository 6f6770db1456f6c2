import { useMatches } from "@remix-run/react";
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  DEFAULT_NUMERALS,
  pageLocale,
  type Language,
  type Locale,
  type Numerals,
} from "~/domain/languages";
import { catalogFilesOf, i18nInstance, loadNamespaces, missingNamespaces, routeNamespaces } from "./catalogs";

/**
 * The catalog files of the namespaces the matched routes name in their `handle`, for the document's preload
 * links (docs/decisions/040-catalogs-per-route.md). In the browser, a navigation that brings a namespace or
 * a language not loaded yet suspends here: the router renders in a transition, so the old screen stays
 * until the new one has its words. The server has every catalog and never waits.
 */
export function usePageCatalogs(language: Language): string[] {
  const namespaces = routeNamespaces(useMatches().map((match) => match.handle));
  // The document's files only: later screens load their own here, and a link added then would fetch again.
  const [documentFiles] = useState(() => catalogFilesOf(language, namespaces));
  const missing = missingNamespaces(language, namespaces);
  // React's Suspense: the render is tried again once the promise settles.
  if (missing.length > 0) throw loadNamespaces(language, missing);
  return documentFiles;
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
