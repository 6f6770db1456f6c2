import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { consumeActionVerification } from "~/auth/verification.server";
import { parseClientIds } from "~/domain/client-ids";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { verifyForAction } from "~/services/code-verification.server";
import { eraseClient, findClientToErase } from "~/services/client-erasure.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/clients/{id}/erase"];

/**
 * POST /api/clients/:id/erase {token} (admin): the client's personal data wiped in place
 * (docs/privacy.md), in the book or deleted. `token` is a fresh code from the admin's own
 * authenticator, checked and spent like a bulk delete's: a wrong one answers 401, none and no
 * fresh verification 403. 200 `{success, id, message}`; an erased client answers 409.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.profile });
  const { token } = await readJsonBody(request, contract.post.body());
  const [id] = parseClientIds(params.id);
  const client = id ? await findClientToErase(id) : null;
  if (!client) return Response.json({ error: "Client not found" }, { status: 404 });
  // Before the code is checked, so a repeated call does not spend one.
  if (client.erasedAt) return Response.json({ error: english(message(MESSAGE_CODES.alreadyErased)) }, { status: 409 });
  const ip = requestAddress(request);
  if (token !== undefined) {
    const verified = await verifyForAction(session, token, ip);
    if (!verified.ok) return Response.json({ error: english(verified.error) }, { status: verified.status });
  }
  if (!(await consumeActionVerification(session.id))) {
    return Response.json(
      { error: "Security verification required: enter a fresh code from your authenticator app" },
      { status: 403 },
    );
  }
  const result = await eraseClient(client.id, session.user, ip);
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({ success: true, id: client.id, message: "Client erased" });
}
