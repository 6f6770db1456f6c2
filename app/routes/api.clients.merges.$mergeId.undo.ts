import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { getClient } from "~/services/client-queries.server";
import { undoClientMerge } from "~/services/client-merge.server";
import { clientJson, forViewer } from "~/services/client-record.server";
import { readShopLists } from "~/services/shop-lists.server";

const REFUSALS = {
  already_undone: "The merge was already undone",
  undo_window_over: "A merge can only be undone within 30 days",
  client_erased: "One of the clients was erased",
} as const;

/** POST /api/clients/merges/:mergeId/undo → 200 {data: {kept, restored}}; 409 twice or after 30 days; admin only. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.undoMerge });
  // Merge ids are positive integers like client ids.
  const [mergeId] = parseClientIds(params.mergeId);
  const result =
    mergeId && mergeId <= 2_147_483_647
      ? await undoClientMerge(mergeId, { actor: user, ip: requestAddress(request) })
      : null;
  if (!result || (!result.ok && result.error === "not_found"))
    return Response.json({ error: "Merge not found" }, { status: 404 });
  if (!result.ok) return Response.json({ error: REFUSALS[result.error as keyof typeof REFUSALS] }, { status: 409 });
  const teams = (await readShopLists()).teams;
  const [kept, restored] = await Promise.all([getClient(result.keptId), getClient(result.restoredId)]);
  return Response.json({
    data: { kept: clientJson(forViewer(kept!, user), teams), restored: clientJson(forViewer(restored!, user), teams) },
  });
}
