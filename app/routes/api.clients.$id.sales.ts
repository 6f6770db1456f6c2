import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { parseClientIds } from "~/domain/client-ids";
import { listClientSales } from "~/services/client-queries.server";

/** GET /api/clients/:id/sales: the client's sale records, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const sales = id ? await listClientSales(id) : null;
  return sales ? Response.json(sales) : Response.json({ error: "Client not found" }, { status: 404 });
}
