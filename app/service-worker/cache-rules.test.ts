import { SingleFetchRedirectSymbol, encodeViaTurboStream } from "@remix-run/server-runtime/dist/single-fetch.js";
import { describe, expect, it } from "vitest";
import {
  OFFLINE_PAGE,
  classifyRequest,
  documentUrlForData,
  isObsoleteCache,
  offlineReloadBody,
  precacheList,
  staticCacheName,
} from "./cache-rules";

const origin = "https://crm.example";
const buildFiles = [
  "/assets/root-Ab12.js",
  "/assets/tailwind-Cd34.css",
  "/favicon.svg",
  "/icons/icon-192.png",
  OFFLINE_PAGE,
];
const staticFiles = new Set(precacheList(buildFiles));

function kind(
  path: string,
  { method = "GET", mode = "cors", host = origin }: { method?: string; mode?: RequestMode; host?: string } = {},
) {
  return classifyRequest({ method, mode, url: new URL(path, host), origin, staticFiles });
}

describe("which requests the worker may cache", () => {
  it("serves this build's bundles and public files cache-first", () => {
    expect(kind("/assets/root-Ab12.js")).toBe("static");
    expect(kind("/icons/icon-192.png")).toBe("static");
    expect(kind(OFFLINE_PAGE)).toBe("static");
  });

  it("never caches pages, Remix data, the API or unknown files", () => {
    expect(kind("/customers", { mode: "navigate" })).toBe("navigation");
    expect(kind("/customers.data?_routes=routes%2F_app.customers")).toBe("data");
    expect(kind("/api/clients")).toBe("network");
    expect(kind("/api/clients", { method: "POST" })).toBe("network");
    expect(kind("/manifest.webmanifest")).toBe("network");
    expect(kind("/assets/root-OLD.js")).toBe("network");
  });

  it("treats a form post (no JavaScript) as a navigation and sign-out specially", () => {
    expect(kind("/customers", { method: "POST", mode: "navigate" })).toBe("navigation");
    expect(kind("/logout", { method: "POST", mode: "navigate" })).toBe("sign-out");
    expect(kind("/logout.data", { method: "POST" })).toBe("sign-out");
  });

  it("leaves other origins alone", () => {
    expect(kind("/anything", { host: "https://wa.me" })).toBe("foreign");
  });
});

describe("cache versions", () => {
  it("precaches the offline page but not the worker or source maps", () => {
    const list = precacheList(["/assets/a-1.js", "/assets/a-1.js.map", "/entry.worker.js"]);
    expect(list).toEqual(["/assets/a-1.js", OFFLINE_PAGE]);
  });

  it("names each build's cache after its files, whatever their order", () => {
    const name = staticCacheName(buildFiles);
    expect(name).toMatch(/^jewel-crm-static-[0-9a-z]+$/);
    expect(staticCacheName([...buildFiles].reverse())).toBe(name);
    expect(staticCacheName(["/assets/root-Ef56.js", ...buildFiles.slice(1)])).not.toBe(name);
  });

  it("removes the app's caches of other builds only", () => {
    const current = staticCacheName(buildFiles);
    expect(isObsoleteCache(current, current)).toBe(false);
    expect(isObsoleteCache("jewel-crm-static-old", current)).toBe(true);
    expect(isObsoleteCache("some-other-library", current)).toBe(false);
  });
});

describe("offline client-side navigation", () => {
  it("maps a data request back to its page address", () => {
    expect(documentUrlForData(new URL("/customers.data?q=ali&_routes=routes%2F_app.customers", origin))).toBe(
      "/customers?q=ali",
    );
    expect(documentUrlForData(new URL("/_root.data", origin))).toBe("/");
    expect(documentUrlForData(new URL("/customers/new.data?index", origin))).toBe("/customers/new");
  });

  // The worker writes Remix's wire format by hand; this pins it to what Remix itself encodes.
  async function remixEncoding(value: unknown) {
    return new Response(encodeViaTurboStream(value, new AbortController().signal, 1_000, "production" as never)).text();
  }
  const redirect = { redirect: "/customers?q=ali", status: 302, revalidate: false, reload: true, replace: false };
  const dataUrl = new URL("/customers.data?q=ali&_routes=x", origin);

  it("answers a loader request with Remix's reload-document redirect", async () => {
    expect(offlineReloadBody(dataUrl, "GET")).toBe(await remixEncoding({ [SingleFetchRedirectSymbol]: redirect }));
  });

  it("answers an action request with Remix's reload-document redirect", async () => {
    expect(offlineReloadBody(dataUrl, "POST")).toBe(await remixEncoding(redirect));
  });
});
