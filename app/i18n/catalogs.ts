import i18next from "i18next";
import type { Language, Locale } from "~/domain/languages";
import { numeralsInterpolation } from "./interpolation";

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

/**
 * Catalogs already at hand: the server's, bundled (resources.server.ts), and in the browser the document's
 * own, read by entry.client from its data block before hydrating. That block is kept too: hydration renders
 * it again, from the text the document has rather than a second serialisation.
 */
export function provideCatalogs(language: Language, catalogs: Catalogs, dataBlock?: string): void {
  loaded.set(language, catalogs);
  if (dataBlock !== undefined) dataBlocks.set(language, dataBlock);
}

/** Makes a language's catalogs available to `catalogsOf` when a navigation brings a language the document did not carry. */
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
  const kept = dataBlocks.get(language);
  if (kept !== undefined) return kept;
  const catalogs = catalogsOf(language);
  const block = JSON.stringify(catalogs ?? {}).replace(/</g, "\\u003c");
  if (catalogs) dataBlocks.set(language, block);
  return block;
}

const instances = new Map<string, typeof i18next>();

/**
 * One i18next instance per language and digits, made once from that language's catalogs and kept: the pages
 * (I18nProvider) and the server's own texts (i18n.server.ts) share it, on the server for every request.
 * `t` is all they ask of it, and `t` does not change an instance. Catalogs not yet provided or loaded (never
 * expected) give an instance of keys, which is not kept.
 */
export function i18nInstance(locale: Locale): typeof i18next {
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
  if (catalogs) instances.set(key, keepingPlainTexts(instance));
  return instance;
}

/** Several times the catalogs' keys: texts asked for by keys made at run time cannot grow it without end. */
const MAX_KEPT_TEXTS = 10_000;

/** What a fixed `t` (react-i18next's, fixedT) passes on every call; a call with any other option is its own. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

function isPlainAsk(options: unknown): options is { lng?: unknown; ns?: unknown; keyPrefix?: unknown } {
  if (options === undefined) return true;
  if (typeof options !== "object" || options === null) return false;
  for (const name in options) if (!FIXED_T_OPTIONS.has(name)) return false;
  return true;
}

/**
 * The instance's `t`, keeping the text of each key asked for with no options of its own (no count, no
 * values): i18next resolves every call through namespaces, plurals, context and nesting, some 3 µs, and a
 * page asks for a few hundred texts, the same ones on every render (0.8 ms of a kept client book page on the
 * server). An instance's catalogs never change, so neither do those texts; a call with values is translated.
 */
function keepingPlainTexts(instance: typeof i18next): typeof i18next {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const texts = new Map<string, unknown>();
  const t = (key: unknown, options?: unknown) => {
    if (typeof key !== "string" || !isPlainAsk(options)) return translate(key, options);
    const id = `${String(options?.lng)} ${String(options?.ns)} ${String(options?.keyPrefix)} ${key}`;
    if (texts.has(id)) return texts.get(id);
    const text = translate(key, options);
    if (texts.size < MAX_KEPT_TEXTS) texts.set(id, text);
    return text;
  };
  instance.t = t as typeof instance.t;
  return instance;
}
