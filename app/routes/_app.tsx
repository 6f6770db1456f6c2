import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser, type DeniedData } from "~/auth/guards.server";
import { AccessDeniedPanel } from "~/components/access-denied";
import { AppShell } from "~/components/app-shell";
import { appTimezone, businessToday } from "~/domain/calendar";
import { goldRateLine } from "~/domain/gold-rates";
import { NotFoundPage } from "~/root";
import { readLatestGoldRate } from "~/services/gold-rates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // The latest rate of the day is a kept read, asked beside the session's (on PostgreSQL they may then share one
  // snapshot query); nothing of it is sent unless the guard passes.
  const [{ user }, latestRate] = await Promise.all([requireUser(request), readLatestGoldRate()]);
  const now = new Date();
  const timeZone = appTimezone();
  // The shop's day (APP_TIMEZONE) and the rate, shown in the top bar.
  return { user, today: businessToday(now, timeZone), goldRate: goldRateLine(latestRate, now, timeZone) };
}

export default function AppLayout() {
  const { user, today, goldRate } = useRouteLoaderData<typeof loader>("routes/_app")!;
  return (
    <AppShell user={user} today={today} goldRate={goldRate}>
      <Outlet />
    </AppShell>
  );
}

/** Role refusals (403) render inside the shell, with the spec's texts. */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/_app");
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage refusal={error.data as unknown} />;
  const body =
    isRouteErrorResponse(error) && error.status === 403 && (error.data as DeniedData | undefined)?.denial ? (
      <AccessDeniedPanel denial={(error.data as DeniedData).denial} />
    ) : (
      <div className="card mx-auto mt-10 max-w-md text-center">
        <h1 className="text-xl font-semibold">{t("common:errors.title")}</h1>
        <p className="mt-2 text-gray-700">
          {isRouteErrorResponse(error)
            ? `${error.status}: ${typeof error.data === "string" ? error.data : error.statusText}`
            : t("common:errors.tryAgain")}
        </p>
      </div>
    );
  return layout ? (
    <AppShell user={layout.user} today={layout.today} goldRate={layout.goldRate}>
      {body}
    </AppShell>
  ) : (
    body
  );
}
