/** Any fixed origin will do: it only tells a same-site path from one that leaves the site. */
const BASE = new URL("http://app.invalid");

/**
 * The place to go after sign-in, only ever a path on this site (no open redirect). The target is
 * resolved the way a browser resolves a Location header, against a fixed origin; it is kept only when
 * the origin stays the same, and what is returned is the normalised path + query + hash, checked
 * again. Control characters are refused outright: browsers drop tabs and newlines from URLs, so
 * "/\t/evil.example" reads as "//evil.example".
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  const target = sameOriginPath(to);
  // Normalising can itself produce "//host" (e.g. "/.//evil"), so the result must pass again.
  return target !== null && !target.startsWith("//") && sameOriginPath(target) === target ? target : fallback;
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
