import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { listCustomerSales, parseClientIds } from "~/services/customers.server";

/** GET /api/clients/:id/sales (spec §7): the client's sale records, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.customers });
  const [id] = parseClientIds(params.id);
  const sales = id ? await listCustomerSales(id) : null;
  return sales ? Response.json(sales) : Response.json({ error: "Client not found" }, { status: 404 });
}
