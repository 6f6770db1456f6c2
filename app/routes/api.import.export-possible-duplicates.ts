import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { translatorFor } from "~/i18n/i18n.server";
import { possibleDuplicatesExport } from "~/services/import-files.server";
import { spreadsheetResponse } from "~/services/import-spreadsheet.server";

/**
 * GET /api/import/export-possible-duplicates?runId=… → Possible_Duplicates_Export.xlsx: the new
 * clients of one of the requesting user's imports that look like a client already in the book.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.importData });
  const runId = new URL(request.url).searchParams.get("runId") ?? "";
  if (!runId) return Response.json({ error: "runId is required." }, { status: 400 });
  const download = await possibleDuplicatesExport(runId, user.id, (await translatorFor(request, "import")).t);
  if (!download) return Response.json({ error: "That import found no possible duplicates." }, { status: 404 });
  return spreadsheetResponse(download);
}
