import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { english } from "~/i18n/english.server";
import { updateFollowUp } from "~/services/follow-ups.server";

const contract = API_CONTRACT["/api/follow-ups/{id}"];

/**
 * PUT /api/follow-ups/:id {status?, outcome?, dueDate?, ownerId?} → {data}. Its owner, whoever
 * scheduled it or an admin may change it; done with an outcome also records an interaction.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["PUT"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const input = await readJsonBody(request, contract.put.body(), { error: "Invalid change" });
  const result = await updateFollowUp(params.id ?? "", input, user, requestAddress(request));
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({ data: result.followUp });
}
