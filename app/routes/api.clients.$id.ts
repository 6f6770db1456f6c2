import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { validationFailedMessage } from "~/domain/client-input";
import { ACCESS } from "~/domain/roles";
import { inputError, jsonObject, readJsonBody, requireMethod } from "~/http/json-api.server";
import { customerJson, getCustomer, parseClientIds, updateCustomer } from "~/services/customers.server";

const ClientBody = jsonObject("Send the client as a JSON object");
const notFound = () => Response.json({ error: "Client not found" }, { status: 404 });

/** GET /api/clients/:id: one client with every field. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.customers });
  const [id] = parseClientIds(params.id);
  const customer = id ? await getCustomer(id) : null;
  return customer ? Response.json({ data: customerJson(customer) }) : notFound();
}

/** PUT /api/clients/:id (spec §7): the customer fields plus newSaleAmount; errors as {error}. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["PUT"]);
  const session = await requireApiUser(request, { access: ACCESS.customers });
  const [id] = parseClientIds(params.id);
  if (!id) return notFound();
  const result = await updateCustomer(id, await readJsonBody(request, ClientBody), session.user);
  if (!result.ok) {
    if (result.status === 404) return notFound();
    const error = result.status === 409 ? result.issues[0]!.message : validationFailedMessage(result.issues);
    return inputError(error, result.issues, result.status);
  }
  return Response.json({ data: customerJson(result.customer) });
}
