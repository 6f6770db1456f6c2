/** The client address the server (server.mjs) stamps on each request; "local" outside it. */
export function clientAddress(request: Request): string {
  return request.headers.get("x-remix-client-ip") ?? "local";
}

/** Whether the request reached us over HTTPS (server.mjs honours X-Forwarded-Proto with TRUST_PROXY=1). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
