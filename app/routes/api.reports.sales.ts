import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { parseSalesReportQuery, salesReportJson } from "~/domain/sales-report";
import { issuesError } from "~/http/json-api.server";
import { salesReport } from "~/services/sales-report.server";

/**
 * GET /api/reports/sales?from=YYYY-MM-DD&to=YYYY-MM-DD&groupBy=month|showroom|associate|team|tier|category
 * → {rows: [{key, label, count, total, average}], totals: {count, total, average}}: the sales not void
 * of the period, amounts as decimal strings (docs/decisions/018-sales-report.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.reports });
  const parsed = parseSalesReportQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return issuesError(parsed.issues);
  return Response.json(salesReportJson(await salesReport(parsed.query)));
}
