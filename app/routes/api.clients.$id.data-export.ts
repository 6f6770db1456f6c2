import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { exportClientData } from "~/services/client-data-export.server";

/**
 * GET /api/clients/:id/data-export (admin; others 403): everything held about the client, deleted
 * or not, as JSON (docs/privacy.md "Answering a request"). Audited as an export.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.profile });
  const [id] = parseClientIds(params.id);
  const data = id ? await exportClientData(id, user, { format: "json", ip: requestAddress(request) }) : null;
  if (!data) return Response.json({ error: "Client not found" }, { status: 404 });
  return Response.json(data);
}
