import { data, redirect } from "@remix-run/node";
import { requestAddress } from "~/http/request-address";
import { checkAccess, type Access, type AccessDenial } from "~/domain/roles";
import { isCrossSite, listedOrigins } from "~/domain/cross-site";
import { AUDIT_ACTIONS, writeAudit, type AuditActor } from "~/services/audit.server";
import { getCurrentSession, type CurrentSession } from "./session.server";

/** The app's one CSRF rule (app/domain/cross-site.ts), for a request inside the app. */
export function isCrossOrigin(request: Request): boolean {
  return isCrossSite({
    method: request.method,
    origin: request.headers.get("origin"),
    referer: request.headers.get("referer"),
    ownOrigin: new URL(request.url).origin,
    listed: listedOrigins(process.env.APP_ORIGIN),
  });
}

/**
 * Refusals are in the audit log: who was refused which method and path (never the query string,
 * which may hold a search for a client's name), and why. A failed write never turns the refusal
 * into an error.
 */
export async function auditRefusal(
  request: Request,
  reason: "role" | "admin_gate" | "cross_site",
  actor: AuditActor,
): Promise<void> {
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.accessRefused,
    targetType: "route",
    targetId: new URL(request.url).pathname.slice(0, 200),
    details: { reason, method: request.method },
    ip: requestAddress(request),
  }).catch(() => undefined);
}

export function assertSameOrigin(request: Request, as: "page" | "json" = "page"): void {
  if (!isCrossOrigin(request)) return;
  // This check is synchronous for its many callers, so the log entry is written alongside.
  void auditRefusal(request, "cross_site", null);
  const message = "Cross-site request refused";
  throw as === "json" ? Response.json({ error: message }, { status: 403 }) : new Response(message, { status: 403 });
}

export type GuardOptions = { access?: Access };

/** Thrown to a page's error boundary as a 403 with the spec's refusal texts. */
export type DeniedData = { denial: AccessDenial };

/**
 * The guard at the top of every page loader and action: the signed-in session or a redirect to
 * /login, and the spec's role guard (403 'Access Denied' / 'Access Restricted').
 */
export async function requireUser(request: Request, options: GuardOptions = {}): Promise<CurrentSession> {
  assertSameOrigin(request);
  const session = await getCurrentSession(request);
  if (!session) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(
      back === "/" || back.startsWith("/login") ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`,
    );
  }
  const denial = options.access ? checkAccess(session.user.role, options.access) : null;
  if (denial) {
    await auditRefusal(request, "role", session.user);
    throw data({ denial } satisfies DeniedData, { status: 403 });
  }
  return session;
}

/** The same guard for JSON routes: 401 and 403 as JSON bodies with an `error`. */
export async function requireApiUser(request: Request, options: GuardOptions = {}): Promise<CurrentSession> {
  assertSameOrigin(request, "json");
  const session = await getCurrentSession(request);
  if (!session) throw Response.json({ error: "Not signed in" }, { status: 401 });
  const denial = options.access ? checkAccess(session.user.role, options.access) : null;
  if (denial) {
    await auditRefusal(request, "role", session.user);
    throw Response.json({ error: `${denial.title}: ${denial.message}` }, { status: 403 });
  }
  return session;
}

/** For pages open to anyone (the login screen): the session if there is one. */
export async function optionalUser(request: Request): Promise<CurrentSession | null> {
  return getCurrentSession(request);
}

/** Only same-site paths are followed after sign-in (no open redirect); the rule lives in app/domain. */
export { safeRedirectPath } from "~/domain/safe-redirect";
