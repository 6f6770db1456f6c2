import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { getClientFigures } from "~/services/dashboard.server";

/** docs/product-rules.md §3 Dashboard metrics: {totalClients, activeVips, inactiveClients}. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.dashboard });
  const { metrics } = await getClientFigures();
  return Response.json(metrics);
}
