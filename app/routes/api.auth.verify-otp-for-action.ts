import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { clientAddress } from "~/domain/client-ip";
import { ACCESS } from "~/domain/roles";
import { verifyForAction } from "~/services/code-verification.server";

/**
 * The Security Verification prompt (spec §4 'Customer deletion'): checks the signed-in user's own
 * authenticator code and remembers it on the session for one destructive action, a few minutes.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireApiUser(request, { access: ACCESS.customers });
  const body = (await request.json().catch(() => null)) as { otpCode?: unknown } | null;
  const otpCode = typeof body?.otpCode === "string" ? body.otpCode.trim() : "";
  const result = await verifyForAction(session, otpCode, clientAddress(request));
  // Spec §7: the client reads the failure from `message`; `error` is there for consistency.
  if (!result.ok) return Response.json({ message: result.error, error: result.error }, { status: result.status });
  return Response.json({ success: true, message: "OTP verified successfully" });
}
