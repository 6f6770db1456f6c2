import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/auth/guards.server";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { startSignIn } from "~/services/auth.server";

const contract = API_CONTRACT["/api/auth/login"];

/**
 * The spec's login call. There are no passwords (any `password` is ignored), so it never signs
 * in directly: it always answers with the code step (directLogin false).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  assertSameOrigin(request, "json");
  const { email } = await readJsonBody(request, contract.post.body());
  const { userId, authType } = await startSignIn(email);
  return Response.json({ directLogin: false, requiresOtp: true, userId, authType });
}
