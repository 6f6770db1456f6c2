import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { consumeActionVerification } from "~/auth/verification.server";
import { clientAddress } from "~/domain/client-ip";
import { ACCESS } from "~/domain/roles";
import { parseClientIds } from "~/domain/client-ids";
import { deleteClients } from "~/services/client-deletion.server";

/**
 * DELETE /api/clients/bulk {clientIds, otpVerified} (spec §7). The body's otpVerified is not
 * trusted: the session must hold a fresh code verification, which this request spends.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireApiUser(request, { access: ACCESS.customers });
  if (request.method !== "DELETE") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const body = (await request.json().catch(() => null)) as { clientIds?: unknown } | null;
  const ids = parseClientIds(body?.clientIds);
  if (ids.length === 0) return Response.json({ error: "Select at least one client to delete" }, { status: 400 });
  if (!(await consumeActionVerification(session.id))) {
    return Response.json(
      { error: "Security verification required: enter a fresh code from your authenticator app" },
      { status: 403 },
    );
  }
  const { deleted } = await deleteClients(ids, session.user, clientAddress(request));
  return Response.json({ success: true, deleted, message: `${deleted} client${deleted === 1 ? "" : "s"} deleted` });
}
