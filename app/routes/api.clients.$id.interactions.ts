import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { parseClientIds } from "~/domain/client-ids";
import { listClientInteractions, recordInteraction } from "~/services/interactions.server";

const contract = API_CONTRACT["/api/clients/{id}/interactions"];
const notFound = () => Response.json({ error: "Client not found" }, { status: 404 });

/** GET /api/clients/:id/interactions: every contact with the client, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const data = id ? await listClientInteractions(id) : null;
  return data ? Response.json({ data }) : notFound();
}

/** POST /api/clients/:id/interactions {type, note?, outcome?, at?} → 201 {data}; any role may record. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) return notFound();
  const input = await readJsonBody(request, contract.post.body(), { error: "Invalid interaction" });
  const data = await recordInteraction(id, input, session.user, requestAddress(request));
  return data ? Response.json({ data }, { status: 201 }) : notFound();
}
