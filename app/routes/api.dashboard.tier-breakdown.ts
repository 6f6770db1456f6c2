import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { getClientFigures } from "~/services/dashboard.server";

/** docs/product-rules.md §3 Tier breakdown: {diamond, platinum, gold, silverBronze}. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.dashboard });
  const { tierBreakdown } = await getClientFigures();
  return Response.json(tierBreakdown);
}
