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

/**
 * Whether the browser takes a gzip answer (RFC 9110 Accept-Encoding: `gzip` or `*`, not with
 * `q=0`), as every browser does; documentStream then sends the document gzipped itself (decision 034).
 */
export function acceptsGzip(request: Request): boolean {
  let gzip: boolean | undefined;
  let any = false;
  for (const entry of (request.headers.get("accept-encoding") ?? "").split(",")) {
    const [name = "", ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") gzip = accepted;
    else if (name === "*") any = accepted;
  }
  return gzip ?? any;
}
