import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { translatorFor } from "~/i18n/i18n.server";
import { skippedClientsExport } from "~/services/import-files.server";
import { spreadsheetResponse } from "~/services/import-spreadsheet.server";

/** GET /api/import/export-skipped → Skipped_Customers_Export.xlsx of the requesting user's last import. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.importData });
  const download = await skippedClientsExport(user.id, (await translatorFor(request, "import")).t);
  if (!download) return Response.json({ error: "Your last import skipped no customers." }, { status: 404 });
  return spreadsheetResponse(download);
}
