import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { parseSalesReportQuery } from "~/domain/sales-report";
import { issuesError } from "~/http/json-api.server";
import { salesReportWorkbook } from "~/services/sales-report.server";
import { spreadsheetResponse } from "~/services/import-spreadsheet.server";

/**
 * GET /api/reports/sales.xlsx?from&to&groupBy: the table under a chart of /reports as a workbook
 * (the JSON route's query and rows, with the monthly table's year-earlier column).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.reports });
  const parsed = parseSalesReportQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return issuesError(parsed.issues);
  return spreadsheetResponse(await salesReportWorkbook(parsed.query));
}
