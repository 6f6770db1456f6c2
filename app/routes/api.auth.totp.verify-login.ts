import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/auth/guards.server";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { completeSignIn } from "~/services/auth.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/auth/totp/verify-login"];

/** Sign-in by phone number and authenticator code ({phoneNumber, token}) for users with a phone on file. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  assertSameOrigin(request, "json");
  // Checked here for a clear 400; the sign-in strategy reads the credentials from the request itself.
  await readJsonBody(request.clone(), contract.post.body());
  const result = await completeSignIn(request);
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({ user: result.signedIn.user }, { headers: { "Set-Cookie": result.setCookie } });
}
