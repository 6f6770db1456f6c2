import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { importProgress } from "~/services/import.server";

/** GET /api/import/progress?id=… → the rows processed of the total, polled by the page during its own upload. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.importData });
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const progress = id ? await importProgress(id, user.id) : null;
  if (!progress)
    return Response.json({ error: "No such import" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return Response.json(progress, { headers: { "Cache-Control": "no-store" } });
}
