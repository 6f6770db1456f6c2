import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { requestAddress } from "~/http/request-address";
import { validationFailedMessage } from "~/domain/client-input";
import { ACCESS } from "~/domain/roles";
import { getClient } from "~/services/client-queries.server";
import { clientJson } from "~/services/client-record.server";
import { updateClient } from "~/services/client-writes.server";
import { inputError, jsonObject, readJsonBody, requireMethod } from "~/http/json-api.server";

const ClientBody = jsonObject("Send the client as a JSON object");
const notFound = () => Response.json({ error: "Client not found" }, { status: 404 });

/** GET /api/clients/:id: one client with every field. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const client = id ? await getClient(id) : null;
  return client ? Response.json({ data: clientJson(client) }) : notFound();
}

/** PUT /api/clients/:id: the customer fields plus newSaleAmount; errors as {error}. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["PUT"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) return notFound();
  const result = await updateClient(id, await readJsonBody(request, ClientBody), {
    actor: session.user,
    ip: requestAddress(request),
  });
  if (!result.ok) {
    if (result.status === 404) return notFound();
    const error = result.status === 409 ? result.issues[0]!.message : validationFailedMessage(result.issues);
    return inputError(error, result.issues, result.status);
  }
  return Response.json({ data: clientJson(result.client) });
}
