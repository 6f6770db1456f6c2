import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { FOLLOW_UP_DUE, FOLLOW_UP_STATUSES, parseFollowUpOwner } from "~/domain/follow-ups";
import { ACCESS } from "~/domain/roles";
import { createFollowUp, getFollowUp, listFollowUps } from "~/services/follow-ups.server";
import { isActiveOwner } from "~/services/client-owners.server";

const contract = API_CONTRACT["/api/follow-ups"];

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

/**
 * GET /api/follow-ups?owner=me|<userId>|all&status=open&due=overdue|today|week → {data: [...]},
 * soonest first. Every role (road sales included) sees follow-ups here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const params = new URL(request.url).searchParams;
  const data = await listFollowUps(
    {
      owner: parseFollowUpOwner(params.get("owner")),
      status: oneOf(FOLLOW_UP_STATUSES, params.get("status")),
      due: oneOf(FOLLOW_UP_DUE, params.get("due")),
    },
    user.id,
  );
  return Response.json({ data });
}

/** POST /api/follow-ups {clientId, dueDate, note?, ownerId?} → 201 {data}; the owner defaults to the caller. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const input = await readJsonBody(request, contract.post.body(), { error: "Invalid follow-up" });
  const { clientId, dueDate, note, ownerId } = input;
  if (ownerId && !(await isActiveOwner(ownerId)))
    return Response.json({ error: "The owner must be an active user" }, { status: 400 });
  const created = await createFollowUp({
    clientId,
    dueDate,
    note,
    ownerId: ownerId ?? user.id,
    createdBy: user,
    ip: requestAddress(request),
  });
  if (!created) return Response.json({ error: "Client not found" }, { status: 404 });
  return Response.json({ data: await getFollowUp(created.id) }, { status: 201 });
}
