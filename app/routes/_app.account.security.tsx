import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { destroyCurrentSession } from "~/auth/session.server";
import { shopDateTime } from "~/domain/shop-dates";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import { PRODUCT_NAME } from "~/domain/product";
import { say } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { listLinkedDevices } from "~/services/authenticators.server";
import { activeSessionsOf, signOutEverywhere, signOutOtherSessions, signOutSession } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";
import { LinkedDeviceList } from "~/components/users/linked-device-list";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["account", "profile"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "account:security.title")} | ${PRODUCT_NAME}` },
];

/** Security Settings, for every role: your linked authenticators and where you are signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const { locale, t } = await translatorFor(request, "account");
  const [devices, sessions] = await Promise.all([
    listLinkedDevices(session.user.id),
    activeSessionsOf(session.user.id),
  ]);
  const timeZone = appTimezone();
  return {
    isAdmin: session.user.role === "admin",
    devices: devices.map((d) => ({
      id: d.id,
      label: say(t, d.name),
      linked: shopDateTime(d.verifiedAt, timeZone, locale),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === session.id,
      started: shopDateTime(s.createdAt, timeZone, locale),
      lastSeen: shopDateTime(s.lastSeenAt, timeZone, locale),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
  };
}

const SecurityAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-out-session"), sessionId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("sign-out-others") }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUser(request);
  const { t } = await translatorFor(request, "account");
  const form = Object.fromEntries(await request.formData());
  const parsed = SecurityAction.safeParse({ intent: "sign-out-everywhere", ...form });
  if (!parsed.success) throw new Response(t("account:security.unknownAction"), { status: 400 });
  const ip = requestAddress(request);
  const here = new URL(request.url).pathname;

  if (parsed.data.intent === "sign-out-session") {
    if (parsed.data.sessionId === session.id) throw new Response(t("account:security.useSignOut"), { status: 400 });
    const ended = await signOutSession(session.user, parsed.data.sessionId, ip);
    return redirectWithToast(
      here,
      ended
        ? {
            type: "success",
            title: t("common:signOut.sessionEnded"),
            description: t("account:security.endedDescription"),
          }
        : {
            type: "error",
            title: t("account:security.nothingToEnd"),
            description: t("account:security.alreadyEnded"),
          },
    );
  }
  if (parsed.data.intent === "sign-out-others") {
    const ended = await signOutOtherSessions(session.user, session.id, ip);
    return redirectWithToast(here, {
      type: "success",
      title: t("account:security.signedOutElsewhere"),
      description: t("account:security.othersEnded", { count: ended }),
    });
  }
  const ended = await signOutEverywhere(session.user, ip);
  return redirectWithToast(
    "/login",
    {
      type: "success",
      title: t("account:security.signedOutEverywhere"),
      description: t("account:security.allEnded", { count: ended }),
    },
    { headers: { "Set-Cookie": await destroyCurrentSession(request) } },
  );
}

export default function SecuritySettings() {
  const { isAdmin, devices, sessions } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const others = sessions.filter((s) => !s.current).length;
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        {isAdmin ? (
          <Link to="/profile" className="text-sm text-brand-700 underline">
            ← {t("profile:title")}
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold">{t("account:security.title")}</h1>
      </div>

      <section className="card space-y-3" aria-labelledby="security-devices">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="security-devices" className="font-semibold">
            {t("account:security.devices")}
          </h2>
          <Link to="/account/authenticator" className="btn-secondary">
            {t("account:authenticator.addAnother")}
          </Link>
        </div>
        {devices.length ? (
          <LinkedDeviceList devices={devices} />
        ) : (
          <p className="text-sm text-gray-600">{t("account:security.noDevice")}</p>
        )}
        <p className="text-xs text-gray-500">{t("account:security.lostPhone")}</p>
      </section>

      <section className="card space-y-3" aria-labelledby="security-sessions">
        <h2 id="security-sessions" className="font-semibold">
          {t("account:security.sessions")}
        </h2>
        <ul className="divide-y divide-gray-100">
          {sessions.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              data-testid="session"
            >
              <div>
                <p className="font-medium">
                  {s.userAgent ? <bdi>{s.userAgent}</bdi> : t("account:security.unknownBrowser")}{" "}
                  {s.current ? (
                    <span className="badge bg-green-100 text-green-800">{t("account:security.thisSession")}</span>
                  ) : null}
                </p>
                <p className="text-gray-600">
                  {t("account:security.sessionTimes", { started: s.started, lastSeen: s.lastSeen })}
                  {s.ip ? (
                    <>
                      {" · "}
                      <span dir="ltr">{s.ip}</span>
                    </>
                  ) : null}
                </p>
              </div>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="sign-out-session"
                    className="btn-secondary"
                    disabled={busy}
                  >
                    {t("account:security.endSession")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {others > 0 ? (
            <Form method="post">
              <button type="submit" name="intent" value="sign-out-others" className="btn-secondary" disabled={busy}>
                {t("account:security.signOutOthers")}
              </button>
            </Form>
          ) : null}
          <Form method="post">
            <button type="submit" name="intent" value="sign-out-everywhere" className="btn-danger" disabled={busy}>
              {t("account:security.signOutEverywhere")}
            </button>
          </Form>
        </div>
        <p className="text-xs text-gray-500">{t("account:security.everywhereHint")}</p>
      </section>
    </div>
  );
}
