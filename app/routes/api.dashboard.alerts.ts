import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { lastContactLabel } from "~/services/client-contact.server";
import { getDashboardAlerts, type AlertList } from "~/services/dashboard.server";

/** An alert as JSON: its contact facts with the last contact in English words. */
const asJson = (list: AlertList) =>
  list.items.map((alert) => ({ ...alert, lastContactLabel: lastContactLabel(alert) }));

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
      emiratesIdAlerts: asJson(emiratesId),
      birthdayAlerts: asJson(birthdays),
      anniversaryAlerts: asJson(anniversaries),
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
