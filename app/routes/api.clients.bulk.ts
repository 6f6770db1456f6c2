import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { consumeActionVerification } from "~/auth/verification.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { parseClientIds } from "~/domain/client-ids";
import { deleteClients } from "~/services/client-deletion.server";
import { API_CONTRACT, SELECT_ONE_CLIENT as SELECT_ONE } from "~/http/api-contract.server";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";

const contract = API_CONTRACT["/api/clients/bulk"];

/**
 * DELETE /api/clients/bulk {clientIds, otpVerified} (docs/product-rules.md §7). The body's otpVerified is not
 * trusted: the session must hold a fresh code verification, which this request spends.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["DELETE"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const body = await readJsonBody(request, contract.delete.body(), { error: SELECT_ONE });
  const ids = parseClientIds(body.clientIds);
  if (ids.length === 0) return inputError(SELECT_ONE, [{ path: "clientIds", message: SELECT_ONE }]);
  if (!(await consumeActionVerification(session.id))) {
    return Response.json(
      { error: "Security verification required: enter a fresh code from your authenticator app" },
      { status: 403 },
    );
  }
  const { deleted } = await deleteClients(ids, session.user, requestAddress(request));
  return Response.json({ success: true, deleted, message: `${deleted} client${deleted === 1 ? "" : "s"} deleted` });
}
