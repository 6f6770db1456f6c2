/** Any fixed origin will do: it only tells a same-site path from one that leaves the site. */
const BASE = new URL("http://app.invalid");

/** Control characters: browsers drop tabs and newlines from URLs, so "/\t/evil.example" reads as "//evil.example". */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The one rule for a navigation target built from input — a `redirectTo`, `next` or `back`
 * parameter, a form's return path — on the server (Location headers) and in the browser (`<Link>`,
 * `navigate`): only ever a path on this site (no open redirect). The target is resolved the way a
 * browser resolves a Location header, against a fixed origin; it is kept only when the origin stays
 * the same, and what is returned is the normalised path + query + hash, checked again. Refused
 * outright: control characters, and a path that, percent-decoded (as React Router decodes it),
 * holds a backslash or starts with "//" — React Router 6 has no fix for the backslash open redirect
 * in `<Link>` and `useNavigate` (advisory GHSA-wrjc-x8rr-h8h6), so "/\evil.example",
 * "/%5Cevil.example" and "/%2F%2Fevil.example" never reach it.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || CONTROL.test(to)) return fallback;
  const target = sameOriginPath(to);
  // Normalising can itself produce "//host" (e.g. "/.//evil"), so the result must pass again.
  if (target === null || target.startsWith("//") || sameOriginPath(target) !== target) return fallback;
  return decodesSafely(target) ? target : fallback;
}

function sameOriginPath(to: string): string | null {
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return null;
  }
  return url.origin === BASE.origin ? url.pathname + url.search + url.hash : null;
}

/** Decoding rounds after which a path still encoded is refused ("%25252F…" is no one's bookmark). */
const DECODE_ROUNDS = 4;

/**
 * Whether the path part, percent-decoded until nothing changes (a double-encoded "%255C" is a
 * backslash too), is still a plain path of this site: no backslash, no control character, no "//"
 * at its start. A malformed escape is refused.
 */
function decodesSafely(target: string): boolean {
  let path = target.split(/[?#]/, 1)[0]!;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (path.includes("\\") || path.startsWith("//") || CONTROL.test(path)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (decoded === path) return true;
    path = decoded;
  }
  return false;
}
