import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { requestAddress } from "~/http/request-address";
import { validationFailedMessage } from "~/domain/client-input";
import { canReassignClient } from "~/domain/client-owner";
import { ACCESS } from "~/domain/roles";
import { getClient } from "~/services/client-queries.server";
import { mergedIntoOf } from "~/services/client-merge.server";
import { clientJson, forViewer } from "~/services/client-record.server";
import { readShopLists } from "~/services/shop-lists.server";
import { updateClient } from "~/services/client-writes.server";
import { API_CONTRACT } from "~/http/api-contract.server";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";
import { assignClientOwner, ownerForNewClient } from "~/services/client-owners.server";
import { english } from "~/i18n/english.server";

const contract = API_CONTRACT["/api/clients/{id}"];
const notFound = () => Response.json({ error: "Client not found" }, { status: 404 });

/** GET /api/clients/:id: one client with every field. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const client = id ? await getClient(id) : null;
  if (client) return Response.json({ data: clientJson(forViewer(client, user), (await readShopLists()).teams) });
  // A merged-away client points at the one it was merged into (docs/decisions/047-client-merge.md).
  const mergedIntoId = id ? await mergedIntoOf(id) : null;
  return mergedIntoId ? Response.json({ error: "Client not found", mergedIntoId }, { status: 404 }) : notFound();
}

/**
 * PUT /api/clients/:id: the customer fields plus newSaleAmount, and `ownerId` (a user id,
 * or null to unassign) for an admin or the client's owner; errors as {error}.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["PUT"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) return notFound();
  const fields = await readJsonBody(request, contract.put.body());
  const ownerGiven = Object.hasOwn(fields, "ownerId");
  const rawOwnerId = fields.ownerId;
  if (ownerGiven && rawOwnerId !== null && typeof rawOwnerId !== "string")
    return inputError("The owner must be a user id or null", [
      { path: "ownerId", message: "The owner must be a user id or null" },
    ]);
  const newOwnerId = typeof rawOwnerId === "string" && rawOwnerId !== "none" ? rawOwnerId : null;
  if (ownerGiven) {
    const current = await getClient(id);
    if (!current) return notFound();
    if (current.ownerId !== newOwnerId && !canReassignClient(session.user, current.ownerId))
      return Response.json({ error: "Only an admin or the client's owner can reassign a client" }, { status: 403 });
    const owner = await ownerForNewClient(newOwnerId, session.user.id);
    if (!owner.ok) {
      const error = english(owner.message);
      return inputError(error, [{ path: "ownerId", message: error }]);
    }
  }
  const result = await updateClient(id, fields, { actor: session.user, ip: requestAddress(request) });
  if (!result.ok) {
    if (result.status === 404) return notFound();
    const error =
      result.status === 409 || result.status === 403
        ? result.issues[0]!.message
        : validationFailedMessage(result.issues);
    // The rules' and the service's message codes in English: the same sentences as ever (a contract).
    const details = result.issues.map((issue) => ({ path: issue.path, message: english(issue.message) }));
    return inputError(english(error), details, result.status);
  }
  if (ownerGiven && result.client.ownerId !== newOwnerId) {
    const assigned = await assignClientOwner([id], newOwnerId, session.user, requestAddress(request));
    if (!assigned.ok) return Response.json({ error: english(assigned.error) }, { status: assigned.status });
    return Response.json({
      data: clientJson(forViewer((await getClient(id))!, session.user), (await readShopLists()).teams),
    });
  }
  return Response.json({ data: clientJson(forViewer(result.client, session.user), (await readShopLists()).teams) });
}
