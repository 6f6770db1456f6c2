import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { destroyCurrentSession } from "~/auth/session.server";
import { shopDateTime } from "~/components/users/dates";
import { appTimezone } from "~/domain/calendar";
import { clientAddress } from "~/domain/client-ip";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { listLinkedDevices } from "~/services/authenticators.server";
import { activeSessionsOf, signOutEverywhere } from "~/services/users.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: `Security Settings | ${PRODUCT_NAME}` }];

/** Security Settings (Admin Actions): your linked authenticators and where you are signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireUser(request, { access: ACCESS.profile });
  const [devices, sessions] = await Promise.all([
    listLinkedDevices(session.user.id),
    activeSessionsOf(session.user.id),
  ]);
  const timeZone = appTimezone();
  return {
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

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUser(request, { access: ACCESS.profile });
  const ended = await signOutEverywhere(session.user, clientAddress(request));
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
  const { devices, sessions } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← Profile
        </Link>
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
          <ul className="divide-y divide-gray-100">
            {devices.map((d) => (
              <li key={d.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm" data-testid="device">
                <span className="font-medium">{d.label}</span>
                <span className="text-gray-600">Linked {d.linked}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">No authenticator is linked to your account.</p>
        )}
        <p className="text-xs text-gray-500">
          Lost a phone? An operator can issue a new key with `npm run admin:reset-authenticator`.
        </p>
      </section>

      <section className="card space-y-3" aria-labelledby="security-sessions">
        <h2 id="security-sessions" className="font-semibold">
          Active sessions
        </h2>
        <ul className="divide-y divide-gray-100">
          {sessions.map((s) => (
            <li key={s.id} className="py-2 text-sm" data-testid="session">
              <p className="font-medium">
                {s.userAgent ?? "Unknown browser"}{" "}
                {s.current ? <span className="badge bg-green-100 text-green-800">This session</span> : null}
              </p>
              <p className="text-gray-600">
                Signed in {s.started} · last active {s.lastSeen}
                {s.ip ? ` · ${s.ip}` : ""}
              </p>
            </li>
          ))}
        </ul>
        <Form method="post">
          <button type="submit" className="btn-danger" disabled={navigation.state === "submitting"}>
            Sign out everywhere
          </button>
        </Form>
        <p className="text-xs text-gray-500">Ends every session of your account at once, including this one.</p>
      </section>
    </div>
  );
}
