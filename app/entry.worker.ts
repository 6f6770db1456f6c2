// The service worker, built by @remix-pwa/dev into <build>/client/entry.worker.js and run by
// @remix-pwa/worker-runtime, which hands every request to `defaultFetchHandler` below.
// Rules (app/service-worker/cache-rules.ts): only this build's static files are cached; pages,
// Remix data and /api responses never are, because they hold client data and phones are shared.
import { CacheFirst, type DefaultFetchHandler } from "@remix-pwa/sw";
import {
  CACHE_PREFIX,
  OFFLINE_PAGE,
  classifyRequest,
  isObsoleteCache,
  offlineReloadBody,
  precacheList,
  staticCacheName,
} from "./service-worker/cache-rules";

// The project compiles against the DOM library; these are the worker-only parts used here.
type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void };
type ExtendableMessageEvent = ExtendableEvent & { data: unknown };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
  /** The build's client files, published by @remix-pwa/worker-runtime. */
  __workerManifest: { assets: string[] };
};
declare const self: WorkerScope;

// The runtime publishes the build's files after this module has loaded, so read them lazily.
let build: { files: string[]; staticCache: string; staticFiles: Set<string>; cacheFirst: CacheFirst } | undefined;
function currentBuild() {
  if (!build) {
    const buildFiles = self.__workerManifest.assets;
    const staticCache = staticCacheName(buildFiles);
    const files = precacheList(buildFiles);
    build = {
      files,
      staticCache,
      staticFiles: new Set(files),
      cacheFirst: new CacheFirst(staticCache, {
        // Room for every bundle of a build; a failed or partial response is never kept.
        maxEntries: 1000,
        maxAgeSeconds: 60 * 60 * 24 * 365,
        cacheableResponse: { statuses: [200] },
      }),
    };
  }
  return build;
}

// Cache work runs one job at a time, so a sign-out's clearing cannot interleave with a refill.
let cacheWork: Promise<unknown> = Promise.resolve();
function serially(job: () => Promise<unknown>): Promise<unknown> {
  cacheWork = cacheWork.then(job, job);
  return cacheWork;
}

// Bundles under /assets have content hashes in their names, so the HTTP cache may serve them;
// the public files (offline page, icons) are revalidated. No cookies: none of it is per user.
function precacheRequest(path: string) {
  return new Request(path, { credentials: "omit", cache: path.startsWith("/assets/") ? "default" : "no-cache" });
}

async function precache() {
  const { staticCache, files } = currentBuild();
  const cache = await caches.open(staticCache);
  await cache.addAll(files.map(precacheRequest));
}

/** After sign-out cleared everything, the next page or data request puts the offline page back. */
async function restoreOfflinePage() {
  const cache = await caches.open(currentBuild().staticCache);
  if (!(await cache.match(OFFLINE_PAGE))) await cache.add(precacheRequest(OFFLINE_PAGE));
}

async function clearAppCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => caches.delete(name)));
}

async function deleteObsoleteCaches() {
  const current = currentBuild().staticCache;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => isObsoleteCache(name, current)).map((name) => caches.delete(name)));
}

self.addEventListener("install", (event) => {
  // A first install activates at once; an update waits until the page offers 'Reload to update'.
  event.waitUntil(serially(precache));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(serially(deleteObsoleteCaches).then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === "SKIP_WAITING") event.waitUntil(self.skipWaiting());
  if (type === "CLEAR_CACHES") event.waitUntil(serially(clearAppCaches));
});

async function offlinePage(): Promise<Response> {
  const cached = await caches.match(OFFLINE_PAGE);
  return (
    cached ??
    new Response(
      "You are offline — the client book needs a connection.\nأنت غير متصل بالإنترنت — يحتاج سجل العملاء إلى اتصال.",
      {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      },
    )
  );
}

export const defaultFetchHandler: DefaultFetchHandler = async ({ request, context }) => {
  const url = new URL(request.url);
  const event = context.event as unknown as ExtendableEvent;
  const kind = classifyRequest({
    method: request.method,
    mode: request.mode,
    url,
    origin: self.location.origin,
    staticFiles: currentBuild().staticFiles,
  });
  if (kind === "static") return currentBuild().cacheFirst.handleRequest(request);
  if (kind === "network" || kind === "foreign") return fetch(request);
  // Pages and Remix data: network only, never stored.
  if (kind === "sign-out") event.waitUntil(serially(clearAppCaches));
  try {
    const response = await fetch(request);
    event.waitUntil(serially(restoreOfflinePage).catch(() => undefined));
    return response;
  } catch {
    if (request.mode === "navigate") return offlinePage();
    return new Response(offlineReloadBody(url, request.method), {
      status: 202,
      headers: { "Content-Type": "text/x-script" },
    });
  }
};
