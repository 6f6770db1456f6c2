import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { alertItemsHtml } from "~/components/dashboard/alert-items-html.server";
import { AlertPanel, alertItemsId, panelAlert, type PanelList } from "~/components/dashboard/alert-panel";
import { BusinessSummaryPanel } from "~/components/dashboard/business-summary";
import { FigureCards } from "~/components/dashboard/figure-cards";
import { COMPLETE_FOLLOW_UP_INTENT, FollowUpsPanel } from "~/components/dashboard/follow-ups-panel";
import { TierBreakdownPanel } from "~/components/dashboard/tier-breakdown";
import { firstName, shortDayLabel, type Alert } from "~/domain/alerts";
import { businessToday } from "~/domain/calendar";
import { ALERT_WINDOW_DAYS, EXPIRED_ID_LOOKBACK_DAYS } from "~/domain/client-windows";
import { businessSummary } from "~/domain/dashboard-figures";
import { formatCount, fullDayLabel } from "~/domain/display-labels";
import { PRODUCT_NAME } from "~/domain/product";
import { isDocumentRequest, requestAddress } from "~/http/request-address";
import { keptHtml } from "~/cache/kept-pages.server";
import { ACCESS } from "~/domain/roles";
import { ROLE_KEYS } from "~/components/users/role-keys";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { getClientFigures, getDashboardAlerts, getJobFigures } from "~/services/dashboard.server";
import { JobCountsLine } from "~/components/jobs/job-counts-line";
import { completeFollowUp, listDueFollowUps } from "~/services/follow-ups.server";
import { redirectWithToast } from "~/http/toast.server";
import type { ContactFacts } from "~/services/client-contact.server";
import { getMyDay } from "~/services/my-day.server";
import { loadMessageBook } from "~/services/message-templates.server";
import { MyDaySection } from "~/components/my-day";
import { usePageLocale } from "~/i18n/i18n-provider";
import type { CatalogsHandle } from "~/i18n/catalogs";

/** The three alert panels, by the id each is tested and its alerts sent as HTML by. */
const ALERT_PANEL_IDS = {
  birthdays: "birthday-alerts",
  anniversaries: "anniversary-alerts",
  emiratesId: "emirates-id-alerts",
} as const;

export const handle: CatalogsHandle = { i18n: ["clientForm", "clients", "dashboard", "leads", "profile", "users"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "dashboard:title")} | ${PRODUCT_NAME}` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ user }, { locale, t }] = await Promise.all([
    requireUser(request, { access: ACCESS.dashboard }),
    translatorFor(request, "dashboard"),
  ]);
  const today = businessToday();
  // Everyone sees their own (and unassigned) follow-ups; an admin may ask for everyone's.
  const everyone = user.role === "admin" && new URL(request.url).searchParams.get("followUps") === "all";
  // The alerts and My day write their messages from the same book: read it once for both.
  const messageBook = loadMessageBook();
  const [figures, alerts, followUps, myDay, jobs] = await Promise.all([
    getClientFigures(today),
    // docs/product-rules.md §8: a failed alert lookup says 'Failed to fetch alerts' in the panels; the figures still show.
    getDashboardAlerts(today, undefined, messageBook).catch((error: unknown) => {
      console.error("dashboard alerts failed", error);
      return null;
    }),
    listDueFollowUps(today, undefined, everyone ? undefined : user.id),
    getMyDay(user.id, today, locale, messageBook),
    getJobFigures(today),
  ]);
  // Day labels are made here, so the page hydrates without Intl (see ~/domain/display-labels).
  const labelled = (list: { items: (Alert & ContactFacts)[] }) =>
    list.items.map((alert) => panelAlert(alert, shortDayLabel(alert.date, locale)));
  // A whole page carries the alerts once, as HTML written once per kept answer and locale; a later
  // dashboard (a navigation, a revalidation) gets them as data (decision 033).
  const wholePage = isDocumentRequest(request);
  const panel = (testId: string, list: { items: (Alert & ContactFacts)[]; total: number }): PanelList => {
    const shown = list.items.length;
    if (shown === 0 || !wholePage) return { items: labelled(list), shown, total: list.total };
    (context.documentHtml ??= {})[alertItemsId(testId)] = keptHtml(list, `alert-items ${JSON.stringify(locale)}`, () =>
      alertItemsHtml(labelled(list), locale),
    );
    return { items: null, shown, total: list.total };
  };
  const alertPanels = alerts && {
    birthdays: panel(ALERT_PANEL_IDS.birthdays, alerts.birthdays),
    anniversaries: panel(ALERT_PANEL_IDS.anniversaries, alerts.anniversaries),
    emiratesId: panel(ALERT_PANEL_IDS.emiratesId, alerts.emiratesId),
  };
  return {
    greetingName: firstName(user.name),
    roleLabel: t(ROLE_KEYS[user.role]),
    today,
    ...figures,
    summary: businessSummary(figures.metrics),
    alerts: alertPanels,
    isAdmin: user.role === "admin",
    everyone,
    myDay,
    jobs,
    followUps: {
      total: followUps.total,
      items: followUps.items.map((f) => ({ ...f, dayLabel: shortDayLabel(f.dueDate, locale) })),
    },
  };
}

const CompleteFollowUpSchema = z.object({
  intent: z.literal(COMPLETE_FOLLOW_UP_INTENT),
  followUpId: z.string().min(1),
});

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.dashboard });
  const { t } = await translatorFor(request, "dashboard");
  const parsed = CompleteFollowUpSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Unknown dashboard action", { status: 400 });
  const done = await completeFollowUp(parsed.data.followUpId, { actor: user, ip: requestAddress(request) });
  return redirectWithToast(
    "/dashboard",
    done
      ? {
          type: "success",
          title: t("dashboard:followUps.doneTitle"),
          description: t("dashboard:followUps.doneDescription"),
        }
      : {
          type: "error",
          title: t("dashboard:followUps.nothingTitle"),
          description: t("dashboard:followUps.nothingDescription"),
        },
  );
}

export default function Dashboard() {
  const { t } = useTranslation();
  const locale = usePageLocale();
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
    jobs,
  } = useLoaderData<typeof loader>();
  const inNext30Days = (n: number) =>
    t("dashboard:alerts.inDays", { count: n, n: formatCount(n, locale), days: ALERT_WINDOW_DAYS });
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">
          {t("dashboard:welcome")} <bdi>{greetingName}</bdi>
        </h1>
        <span className="badge bg-brand-100 text-brand-700" data-testid="role-badge">
          {roleLabel}
        </span>
        <p className="w-full text-sm text-gray-600">{t("dashboard:intro", { date: fullDayLabel(today, locale) })}</p>
      </header>

      <MyDaySection day={myDay} />

      <JobCountsLine counts={jobs} />

      <FigureCards metrics={metrics} tierBreakdown={tierBreakdown} />

      <div className="grid gap-4 lg:grid-cols-2">
        <TierBreakdownPanel breakdown={tierBreakdown} totalClients={metrics.totalClients} />
        <BusinessSummaryPanel summary={summary} />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <AlertPanel
          title={t("dashboard:alerts.birthdays")}
          testId={ALERT_PANEL_IDS.birthdays}
          list={alerts?.birthdays ?? null}
          totalLabel={inNext30Days}
          emptyText={t("dashboard:alerts.noBirthdays")}
        />
        <AlertPanel
          title={t("dashboard:alerts.anniversaries")}
          testId={ALERT_PANEL_IDS.anniversaries}
          list={alerts?.anniversaries ?? null}
          totalLabel={inNext30Days}
          emptyText={t("dashboard:alerts.noAnniversaries")}
        />
        <AlertPanel
          title={t("dashboard:alerts.emiratesId")}
          testId={ALERT_PANEL_IDS.emiratesId}
          list={alerts?.emiratesId ?? null}
          totalLabel={(n) => t("dashboard:alerts.toFollowUp", { count: n, n: formatCount(n, locale) })}
          emptyText={t("dashboard:alerts.noEmiratesIds", {
            days: ALERT_WINDOW_DAYS,
            lookback: EXPIRED_ID_LOOKBACK_DAYS,
          })}
        />
      </div>

      <FollowUpsPanel
        followUps={followUps}
        returnTo={everyone ? "/dashboard?followUps=all" : "/dashboard"}
        title={everyone ? t("dashboard:followUps.everyone") : t("dashboard:followUps.mine")}
        toggle={
          isAdmin
            ? everyone
              ? { href: "/dashboard", label: t("dashboard:followUps.onlyMine") }
              : { href: "/dashboard?followUps=all", label: t("dashboard:followUps.everyonesLink") }
            : undefined
        }
      />
    </div>
  );
}
