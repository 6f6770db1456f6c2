// What server.mjs applies to every request before Remix sees it: which proxies are trusted for the
// client address and HTTPS, the per-request CSP nonce, the security headers and the default
// Cache-Control. Kept apart from server.mjs so the tests run the same code on a throwaway app.
// The operator's side of it is in docs/operations.md ("Security", "Behind a reverse proxy") and docs/decisions/009-keys-and-proxy-trust.md.
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY in Express's own forms: unset or 0 (no proxy: the socket address is the client), a hop
 * count (1 = one proxy in front: the right-most X-Forwarded-For entry is the client), or the
 * proxies' addresses / CIDRs / Express names (loopback, linklocal, uniquelocal), comma-separated.
 * "true" (believe every X-Forwarded-For entry, so the left-most one, which the client writes) is
 * refused, as is anything Express would not understand.
 * @param {string | undefined} value
 * @returns {false | number | string[]}
 */
export function parseTrustProxy(value) {
  const text = (value ?? "").trim();
  if (text === "" || text === "0" || text.toLowerCase() === "false") return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text.toLowerCase() === "true")
    throw new Error(
      "TRUST_PROXY=true would take the client address from whatever X-Forwarded-For the client sends. " +
        "Give the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses.",
    );
  const entries = text.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyEntry(entry))
      throw new Error(
        `TRUST_PROXY: "${entry}" is not a hop count, an IP address, a CIDR or one of loopback, linklocal, uniquelocal.`,
      );
  }
  return entries;
}

/** @param {string} entry */
function isProxyEntry(entry) {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The app's public address is the first APP_ORIGIN entry; when it is https:// every request is
 * treated as HTTPS (Secure __Host- session cookie, HSTS), whatever the hop in front says.
 * @param {string | undefined} appOrigin
 */
export function servedOverHttps(appOrigin) {
  const first = (appOrigin ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("https://");
}

/**
 * The warning a production start prints when nothing says the app is served over HTTPS: behind a TLS
 * proxy without an https APP_ORIGIN (or TRUST_PROXY, so the proxy's X-Forwarded-Proto is believed),
 * the session cookie has no Secure flag and no __Host- prefix. Null when there is nothing to say.
 * @param {Record<string, string | undefined>} env
 */
export function insecureCookieWarning(env) {
  if (env.NODE_ENV !== "production" || servedOverHttps(env.APP_ORIGIN) || parseTrustProxy(env.TRUST_PROXY)) return null;
  return (
    "Note: no https APP_ORIGIN and no TRUST_PROXY are set, so the session cookie goes without Secure and " +
    "without the __Host- prefix: right for http://localhost, not behind an HTTPS proxy, where you set " +
    "APP_ORIGIN=https://<its address> (docs/operations.md, Security)."
  );
}

/**
 * Scripts run only with this response's nonce; 'strict-dynamic' lets those scripts load the app's
 * modules, and nothing else (an injected inline script, a script from another origin) runs.
 * @param {string} nonce
 */
export function contentSecurityPolicy(nonce) {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self' https://wa.me",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Installs the trust setting and the per-request policy on an Express app, before any route.
 * @param {import("express").Express} app
 * @param {Record<string, string | undefined>} env
 */
export function installRequestPolicy(app, env) {
  app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));
  const httpsDeployment = servedOverHttps(env.APP_ORIGIN);

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const secure = httpsDeployment || req.secure;
    // The only sources of the client address and scheme the app reads; client-sent values are replaced.
    req.headers["x-remix-client-ip"] = req.ip || req.socket.remoteAddress || "unknown";
    req.headers["x-remix-https"] = secure ? "1" : "0";
    res.set({
      "Content-Security-Policy": contentSecurityPolicy(nonce),
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "same-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    });
    if (secure) res.set("Strict-Transport-Security", "max-age=31536000");
    defaultToNoStore(req, res);
    next();
  });
}

/**
 * Pages and data are private (client lists, Emirates IDs, authenticator secrets), so nothing the app
 * renders may sit in a shared or back/forward cache: every answer without its own Cache-Control gets
 * no-store, and every /api answer gets it whatever the route said. Static files set their own.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 */
function defaultToNoStore(req, res) {
  const isApi = req.path === "/api" || req.path.startsWith("/api/");
  const writeHead = res.writeHead.bind(res);
  /** @type {typeof res.writeHead} */
  const patched = (/** @type {any[]} */ ...args) => {
    if (isApi || !res.getHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");

    return writeHead(...args);
  };
  res.writeHead = patched;
}
