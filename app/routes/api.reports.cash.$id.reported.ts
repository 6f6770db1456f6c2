import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { english } from "~/i18n/english.server";
import { markCashReported } from "~/services/cash-rule.server";

const contract = API_CONTRACT["/api/reports/cash/{id}/reported"];

/**
 * POST /api/reports/cash/:id/reported {reference, reportedOn?} (admins) → 200 {data: {id, status, reference,
 * reportedOn}}; a transaction not flagged is a 404, one already reported a 409.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.cashReports });
  const [id] = parseClientIds(params.id);
  const input = await readJsonBody(request, contract.post.body());
  const result = id
    ? await markCashReported(id, input, { actor: user, ip: requestAddress(request) })
    : ({ ok: false, status: 404, message: message(MESSAGE_CODES.cashTransactionNotFound) } as const);
  if (!result.ok) {
    const error = english(result.message);
    return inputError(error, [{ path: "id", message: error }], result.status);
  }
  return Response.json({ data: { id, status: "reported", reference: input.reference, reportedOn: input.reportedOn } });
}
