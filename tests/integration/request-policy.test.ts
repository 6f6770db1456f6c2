// The per-request policy server.mjs installs (server/http-policy.mjs), run on a real Express app on
// a free loopback port: which address the app sees, when it counts as HTTPS, the CSP nonce and the
// default Cache-Control.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isHttps } from "~/http/request-address";
import { createUserSession } from "~/auth/session.server";
import { createUser } from "../support/factories";
import {
  contentSecurityPolicy,
  insecureCookieWarning,
  installRequestPolicy,
  parseTrustProxy,
} from "../../server/http-policy.mjs";

type Seen = { ip: string | undefined; https: string | undefined; nonce: unknown };

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** An app with the policy and two routes: one reporting what the app would see, one setting its own caching. */
async function startApp(env: Record<string, string | undefined>) {
  const app = express();
  installRequestPolicy(app, env);
  app.get("/manifest.webmanifest", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").json({});
  });
  app.get("/api/ping", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").json({ ok: true });
  });
  app.get(/.*/, (req, res) => {
    const seen: Seen = {
      ip: req.headers["x-remix-client-ip"] as string | undefined,
      https: req.headers["x-remix-https"] as string | undefined,
      nonce: res.locals.cspNonce,
    };
    res.json(seen);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    return { response, seen: (await response.json()) as Seen };
  };
}

describe("TRUST_PROXY", () => {
  it("reads Express's forms and refuses 'true' and junk", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback, 10.0.0.0/8,fd00::/8 ,192.0.2.10")).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.10",
    ]);
    expect(() => parseTrustProxy("true")).toThrow(/number of proxies/);
    for (const junk of ["yes", "10.0.0.0/33", "300.1.1.1", "10.0.0.0/8/1", "loopback,", "1.5"])
      expect(() => parseTrustProxy(junk), junk).toThrow(/TRUST_PROXY/);
  });

  it("without it, X-Forwarded-For is ignored and a client-sent address header is replaced", async () => {
    const get = await startApp({});
    const { seen } = await get("/", { "X-Forwarded-For": "198.51.100.9", "X-Remix-Client-Ip": "198.51.100.1" });
    expect(seen.ip).toBe("127.0.0.1");
  });

  it("TRUST_PROXY=1 is one hop: the right-most X-Forwarded-For entry, however the client fills the rest", async () => {
    const get = await startApp({ TRUST_PROXY: "1" });
    const addresses = new Set<string | undefined>();
    // A client rotating the left-most entry (what it controls) to escape the per-address lockout.
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const { seen } = await get("/", { "X-Forwarded-For": `${forged}, 203.0.113.7` });
      addresses.add(seen.ip);
    }
    expect([...addresses]).toEqual(["203.0.113.7"]);
  });

  it("a hop count or the proxies' addresses pick the first address not a trusted proxy", async () => {
    const chain = { "X-Forwarded-For": "198.51.100.1, 203.0.113.7, 10.1.2.3" };
    expect((await (await startApp({ TRUST_PROXY: "2" }))("/", chain)).seen.ip).toBe("203.0.113.7");
    expect((await (await startApp({ TRUST_PROXY: "loopback,10.0.0.0/8" }))("/", chain)).seen.ip).toBe("203.0.113.7");
    // Only loopback is a proxy: 10.1.2.3 is the client as far as the app can tell.
    expect((await (await startApp({ TRUST_PROXY: "loopback" }))("/", chain)).seen.ip).toBe("10.1.2.3");
  });
});

describe("HTTPS", () => {
  it("plain HTTP: no HSTS, not secure, whatever X-Forwarded-Proto an untrusted client sends", async () => {
    const { response, seen } = await (await startApp({}))("/", { "X-Forwarded-Proto": "https" });
    expect(seen.https).toBe("0");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("a trusted proxy's X-Forwarded-Proto: https makes the request secure and sends HSTS", async () => {
    const { response, seen } = await (await startApp({ TRUST_PROXY: "1" }))("/", { "X-Forwarded-Proto": "https" });
    expect(seen.https).toBe("1");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("an https APP_ORIGIN makes every request secure, even when the proxy does not say so", async () => {
    const { response, seen } = await (await startApp({ APP_ORIGIN: "https://crm.example.com" }))("/");
    expect(seen.https).toBe("1");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("a secure request gets the __Host- session cookie with Secure; plain HTTP the plain one", async () => {
    const { user } = await createUser();
    const secure = new Request("http://crm.internal/login", { headers: { "x-remix-https": "1" } });
    expect(isHttps(secure)).toBe(true);
    const cookie = await createUserSession(user.id, secure);
    expect(cookie).toMatch(/^__Host-crm_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const plain = await createUserSession(user.id, new Request("http://crm.internal/login"));
    expect(plain).toMatch(/^crm_session=/);
    expect(plain).not.toMatch(/Secure/);
  });
});

describe("Content-Security-Policy and caching", () => {
  it("each response has its own nonce, the only way a script runs", async () => {
    const get = await startApp({});
    const first = await get("/");
    const second = await get("/");
    const nonce = first.seen.nonce as string;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.seen.nonce).not.toBe(nonce);
    const csp = first.response.headers.get("content-security-policy")!;
    expect(csp).toBe(contentSecurityPolicy(nonce));
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    for (const directive of ["base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(directive);
  });

  it("pages default to no-store, /api is always no-store, and a route's own caching stays", async () => {
    const get = await startApp({});
    expect((await get("/customers")).response.headers.get("cache-control")).toBe("no-store");
    expect((await get("/api/ping")).response.headers.get("cache-control")).toBe("no-store");
    expect((await get("/manifest.webmanifest")).response.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

describe("the start-up warning about the session cookie", () => {
  it("warns a production start that nothing makes the cookie Secure", () => {
    expect(insecureCookieWarning({ NODE_ENV: "production" })).toMatch(/without Secure .*APP_ORIGIN=https:/);
    expect(insecureCookieWarning({ NODE_ENV: "production", APP_ORIGIN: "http://crm.example.com" })).not.toBeNull();
  });

  it("says nothing with an https origin, a trusted proxy, or outside production", () => {
    expect(insecureCookieWarning({ NODE_ENV: "production", APP_ORIGIN: "https://crm.example.com" })).toBeNull();
    expect(insecureCookieWarning({ NODE_ENV: "production", TRUST_PROXY: "1" })).toBeNull();
    expect(insecureCookieWarning({ NODE_ENV: "development" })).toBeNull();
  });
});
