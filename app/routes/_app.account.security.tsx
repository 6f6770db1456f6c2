import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { destroyCurrentSession } from "~/auth/session.server";
import { shopDateTime } from "~/domain/shop-dates";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import { PRODUCT_NAME } from "~/domain/product";
import { listLinkedDevices } from "~/services/authenticators.server";
import { activeSessionsOf, signOutEverywhere, signOutOtherSessions, signOutSession } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";
import { LinkedDeviceList } from "~/components/users/linked-device-list";

export const meta: MetaFunction = () => [{ title: `Security Settings | ${PRODUCT_NAME}` }];

/** Security Settings, for every role: your linked authenticators and where you are signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const [devices, sessions] = await Promise.all([
    listLinkedDevices(session.user.id),
    activeSessionsOf(session.user.id),
  ]);
  const timeZone = appTimezone();
  return {
    isAdmin: session.user.role === "admin",
    devices: devices.map((d) => ({ id: d.id, label: d.label, linked: shopDateTime(d.verifiedAt, timeZone) })),
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === session.id,
      started: shopDateTime(s.createdAt, timeZone),
      lastSeen: shopDateTime(s.lastSeenAt, timeZone),
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
  const form = Object.fromEntries(await request.formData());
  const parsed = SecurityAction.safeParse({ intent: "sign-out-everywhere", ...form });
  if (!parsed.success) throw new Response("Unknown security action", { status: 400 });
  const ip = requestAddress(request);
  const here = new URL(request.url).pathname;

  if (parsed.data.intent === "sign-out-session") {
    if (parsed.data.sessionId === session.id) throw new Response("Use Sign Out for this session", { status: 400 });
    const ended = await signOutSession(session.user, parsed.data.sessionId, ip);
    return redirectWithToast(
      here,
      ended
        ? { type: "success", title: "Session ended", description: "That browser or phone is signed out." }
        : { type: "error", title: "Nothing to end", description: "That session has already ended." },
    );
  }
  if (parsed.data.intent === "sign-out-others") {
    const ended = await signOutOtherSessions(session.user, session.id, ip);
    return redirectWithToast(here, {
      type: "success",
      title: "Signed out elsewhere",
      description: `${ended} other ${ended === 1 ? "session" : "sessions"} ended; this one stays signed in.`,
    });
  }
  const ended = await signOutEverywhere(session.user, ip);
  return redirectWithToast(
    "/login",
    {
      type: "success",
      title: "Signed out everywhere",
      description: `${ended} ${ended === 1 ? "session" : "sessions"} ended, this one included.`,
    },
    { headers: { "Set-Cookie": await destroyCurrentSession(request) } },
  );
}

export default function SecuritySettings() {
  const { isAdmin, devices, sessions } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        {isAdmin ? (
          <Link to="/profile" className="text-sm text-brand-700 underline">
            ← Profile
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold">Security Settings</h1>
      </div>

      <section className="card space-y-3" aria-labelledby="security-devices">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="security-devices" className="font-semibold">
            Authenticator devices
          </h2>
          <Link to="/account/authenticator" className="btn-secondary">
            Add another device
          </Link>
        </div>
        {devices.length ? (
          <LinkedDeviceList devices={devices} />
        ) : (
          <p className="text-sm text-gray-600">No authenticator is linked to your account.</p>
        )}
        <p className="text-xs text-gray-500">
          Lost a phone? Ask an administrator to remove it from your account (Edit User), then link the new one.
        </p>
      </section>

      <section className="card space-y-3" aria-labelledby="security-sessions">
        <h2 id="security-sessions" className="font-semibold">
          Active sessions
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
                  {s.userAgent ?? "Unknown browser"}{" "}
                  {s.current ? <span className="badge bg-green-100 text-green-800">This session</span> : null}
                </p>
                <p className="text-gray-600">
                  Signed in {s.started} · last active {s.lastSeen}
                  {s.ip ? ` · ${s.ip}` : ""}
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
                    End session
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
                Sign out all other sessions
              </button>
            </Form>
          ) : null}
          <Form method="post">
            <button type="submit" name="intent" value="sign-out-everywhere" className="btn-danger" disabled={busy}>
              Sign out everywhere
            </button>
          </Form>
        </div>
        <p className="text-xs text-gray-500">
          &ldquo;Sign out everywhere&rdquo; ends every session of your account at once, including this one.
        </p>
      </section>
    </div>
  );
}
