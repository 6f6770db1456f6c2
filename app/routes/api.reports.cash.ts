import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseCashReportQuery } from "~/domain/cash-rule";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { inputError } from "~/http/json-api.server";
import { english } from "~/i18n/english.server";
import { cashReportJson, listCashReports } from "~/services/cash-rule.server";

/**
 * GET /api/reports/cash?status=report_due|reported&page= (admins) → {data: [{id, kind, clientId, clientName,
 * cashAmount, at, idType, status, reference}], total}: the cash rule's flagged transactions, newest first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.cashReports });
  const query = parseCashReportQuery(new URL(request.url).searchParams);
  if (!query.ok) {
    const error = english(message(MESSAGE_CODES.cashReportQuery));
    return inputError(error, [{ path: "status", message: error }]);
  }
  const { rows, total } = await listCashReports(query);
  return Response.json({ data: rows.map(cashReportJson), total });
}
