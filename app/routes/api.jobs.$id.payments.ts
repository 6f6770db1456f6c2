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
import { recordJobPayment } from "~/services/jobs.server";

const contract = API_CONTRACT["/api/jobs/{id}/payments"];

/** POST /api/jobs/:id/payments {amount, method, buyerId?} → 201 {data: {paid, balance}}. Any role. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const id = parseJobId(params.id);
  if (!id) return Response.json({ error: english(message(MESSAGE_CODES.jobNotFound)) }, { status: 404 });
  const input = await readJsonBody(request, contract.post.body());
  const result = await recordJobPayment(id, input, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return jobFailureResponse(result);
  return Response.json({ data: { paid: result.paid, balance: result.balance } }, { status: 201 });
}
