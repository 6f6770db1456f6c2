import { auditRefusal } from "~/auth/guards.server";
import { escapeHtml } from "~/components/clients/client-rows-html";
import { directionOf } from "~/domain/languages";
import { translatorFor } from "~/i18n/i18n.server";

/**
 * The answers server.mjs gives before Remix sees a request (server/request-guards.mjs decides when;
 * this module says what, from the catalogs). The app decides the texts and the audit entry, Express
 * only the moment. docs/operations.md, "Security", lists what is enforced.
 */

/** The largest form or JSON body any route reads; uploads (UPLOAD_PATHS) have their own caps. */
export const MAX_FORM_BODY_BYTES = 100 * 1024;

/**
 * The routes that read an upload with readSpreadsheetUpload (app/services/import-upload.server.ts), which caps
 * the file and the whole body itself: the spreadsheets and a job's photos (`:id` stands for one path segment).
 */
export const UPLOAD_PATHS: readonly string[] = [
  "/import-data",
  "/api/import/clients",
  "/api/import/zoho-customers",
  "/jobs/:id/photos",
  "/api/jobs/:id/photos",
];

export type EdgeRefusal = "cross_site" | "too_large" | "unreadable" | "wrong_type" | "nul_character";

const STATUS: Record<EdgeRefusal, number> = {
  cross_site: 403,
  too_large: 413,
  unreadable: 400,
  wrong_type: 415,
  nul_character: 400,
};
const TEXT = {
  cross_site: "common:refused.crossSite",
  too_large: "common:refused.tooLarge",
  unreadable: "common:refused.unreadable",
  wrong_type: "common:refused.wrongType",
  nul_character: "common:refused.nulCharacter",
} as const;

/** JSON for /api and the app's own data requests (`.data`, Accept: application/json); a page otherwise. */
function wantsJson(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (pathname === "/api" || pathname.startsWith("/api/") || pathname.endsWith(".data")) return true;
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/**
 * The refusal for `request` (its headers only: the body is never read), in the language the app would
 * use for it. A cross-site refusal is written to the audit log like the in-app guard's.
 */
export async function edgeRefusal(request: Request, reason: EdgeRefusal): Promise<Response> {
  if (reason === "cross_site") await auditRefusal(request, "cross_site", null);
  const { language, t } = await translatorFor(request, "common");
  const message = t(TEXT[reason], { size: MAX_FORM_BODY_BYTES / 1024 });
  const status = STATUS[reason];
  if (wantsJson(request)) return Response.json({ error: message }, { status });
  const title = escapeHtml(t("common:refused.title"));
  const html =
    `<!DOCTYPE html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">Jewel CRM</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
