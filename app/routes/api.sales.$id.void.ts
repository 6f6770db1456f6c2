import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { voidSale } from "~/services/sales.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/sales/{id}/void"];

/**
 * POST /api/sales/:id/void {reason} → 200 {data, totalSalesValue, tier, lastPurchaseDate}: the
 * sale marked void and the client's facts recomputed. An admin, or whoever recorded the sale on the
 * same day (docs/decisions/016-itemised-sales-and-voids.md); others get 403.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  // Sale ids are positive integers like client ids.
  const [id] = parseClientIds(params.id);
  if (!id) return Response.json({ error: "Sale not found" }, { status: 404 });
  const { reason } = await readJsonBody(request, contract.post.body());
  const result = await voidSale(id, reason, { actor: session.user, ip: requestAddress(request) });
  if (!result.ok) {
    const error = english(result.message);
    return inputError(error, [{ path: result.path, message: error }], result.status);
  }
  return Response.json({ data: result.sale, ...result.client });
}
