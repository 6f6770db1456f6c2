import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { getDashboardAlerts } from "~/services/dashboard.server";

/**
 * docs/product-rules.md §3 Alerts response. Each list holds the first PANEL_LIMIT alerts, soonest first, as the
 * dashboard shows them; `totals` says how many are due in all.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.dashboard });
  try {
    const { birthdays, anniversaries, emiratesId } = await getDashboardAlerts();
    return Response.json({
      communicationAlerts: [],
      emiratesIdAlerts: emiratesId.items,
      birthdayAlerts: birthdays.items,
      anniversaryAlerts: anniversaries.items,
      totals: {
        emiratesIdAlerts: emiratesId.total,
        birthdayAlerts: birthdays.total,
        anniversaryAlerts: anniversaries.total,
      },
    });
  } catch (error) {
    console.error("dashboard alerts failed", error);
    return Response.json({ error: "Failed to fetch alerts" }, { status: 500 });
  }
}
