import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin, requireApiUser } from "~/auth/guards.server";
import { clientAddress } from "~/domain/client-ip";
import { completeSignIn } from "~/services/auth.server";
import { verifyAdminGate } from "~/services/code-verification.server";

/**
 * Two uses (spec §7): {userId, token} completes a sign-in; {email, token} from a signed-in admin
 * (their own email) opens the user-management gate for this session.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request, "json");
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { userId?: unknown; email?: unknown; token?: unknown } | null;
  if (!body || typeof body.token !== "string")
    return Response.json({ error: "Please enter all 6 digits" }, { status: 400 });

  if (typeof body.email === "string" && !body.userId) {
    const session = await requireApiUser(request);
    if (body.email.trim().toLowerCase() !== session.user.email) {
      return Response.json({ error: "The code must be the signed-in admin's own" }, { status: 403 });
    }
    const result = await verifyAdminGate(session, body.token, clientAddress(request));
    if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
    return Response.json({ user: session.user, message: "OTP verified successfully" });
  }

  const result = await completeSignIn(request);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ user: result.signedIn.user }, { headers: { "Set-Cookie": result.setCookie } });
}
