import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { getClientConsents, listConsentHistory, recordConsent } from "~/services/consent.server";
import { parseClientIds } from "~/domain/client-ids";

const contract = API_CONTRACT["/api/clients/{id}/consent"];
const notFound = () => Response.json({ error: "Client not found" }, { status: 404 });

/** GET /api/clients/:id/consent: the current status per channel and the history, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const consent = id ? await getClientConsents(id) : null;
  if (!id || !consent) return notFound();
  return Response.json({ data: { consent, history: await listConsentHistory(id, 50) } });
}

/** PUT /api/clients/:id/consent {channel, status, source}: records one channel's change (any role). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["PUT"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) return notFound();
  const input = await readJsonBody(request, contract.put.body(), { error: "Invalid consent" });
  const consent = await recordConsent(id, input, session.user, requestAddress(request));
  return consent ? Response.json({ data: { consent } }) : notFound();
}
