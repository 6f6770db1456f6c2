import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/auth/guards.server";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { startSignIn } from "~/services/auth.server";

const contract = API_CONTRACT["/api/auth/user-login"];

/** Step 1 of sign-in as JSON: {email} → {userId, authType}; the code goes to /api/auth/verify-totp. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  assertSameOrigin(request, "json");
  const { email } = await readJsonBody(request, contract.post.body());
  return Response.json(await startSignIn(email));
}
