import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { requireMethod } from "~/http/json-api.server";
import { importFromRequest } from "~/services/import.server";

/** POST /api/import/clients (multipart, field `file`) → {success, imported, skipped, skippedClients, errors, message}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.importData });
  const { status, result, runId } = await importFromRequest(request, "client", user, requestAddress(request));
  return Response.json({ ...result, runId }, { status });
}
