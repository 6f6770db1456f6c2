/** The address the request came from, as server.mjs stamps it (proxy trust applied); "local" outside it. */
export function requestAddress(request: Request): string {
  return request.headers.get("x-remix-client-ip") ?? "local";
}

/**
 * Whether the app is served over HTTPS for this request: server.mjs says so (an https APP_ORIGIN, or
 * X-Forwarded-Proto from a trusted proxy); outside it, the URL's own scheme.
 */
export function isHttps(request: Request): boolean {
  const stamped = request.headers.get("x-remix-https");
  if (stamped !== null) return stamped === "1";
  return new URL(request.url).protocol === "https:";
}

/**
 * Whether the browser asked for a whole page (a typed or shared link, or any navigation with
 * JavaScript off) rather than the app's own data fetch after hydration. Browsers say so in
 * Sec-Fetch-Dest; one that does not is treated as the app's fetch (the full page, as before).
 */
export function isDocumentRequest(request: Request): boolean {
  return request.headers.get("sec-fetch-dest") === "document";
}
