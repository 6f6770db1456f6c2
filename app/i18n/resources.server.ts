import type { Language } from "~/domain/languages";
import ar from "~/locales/ar";
import en from "~/locales/en";

/**
 * Every catalog, bundled into the server build for the texts loaders and actions make themselves
 * (i18n.server.ts): choosing a language reads no file. Pages get theirs through ./catalogs.ts.
 */
export const RESOURCES = { en, ar } satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof typeof en;
