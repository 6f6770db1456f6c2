import type { Language } from "~/domain/languages";

/** One language's catalogs, by namespace. */
export type Catalogs = Record<string, unknown>;

/**
 * Each language's catalogs are one module (app/locales/en.ts, ar.ts), so the client build makes each one
 * fingerprinted asset: a page's document carries no catalog, and a browser fetches a language's once and
 * keeps it (docs/decisions/025-catalogs-as-assets.md). The server build loads them the same way, once.
 */
const modules: Record<Language, () => Promise<{ default: Catalogs }>> = {
  en: () => import("~/locales/en"),
  ar: () => import("~/locales/ar"),
};

const loaded = new Map<Language, Catalogs>();

/**
 * Makes a language's catalogs available to `catalogsOf`. Awaited before anything renders in that
 * language: by entry.server for every document, by entry.client before hydrating, and by the root's
 * clientLoader when a navigation brings a new language.
 */
export async function loadCatalogs(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, (await modules[language]()).default);
}

/** A loaded language's catalogs, or undefined when `loadCatalogs` has not finished for it. */
export function catalogsOf(language: Language): Catalogs | undefined {
  return loaded.get(language);
}
