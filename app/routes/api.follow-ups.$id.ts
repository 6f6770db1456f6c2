import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { FollowUpChangeSchema } from "~/domain/follow-ups";
import { issueDetails } from "~/domain/interactions";
import { ACCESS } from "~/domain/roles";
import { updateFollowUp } from "~/services/follow-ups.server";

/**
 * PUT /api/follow-ups/:id {status?, outcome?, dueDate?, ownerId?} → {data}. Its owner, whoever
 * scheduled it or an admin may change it; done with an outcome also records an interaction.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  if (request.method !== "PUT") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const parsed = FollowUpChangeSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return Response.json({ error: "Invalid change", details: issueDetails(parsed.error) }, { status: 400 });
  const result = await updateFollowUp(params.id ?? "", parsed.data, user, requestAddress(request));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ data: result.followUp });
}
