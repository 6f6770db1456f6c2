import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { getClient } from "~/services/client-queries.server";
import { mergeClients } from "~/services/client-merge.server";
import { clientJson, forViewer } from "~/services/client-record.server";
import { readShopLists } from "~/services/shop-lists.server";

const contract = API_CONTRACT["/api/clients/merge"];

/** POST /api/clients/merge {keepId, mergeId, values?} → 200 {data: the kept client, mergeId}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.duplicates });
  const body = await readJsonBody(request, contract.post.body());
  const result = await mergeClients(
    { keepId: body.keepId, mergeId: body.mergeId, choices: body.values ?? {} },
    { actor: user, ip: requestAddress(request) },
  );
  if (!result.ok)
    return result.status === 400
      ? Response.json({ error: "keepId and mergeId are the same client" }, { status: 400 })
      : Response.json({ error: "Client not found" }, { status: 404 });
  const kept = await getClient(result.keptId);
  return Response.json({
    data: clientJson(forViewer(kept!, user), (await readShopLists()).teams),
    mergeId: result.mergeId,
  });
}
