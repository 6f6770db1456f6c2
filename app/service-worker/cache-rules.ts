// What the service worker may keep and how it answers each request. Pure, so it is unit-tested;
// app/entry.worker.ts applies it. The worker is bundled without the app's "~" alias, so this file
// imports nothing.

/** Every cache this app creates starts with this, so sign-out and upgrades find them all. */
export const CACHE_PREFIX = "jewel-crm-";
/** The page a navigation falls back to when the network is unreachable (public/offline.html). */
export const OFFLINE_PAGE = "/offline.html";

/**
 * How the worker treats a request:
 * - static: cache-first from the versioned static cache (files of this build only);
 * - navigation: network only, the offline page when the network fails; never cached, because
 *   every signed-in page holds client data;
 * - data: Remix's `.data` requests, network only; offline they ask Remix to reload the document;
 * - sign-out: network, and every cache of the app is cleared;
 * - network: anything else of ours (the /api routes, the manifest, exports), never cached;
 * - foreign: other origins, left alone.
 */
export type RequestKind = "static" | "navigation" | "data" | "sign-out" | "network" | "foreign";

type RequestFacts = { method: string; mode: RequestMode; url: URL; origin: string; staticFiles: ReadonlySet<string> };

const SIGN_OUT_PATHS = new Set(["/logout", "/logout.data"]);

export function classifyRequest({ method, mode, url, origin, staticFiles }: RequestFacts): RequestKind {
  if (url.origin !== origin) return "foreign";
  if (method === "POST" && SIGN_OUT_PATHS.has(url.pathname)) return "sign-out";
  if (mode === "navigate") return "navigation";
  if (url.pathname.endsWith(".data")) return "data";
  if (url.pathname.startsWith("/api/")) return "network";
  if (method === "GET" && staticFiles.has(url.pathname)) return "static";
  return "network";
}

/**
 * The build's files the worker precaches: the versioned bundles under /assets plus the public
 * files (icons, offline page). The worker script itself and source maps stay out.
 */
export function precacheList(buildFiles: readonly string[]): string[] {
  const files = buildFiles.filter((file) => !file.endsWith(".map") && file !== "/entry.worker.js");
  return files.includes(OFFLINE_PAGE) ? files : [...files, OFFLINE_PAGE];
}

/** A short stable hash (FNV-1a) of the file list: bundle names carry content hashes, so a new build changes it. */
function fingerprint(files: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of [...files].sort().join("\n")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The static cache of one build; each build gets its own name so an upgrade never mixes files. */
export function staticCacheName(buildFiles: readonly string[]): string {
  return `${CACHE_PREFIX}static-${fingerprint(precacheList(buildFiles))}`;
}

/** Caches an activating version removes: the app's caches of other builds (other origins' data is never ours). */
export function isObsoleteCache(name: string, currentStaticCache: string): boolean {
  return name.startsWith(CACHE_PREFIX) && name !== currentStaticCache;
}

/** The page address a Remix `.data` request was made for (`/customers.data?_routes=…` → `/customers`). */
export function documentUrlForData(url: URL): string {
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The body of a Remix single-fetch redirect with `reloadDocument`, in its turbo-stream encoding
 * (what `redirectDocument()` sends). Offline, a client-side navigation gets this instead of a
 * network error, so the browser loads the page as a document and the worker shows the offline page.
 * Loader requests carry the redirect under the SingleFetchRedirect key; actions carry it bare.
 */
export function offlineReloadBody(url: URL, method: string): string {
  const target = JSON.stringify(documentUrlForData(url));
  const fields = `"redirect",${target},"status",302,"revalidate",false,"reload",true,"replace"`;
  return method === "GET"
    ? `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},${fields}]\n`
    : `[{"_1":2,"_3":4,"_5":6,"_7":8,"_9":6},${fields}]\n`;
}
