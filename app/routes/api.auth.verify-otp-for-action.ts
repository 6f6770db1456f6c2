import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { CODE_INCOMPLETE } from "~/domain/one-time-code";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { verifyForAction } from "~/services/code-verification.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/auth/verify-otp-for-action"];

/**
 * The Security Verification prompt (docs/product-rules.md §4 'Customer deletion'): checks the signed-in user's own
 * authenticator code and remembers it on the session for one destructive action, a few minutes.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const { otpCode } = await readJsonBody(request, contract.post.body(), { error: CODE_INCOMPLETE });
  const result = await verifyForAction(session, otpCode, requestAddress(request));
  // docs/product-rules.md §7: the client reads the failure from `message`; `error` is there for consistency.
  if (!result.ok) {
    const error = english(result.error);
    return Response.json({ message: error, error }, { status: result.status });
  }
  return Response.json({ success: true, message: "OTP verified successfully" });
}
