import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseJobId } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { jobFailureResponse } from "~/http/job-api.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { english } from "~/i18n/english.server";
import { moveJob } from "~/services/jobs.server";

const contract = API_CONTRACT["/api/jobs/{id}/status"];

/**
 * POST /api/jobs/:id/status {status, reason?, override?} → 200 {data: job, refunds}. The flow and the roles are
 * app/domain/jobs.ts decideMove's: another move 409, delivered with a balance 409 naming it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const id = parseJobId(params.id);
  if (!id) return Response.json({ error: english(message(MESSAGE_CODES.jobNotFound)) }, { status: 404 });
  const { status, reason, override } = await readJsonBody(request, contract.post.body());
  const result = await moveJob(id, { to: status, reason, override }, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return jobFailureResponse(result);
  return Response.json({ data: result.job, refunds: result.refunds });
}
