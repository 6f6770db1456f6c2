import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseJobId } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { jobFailureResponse } from "~/http/job-api.server";
import { requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { english } from "~/i18n/english.server";
import { refundJobPayment } from "~/services/jobs.server";

/**
 * POST /api/jobs/:id/payments/:paymentId/refund → 200 {data: {paid, balance}}: a cancelled job's payment refunded
 * whole (admin, sales front, sales back; the service checks the role).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const id = parseJobId(params.id);
  if (!id) return Response.json({ error: english(message(MESSAGE_CODES.jobNotFound)) }, { status: 404 });
  const paymentId = parseJobId(params.paymentId);
  if (!paymentId) return Response.json({ error: english(message(MESSAGE_CODES.jobPaymentNotFound)) }, { status: 404 });
  const result = await refundJobPayment(id, paymentId, { actor: user, ip: requestAddress(request) });
  if (!result.ok) return jobFailureResponse(result);
  return Response.json({ data: { paid: result.paid, balance: result.balance } });
}
