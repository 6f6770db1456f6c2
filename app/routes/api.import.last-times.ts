import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { lastImportTimes } from "~/services/import.server";

/** GET /api/import/last-times → {lastClientImport: {timestamp, …}, lastZohoImport: {timestamp, …}}; the page polls it every 30 s. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.importData });
  return Response.json(await lastImportTimes(), { headers: { "Cache-Control": "no-store" } });
}
