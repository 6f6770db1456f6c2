import { createCookie } from "@remix-run/node";
import { authenticator, SignInError, type SignedIn } from "~/auth/authenticator.server";
import { createUserSession, destroyCurrentSession, getCurrentSession } from "~/auth/session.server";
import { resolveSignInAccount } from "~/auth/sign-in-account.server";
import { requestAddress } from "~/http/request-address";
import type { AuthType, Role } from "~/domain/roles";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import type { Message } from "~/domain/messages";

/**
 * Step 1 of sign-in: who is signing in. Unknown or inactive emails get a decoy shaped like a real
 * account (see resolveSignInAccount), so the answer never tells an outsider which addresses have
 * accounts; their code check fails and locks like a real one.
 */
export async function startSignIn(email: string): Promise<{ userId: string; authType: AuthType }> {
  const account = await resolveSignInAccount({ email });
  return { userId: account.id, authType: account.authType };
}

/** Step 2: checks the code (via the remix-auth strategy) and opens a new server-side session. */
export async function completeSignIn(
  request: Request,
): Promise<{ ok: true; signedIn: SignedIn; setCookie: string } | { ok: false; status: number; error: Message }> {
  try {
    const signedIn = await authenticator.authenticate("authenticator-code", request);
    const setCookie = await createUserSession(signedIn.user.id, request);
    await writeAudit({
      actor: signedIn.user,
      action: AUDIT_ACTIONS.signIn,
      details: { via: signedIn.via },
      ip: requestAddress(request),
    });
    return { ok: true, signedIn, setCookie };
  } catch (error) {
    if (error instanceof SignInError) return { ok: false, status: error.status, error: error.said };
    throw error;
  }
}

export async function signOut(request: Request): Promise<string> {
  const session = await getCurrentSession(request);
  if (session) await writeAudit({ actor: session.user, action: AUDIT_ACTIONS.signOut, ip: requestAddress(request) });
  return destroyCurrentSession(request);
}

/** Where a user lands after sign-in: road sales may not open the dashboard (docs/product-rules.md §6). */
export function homePathFor(role: Role): string {
  return role === "road_sales" ? "/customers" : "/dashboard";
}

/** Remembers the last email on this device so a returning phone goes straight to the code step. */
export const lastEmailCookie = createCookie("crm_last_email", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 90 * 24 * 60 * 60,
});
