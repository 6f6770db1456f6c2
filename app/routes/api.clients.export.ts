import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { EXPORT_FORMAT_ERROR, parseExportFormat } from "~/domain/client-export";
import { parseClientListQuery } from "~/domain/client-filters";
import { parseClientSort } from "~/domain/client-sort";
import { ACCESS } from "~/domain/roles";
import { inputError } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { exportClientBook } from "~/services/client-export.server";

/**
 * GET /api/clients/export?<the list's filters and sort>&format=xlsx|csv: the client book as the
 * user filtered and sorted it, streamed as `client-book-<date>.<format>` (admins and sales front;
 * audited). The client book's Export links come here, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.exportClients });
  const params = new URL(request.url).searchParams;
  const sort = parseClientSort(params.get("sort"));
  if (!sort.ok) return inputError(sort.message, [{ path: "sort", message: sort.message }]);
  const format = parseExportFormat(params.get("format"));
  if (!format) return inputError(EXPORT_FORMAT_ERROR, [{ path: "format", message: EXPORT_FORMAT_ERROR }]);
  const download = exportClientBook(parseClientListQuery(params), format, user, { ip: requestAddress(request) });
  return new Response(download.body, {
    headers: {
      "Content-Type": download.contentType,
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
