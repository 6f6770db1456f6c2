import i18next from "i18next";
import { LANGUAGES, type Language, type Locale } from "~/domain/languages";
import type english from "~/locales/en";
import { numeralsInterpolation } from "./interpolation";

/** A catalog file's name: app/locales/<language>/<namespace>.json. */
export type Namespace = keyof typeof english;

/** One language's catalogs, by namespace. */
export type Catalogs = Record<string, unknown>;

/**
 * What a route module exports as `handle` to name the namespaces its screen uses (the root adds "common"),
 * remix-i18next's convention. The browser loads just those (docs/decisions/040-catalogs-per-route.md).
 */
export type CatalogsHandle = { readonly i18n: readonly Namespace[] };

/**
 * Every catalog file's address in the browser: the build copies each JSON file to /assets under a name with
 * its content's hash (served for a year, server.mjs), never inlined into a script however small it is.
 */
const catalogFiles: Record<string, string> = catalogFileUrls();

function catalogFileUrls(): Record<string, string> {
  try {
    return import.meta.glob<string>("../locales/*/*.json", { query: "?url&no-inline", import: "default", eager: true });
  } catch {
    // Only Vite (the build, the dev server, vitest) rewrites import.meta.glob. The bench runs route modules
    // through tsx, in process, where there is no browser to send a file to.
    return {};
  }
}

function catalogFile(language: Language, namespace: string): string | undefined {
  return catalogFiles[`../locales/${language}/${namespace}.json`];
}

/** The addresses of a language's catalog files, for the document's preload links. */
export function catalogFilesOf(language: Language, namespaces: readonly Namespace[]): string[] {
  return namespaces.flatMap((namespace) => catalogFile(language, namespace) ?? []);
}

/** The namespaces the matched routes name in their `handle`, "common" first, each once and known. */
export function routeNamespaces(handles: readonly unknown[]): Namespace[] {
  const names = new Set<string>(["common"]);
  for (const handle of handles) {
    const i18n: unknown = (handle as { i18n?: unknown } | undefined)?.i18n;
    if (Array.isArray(i18n)) for (const name of i18n as unknown[]) if (typeof name === "string") names.add(name);
  }
  return [...names].filter((name): name is Namespace => catalogFile(LANGUAGES[0], name) !== undefined);
}

const loaded = new Map<Language, Catalogs>();

/**
 * The server's catalogs, every namespace of a language, bundled (resources.server.ts): a server render
 * never waits for one.
 */
export function provideCatalogs(language: Language, catalogs: Catalogs): void {
  loaded.set(language, { ...loaded.get(language), ...catalogs });
}

/** A loaded language's catalogs (in the browser, the namespaces loaded so far), or undefined. */
export function catalogsOf(language: Language): Catalogs | undefined {
  return loaded.get(language);
}

/** The namespaces of the list not loaded yet; one that failed to load counts as loaded, so a page never waits on it again. */
export function missingNamespaces(language: Language, namespaces: readonly string[]): string[] {
  return namespaces.filter(
    (namespace) => !loaded.get(language)?.[namespace] && !failed.has(`${language}/${namespace}`),
  );
}

const loading = new Map<string, Promise<void>>();
const failed = new Set<string>();

/**
 * Loads namespaces of a language in the browser, each file once: before hydrating (entry.client.tsx, the
 * files the document preloads) and before a navigation's new screen renders (usePageCatalogs suspends on
 * it). A file that cannot be fetched leaves its keys showing, and the next full load tries again.
 */
export function loadNamespaces(language: Language, namespaces: readonly string[]): Promise<void> {
  const files = missingNamespaces(language, namespaces).map((namespace) => {
    const id = `${language}/${namespace}`;
    let file = loading.get(id);
    if (!file) {
      file = fetchCatalog(language, namespace).catch((error: unknown) => {
        failed.add(id);
        console.error(`Catalog ${id} could not be loaded`, error);
      });
      loading.set(id, file);
    }
    return file;
  });
  return Promise.all(files).then(() => undefined);
}

async function fetchCatalog(language: Language, namespace: string): Promise<void> {
  const url = catalogFile(language, namespace);
  if (!url) throw new Error("no such catalog");
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const texts: unknown = await response.json();
  loaded.set(language, { ...loaded.get(language), [namespace]: texts });
  for (const [key, instance] of instances)
    if (key.startsWith(`${language}-`)) instance.addResourceBundle(language, namespace, texts);
}

const instances = new Map<string, typeof i18next>();

/**
 * One i18next instance per language and digits, made from that language's catalogs and kept: the pages
 * (I18nProvider) and the server's own texts (i18n.server.ts) share it, on the server for every request.
 * `t` is all they ask of it; in the browser a namespace loaded later is added to it. No catalogs at all
 * (never expected) give an instance of keys, which is not kept.
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
    // A namespace that arrives after the first render (awaitsNamespace) renders its texts.
    react: { useSuspense: false, bindI18nStore: "added" },
    initImmediate: false,
  });
  if (catalogs) instances.set(key, keepingPlainTexts(instance, locale.language));
  return instance;
}

/**
 * In the browser, whether a key's namespace is still missing: no route of the page names it in its
 * `handle`. It is loaded now and its texts replace the keys as it arrives; the warning says which
 * namespace a route should name (docs/decisions/040-catalogs-per-route.md).
 */
function awaitsNamespace(language: Language, key: string, options: unknown): boolean {
  if (typeof document === "undefined") return false;
  const ns = (options as { ns?: unknown } | undefined)?.ns;
  const namespace = key.includes(":") ? key.slice(0, key.indexOf(":")) : typeof ns === "string" ? ns : "common";
  if (!catalogFile(language, namespace) || missingNamespaces(language, [namespace]).length === 0) return false;
  if (!loading.has(`${language}/${namespace}`))
    console.warn(`"${key}" is in the ${namespace} catalog, which no route of this page names in its handle`);
  void loadNamespaces(language, [namespace]);
  return true;
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
 * server). A text never changes once found (a namespace added later brings only keys not found before);
 * a call with values is translated.
 */
function keepingPlainTexts(instance: typeof i18next, language: Language): typeof i18next {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const texts = new Map<string, unknown>();
  const t = (key: unknown, options?: unknown) => {
    const plain = typeof key === "string" && isPlainAsk(options);
    const id = plain ? `${String(options?.lng)} ${String(options?.ns)} ${String(options?.keyPrefix)} ${key}` : "";
    if (plain && texts.has(id)) return texts.get(id);
    // A text is not kept while its namespace is on its way.
    const waiting = typeof key === "string" && awaitsNamespace(language, key, options);
    const text = translate(key, options);
    if (plain && !waiting && texts.size < MAX_KEPT_TEXTS) texts.set(id, text);
    return text;
  };
  instance.t = t as typeof instance.t;
  return instance;
}
