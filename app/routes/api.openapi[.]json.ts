import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { openApiDocument } from "~/http/openapi.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api route, for signed-in staff (docs/api.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return Response.json(openApiDocument());
}
