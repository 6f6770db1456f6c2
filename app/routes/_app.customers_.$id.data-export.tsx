import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { requestAddress } from "~/http/request-address";
import {
  clientDataWorkbook,
  dataExportFileName,
  exportClientData,
  type ExportFormat,
} from "~/services/client-data-export.server";
import { spreadsheetResponse } from "~/services/import-spreadsheet.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { plainRefusal } from "~/http/page-refusals.server";

/**
 * GET /customers/:id/data-export[?format=json]: "Export this client's data" on the details (admin
 * only), one file to hand to the client: the readable workbook, or the same data as JSON.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  const [id] = parseClientIds(params.id);
  const format: ExportFormat = new URL(request.url).searchParams.get("format") === "json" ? "json" : "xlsx";
  const now = new Date();
  const data = id ? await exportClientData(id, user, { format, ip: requestAddress(request), now }) : null;
  if (!data) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
  const fileName = dataExportFileName(data.client.id, format, now);
  if (format === "xlsx") return spreadsheetResponse({ fileName, bytes: clientDataWorkbook(data) });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
