import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { businessToday } from "~/domain/calendar";
import { parseCashReportQuery } from "~/domain/cash-rule";
import { toCsv } from "~/domain/csv-safety";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import { CASH_KIND_KEYS, ID_TYPE_KEYS, REPORT_STATUS_KEYS } from "~/i18n/cash-keys";
import { translatorFor } from "~/i18n/i18n.server";
import { auditCashReportDownload, eachCashReport } from "~/services/cash-rule.server";

/**
 * GET /reports/cash/download?status= (admins): the flagged cash transactions as CSV, oldest first, every
 * cell neutralised against formulas (app/domain/csv-safety.ts), headers and labels in the page's language;
 * the download is audited, as it carries buyers' identity numbers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.cashReports });
  const { t } = await translatorFor(request, "cash");
  const parsed = parseCashReportQuery(new URL(request.url).searchParams);
  if (!parsed.ok) throw new Response(t("cash:errors.query"), { status: 400 });
  const rows: (string | number)[][] = [];
  for await (const r of eachCashReport(parsed.status)) {
    rows.push([
      r.id,
      r.at,
      r.clientId,
      r.clientName,
      t(CASH_KIND_KEYS[r.kind]),
      r.cashAmount,
      r.idType ? t(ID_TYPE_KEYS[r.idType]) : "",
      r.idNumber ?? "",
      r.idNationality ?? "",
      t(REPORT_STATUS_KEYS[r.status]),
      r.reference ?? "",
      r.reportedOn ?? "",
    ]);
  }
  await auditCashReportDownload(parsed.status, { actor: user, ip: requestAddress(request) });
  const header = [
    "id",
    t("cash:report.at"),
    "clientId",
    t("cash:report.client"),
    t("cash:report.kind"),
    t("cash:report.cashAmount"),
    t("cash:report.idType"),
    t("cash:report.idNumber"),
    t("cash:saleForm.nationality"),
    t("cash:report.status"),
    t("cash:report.reference"),
    t("cash:report.reportedOn"),
  ];
  return new Response(toCsv(header, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cash-reports-${businessToday()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
