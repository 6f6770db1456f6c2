/** Methods that change nothing, so their origin is never checked. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The origins besides the app's own address that may post to it: APP_ORIGIN's comma-separated
 * entries (the public URL when a proxy rewrites Host; docs/operations.md, "Behind a reverse proxy").
 */
export function listedOrigins(appOrigin: string | undefined): string[] {
  return (appOrigin ?? "")
    .split(",")
    .map((entry) => entry.trim().replace(/\/$/, ""))
    .filter(Boolean);
}

/** What a request says about where it was sent from, and what the app accepts. */
export type RequestSource = {
  method: string;
  /** The Origin header as sent (null when absent). */
  origin: string | null;
  referer: string | null;
  /** The app's own origin as the request addressed it (scheme, host and port). */
  ownOrigin: string;
  listed: readonly string[];
};

/**
 * CSRF defence, the one rule for every route (server/request-guards.mjs applies it before Remix,
 * app/auth/guards.server.ts inside the app): a state-changing request is refused when its Origin
 * is not the app's own or a listed one; "null" and an unparseable Origin are foreign too. Without
 * an Origin, the Referer's origin decides; a request with neither comes from a non-browser client,
 * which cannot carry a victim's cookie.
 */
export function isCrossSite({ method, origin, referer, ownOrigin, listed }: RequestSource): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const claimed = origin ?? (referer === null ? null : originOf(referer));
  if (claimed === null) return false;
  return claimed !== ownOrigin && !listed.includes(claimed);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "invalid";
  }
}
