import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { listClientQuotes } from "~/services/quotes.server";

/** GET /api/clients/:id/quotes → {data: [quote]}: the client's quotes newest first, or 404. Any signed-in staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const quotes = id ? await listClientQuotes(id) : null;
  if (!quotes) return Response.json({ error: "Client not found" }, { status: 404 });
  return Response.json({ data: quotes });
}
