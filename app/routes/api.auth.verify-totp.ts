import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin, requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { CODE_INCOMPLETE } from "~/domain/one-time-code";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { completeSignIn } from "~/services/auth.server";
import { verifyAdminGate } from "~/services/code-verification.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/auth/verify-totp"];

/**
 * Two uses (docs/product-rules.md §7): {userId, token} completes a sign-in; {email, token} from a signed-in admin
 * (their own email) opens the user-management gate for this session.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  assertSameOrigin(request, "json");
  // A clone: a sign-in hands the request itself to the sign-in strategy, which reads the body again.
  const body = await readJsonBody(request.clone(), contract.post.body(), { error: CODE_INCOMPLETE });

  if (body.email !== undefined && !body.userId) {
    const session = await requireApiUser(request);
    if (body.email.trim().toLowerCase() !== session.user.email) {
      return Response.json({ error: "The code must be the signed-in admin's own" }, { status: 403 });
    }
    const result = await verifyAdminGate(session, body.token, requestAddress(request));
    if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
    return Response.json({ user: session.user, message: "OTP verified successfully" });
  }

  const result = await completeSignIn(request);
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({ user: result.signedIn.user }, { headers: { "Set-Cookie": result.setCookie } });
}
