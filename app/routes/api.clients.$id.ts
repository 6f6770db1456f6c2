import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { validationFailedMessage } from "~/domain/client-input";
import { clientAddress } from "~/domain/client-ip";
import { canReassignClient } from "~/domain/client-owner";
import { ACCESS } from "~/domain/roles";
import { assignClientOwner, ownerForNewClient } from "~/services/client-owners.server";
import { customerJson, getCustomer, parseClientIds, updateCustomer } from "~/services/customers.server";

const notFound = () => Response.json({ error: "Client not found" }, { status: 404 });

/** GET /api/clients/:id: one client with every field. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.customers });
  const [id] = parseClientIds(params.id);
  const customer = id ? await getCustomer(id) : null;
  return customer ? Response.json({ data: customerJson(customer) }) : notFound();
}

/**
 * PUT /api/clients/:id (spec §7): the customer fields plus newSaleAmount, and `ownerId` (a user id,
 * or null to unassign) for an admin or the client's owner; errors as {error}.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireApiUser(request, { access: ACCESS.customers });
  if (request.method !== "PUT") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const [id] = parseClientIds(params.id);
  if (!id) return notFound();
  const body: unknown = await request.json().catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body))
    return Response.json({ error: "Send the client as a JSON object" }, { status: 400 });
  const fields = body as Record<string, unknown>;
  const ownerGiven = Object.hasOwn(fields, "ownerId");
  const newOwnerId = fields.ownerId === null || fields.ownerId === "none" ? null : fields.ownerId;
  if (ownerGiven) {
    if (newOwnerId !== null && typeof newOwnerId !== "string")
      return Response.json({ error: "The owner must be a user id or null" }, { status: 400 });
    const current = await getCustomer(id);
    if (!current) return notFound();
    if (current.ownerId !== newOwnerId && !canReassignClient(session.user, current.ownerId))
      return Response.json({ error: "Only an admin or the client's owner can reassign a client" }, { status: 403 });
    const owner = await ownerForNewClient(newOwnerId, session.user.id);
    if (!owner.ok)
      return Response.json(
        { error: owner.message, details: [{ path: "ownerId", message: owner.message }] },
        { status: 400 },
      );
  }
  const result = await updateCustomer(id, fields, session.user);
  if (!result.ok) {
    if (result.status === 404) return notFound();
    const error = result.status === 409 ? result.issues[0]!.message : validationFailedMessage(result.issues);
    return Response.json({ error, details: result.issues }, { status: result.status });
  }
  if (ownerGiven && result.customer.ownerId !== newOwnerId) {
    const assigned = await assignClientOwner([id], newOwnerId as string | null, session.user, clientAddress(request));
    if (!assigned.ok) return Response.json({ error: assigned.error }, { status: assigned.status });
    return Response.json({ data: customerJson((await getCustomer(id))!) });
  }
  return Response.json({ data: customerJson(result.customer) });
}
