import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { dismissDuplicatePair } from "~/services/client-duplicates.server";

/** POST /api/clients/duplicates/:pairId/dismiss → 200: not the same person, the pair hidden for good; 404 unknown. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.duplicates });
  // Pair ids are positive integers like client ids.
  const [pairId] = parseClientIds(params.pairId);
  // Beyond a 32-bit id no pair exists (and the column could not be asked).
  const result =
    pairId && pairId <= 2_147_483_647
      ? await dismissDuplicatePair(pairId, { actor: user, ip: requestAddress(request) })
      : null;
  if (!result?.ok) return Response.json({ error: "Pair not found" }, { status: 404 });
  return Response.json({ data: { pairId, dismissed: true } });
}
