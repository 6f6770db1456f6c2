import type { Language } from "~/domain/languages";

/** One language's catalogs, by namespace. */
export type Catalogs = Record<string, unknown>;

/**
 * A page's catalogs travel as a data block in its document, written once per language and process, not as
 * loader data (docs/decisions/025-catalogs-out-of-loader-data.md). Each language's namespaces are also one
 * module (app/locales/en.ts, ar.ts) that a browser fetches, as a fingerprinted chunk, only when a navigation
 * brings the other language.
 */
const modules: Record<Language, () => Promise<{ default: Catalogs }>> = {
  en: () => import("~/locales/en"),
  ar: () => import("~/locales/ar"),
};

const loaded = new Map<Language, Catalogs>();
const dataBlocks = new Map<Language, string>();

/** The `<script type="application/json">` in every document that holds its language's catalogs. */
export const PAGE_CATALOGS_ID = "page-catalogs";

/** The document's own catalogs, read by entry.client from its data block before hydrating. */
export function provideCatalogs(language: Language, dataBlock: string): void {
  loaded.set(language, JSON.parse(dataBlock) as Catalogs);
  // Hydration renders the block again: the text the document has, not a second serialisation.
  dataBlocks.set(language, dataBlock);
}

/**
 * Makes a language's catalogs available to `catalogsOf`: by entry.server for every document, and by the
 * root's clientLoader when a navigation brings a language the document did not carry.
 */
export async function loadCatalogs(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, (await modules[language]()).default);
}

/** A loaded language's catalogs, or undefined when they have not been provided or loaded. */
export function catalogsOf(language: Language): Catalogs | undefined {
  return loaded.get(language);
}

/**
 * A language's catalogs as the document's data block, serialised once: `<` is escaped so no text in a
 * catalog can close the script element.
 */
export function catalogsDataBlock(language: Language): string {
  let block = dataBlocks.get(language);
  if (block === undefined) {
    block = JSON.stringify(catalogsOf(language) ?? {}).replace(/</g, "\\u003c");
    if (catalogsOf(language)) dataBlocks.set(language, block);
  }
  return block;
}
