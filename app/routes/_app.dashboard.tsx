import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { AlertPanel } from "~/components/dashboard/alert-panel";
import { BusinessSummaryPanel } from "~/components/dashboard/business-summary";
import { FigureCards } from "~/components/dashboard/figure-cards";
import { COMPLETE_FOLLOW_UP_INTENT, FollowUpsPanel } from "~/components/dashboard/follow-ups-panel";
import { TierBreakdownPanel } from "~/components/dashboard/tier-breakdown";
import { firstName, shortDayLabel } from "~/domain/alerts";
import { businessToday } from "~/domain/calendar";
import { ALERT_WINDOW_DAYS, EXPIRED_ID_LOOKBACK_DAYS } from "~/domain/client-windows";
import { businessSummary } from "~/domain/dashboard-figures";
import { formatCount, fullDayLabel } from "~/domain/display-labels";
import { PRODUCT_NAME } from "~/domain/product";
import { requestAddress } from "~/http/request-address";
import { ACCESS, ROLE_LABELS } from "~/domain/roles";
import { getClientFigures, getDashboardAlerts } from "~/services/dashboard.server";
import { completeFollowUp, listDueFollowUps } from "~/services/follow-ups.server";
import { redirectWithToast } from "~/http/toast.server";
import { getMyDay } from "~/services/my-day.server";
import { MyDaySection } from "~/components/my-day";

export const meta: MetaFunction = () => [{ title: `Dashboard | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.dashboard });
  const today = businessToday();
  // Everyone sees their own (and unassigned) follow-ups; an admin may ask for everyone's.
  const everyone = user.role === "admin" && new URL(request.url).searchParams.get("followUps") === "all";
  const [figures, alerts, followUps, myDay] = await Promise.all([
    getClientFigures(today),
    // docs/product-rules.md §8: a failed alert lookup says 'Failed to fetch alerts' in the panels; the figures still show.
    getDashboardAlerts(today).catch((error: unknown) => {
      console.error("dashboard alerts failed", error);
      return null;
    }),
    listDueFollowUps(today, undefined, everyone ? undefined : user.id),
    getMyDay(user.id, today),
  ]);
  // Day labels are made here, so the page hydrates without Intl (see ~/domain/display-labels).
  const labelled = <T extends { date: string }>(list: { items: T[]; total: number }) => ({
    total: list.total,
    items: list.items.map((alert) => ({ ...alert, dayLabel: shortDayLabel(alert.date) })),
  });
  return {
    greetingName: firstName(user.name),
    roleLabel: ROLE_LABELS[user.role],
    today,
    ...figures,
    summary: businessSummary(figures.metrics),
    alerts: alerts && {
      birthdays: labelled(alerts.birthdays),
      anniversaries: labelled(alerts.anniversaries),
      emiratesId: labelled(alerts.emiratesId),
    },
    isAdmin: user.role === "admin",
    everyone,
    myDay,
    followUps: {
      total: followUps.total,
      items: followUps.items.map((f) => ({ ...f, dayLabel: shortDayLabel(f.dueDate) })),
    },
  };
}

const CompleteFollowUpSchema = z.object({
  intent: z.literal(COMPLETE_FOLLOW_UP_INTENT),
  followUpId: z.string().min(1),
});

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.dashboard });
  const parsed = CompleteFollowUpSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Unknown dashboard action", { status: 400 });
  const done = await completeFollowUp(parsed.data.followUpId, { actor: user, ip: requestAddress(request) });
  return redirectWithToast(
    "/dashboard",
    done
      ? { type: "success", title: "Follow-up done", description: "It is off the dashboard." }
      : { type: "error", title: "Nothing to mark", description: "That follow-up is already done or no longer exists." },
  );
}

const inNext30Days = (n: number) => `${formatCount(n)} in ${ALERT_WINDOW_DAYS} days`;

export default function Dashboard() {
  const {
    greetingName,
    roleLabel,
    today,
    metrics,
    tierBreakdown,
    summary,
    alerts,
    followUps,
    isAdmin,
    everyone,
    myDay,
  } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Welcome back, {greetingName}</h1>
        <span className="badge bg-brand-100 text-brand-700" data-testid="role-badge">
          {roleLabel}
        </span>
        <p className="w-full text-sm text-gray-600">
          {fullDayLabel(today)}: your clients at a glance and who to contact in the next 30 days.
        </p>
      </header>

      <MyDaySection day={myDay} />

      <FigureCards metrics={metrics} tierBreakdown={tierBreakdown} />

      <div className="grid gap-4 lg:grid-cols-2">
        <TierBreakdownPanel breakdown={tierBreakdown} totalClients={metrics.totalClients} />
        <BusinessSummaryPanel summary={summary} />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <AlertPanel
          title="Birthdays"
          testId="birthday-alerts"
          list={alerts?.birthdays ?? null}
          totalLabel={inNext30Days}
          emptyText="No birthdays in the next 30 days."
        />
        <AlertPanel
          title="Anniversaries"
          testId="anniversary-alerts"
          list={alerts?.anniversaries ?? null}
          totalLabel={inNext30Days}
          emptyText="No anniversaries in the next 30 days."
        />
        <AlertPanel
          title="Emirates ID"
          testId="emirates-id-alerts"
          list={alerts?.emiratesId ?? null}
          totalLabel={(n) => `${formatCount(n)} to follow up`}
          emptyText={`No Emirates IDs expiring in the next ${ALERT_WINDOW_DAYS} days or expired in the last ${EXPIRED_ID_LOOKBACK_DAYS}.`}
        />
      </div>

      <FollowUpsPanel
        followUps={followUps}
        returnTo={everyone ? "/dashboard?followUps=all" : "/dashboard"}
        title={everyone ? "Everyone's follow-ups" : "My follow-ups"}
        toggle={
          isAdmin
            ? everyone
              ? { href: "/dashboard", label: "Only mine" }
              : { href: "/dashboard?followUps=all", label: "Everyone's" }
            : undefined
        }
      />
    </div>
  );
}
