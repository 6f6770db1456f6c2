import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { isAdminGateOpen } from "~/auth/verification.server";
import { requestAddress } from "~/http/request-address";
import { CODE_INCOMPLETE } from "~/domain/one-time-code";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { verifyDeviceSetup } from "~/services/authenticators.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/auth/totp/verify-setup"];

/** POST /api/auth/totp/verify-setup {token[, userId]}: links the pending device once its code verifies. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request);
  const body = await readJsonBody(request, contract.post.body(), { error: CODE_INCOMPLETE });
  const userId = body.userId ?? session.user.id;
  if (userId !== session.user.id && !(session.user.role === "admin" && (await isAdminGateOpen(session)))) {
    return Response.json(
      { error: "Only an administrator with user management unlocked can set up another user's authenticator" },
      { status: 403 },
    );
  }
  const result = await verifyDeviceSetup({
    userId,
    token: body.token,
    ip: requestAddress(request),
    actor: session.user,
  });
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({
    isLinked: true,
    message: "New device has been added successfully",
    label: english(result.name),
  });
}
