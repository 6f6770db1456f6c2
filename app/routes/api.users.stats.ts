import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUnlockedAdminApi } from "~/auth/admin-gate.server";
import { userStats } from "~/services/users.server";

/** GET /api/users/stats: staff counts by role and status (admin only, behind the gate). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUnlockedAdminApi(request);
  return Response.json(await userStats());
}
