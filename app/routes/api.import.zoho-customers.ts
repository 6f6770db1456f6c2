import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { requireMethod } from "~/http/json-api.server";
import { importAnswer, importFromRequest } from "~/services/import.server";

/** POST /api/import/zoho-customers (multipart, field `file`) → the same import result as the client import. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.importData });
  const outcome = await importFromRequest(request, "zoho", user, requestAddress(request));
  return Response.json(importAnswer(outcome, request), { status: outcome.status });
}
