import i18next from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";

export type Catalogs = Record<string, unknown>;

/**
 * One i18next instance per language and catalogs, made from what the root loader sent (this language's
 * catalogs only), on the server for the render and in the browser for hydration: no catalog request, no
 * Suspense. Switching language revalidates the root loader, which brings the other catalogs.
 */
export function I18nProvider({
  language,
  catalogs,
  children,
}: {
  language: Language;
  catalogs: Catalogs;
  children: ReactNode;
}) {
  const instance = useMemo(() => {
    const i18n = i18next.createInstance();
    void i18n.init({
      lng: language,
      resources: { [language]: catalogs } as Record<string, Record<string, Record<string, unknown>>>,
      ns: Object.keys(catalogs),
      defaultNS: "common",
      fallbackLng: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      initImmediate: false,
    });
    return i18n;
  }, [language, catalogs]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/** The page's language, for what a component writes itself rather than from a catalog (dates, client names). */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
