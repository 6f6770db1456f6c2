import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/guards.server";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS, ROLE_LABELS } from "~/domain/roles";
import { hasLinkedDevice } from "~/services/authenticators.server";

export const meta: MetaFunction = () => [{ title: `Profile | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.profile });
  return { user, authenticatorLinked: await hasLinkedDevice(user.id) };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 py-2 last:border-0">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

const ADMIN_ACTIONS = [
  { to: "/profile/users", title: "User Management", text: "Add, edit, deactivate and remove staff accounts" },
  { to: "/profile/logs", title: "System Logs", text: "Sign-ins, failed codes, user changes, deletions and imports" },
  { to: "/profile/security", title: "Security Settings", text: "Your authenticator devices and signed-in sessions" },
  {
    to: "/profile/retention",
    title: "Data Retention",
    text: "How long deleted clients, audit entries and contact notes are kept",
  },
  {
    to: "/profile/messages",
    title: "WhatsApp Messages",
    text: "The birthday, anniversary, Emirates ID and lead messages to clients, in English and Arabic",
  },
] as const;

export default function ProfilePage() {
  const { user, authenticatorLinked } = useLoaderData<typeof loader>();
  const isAdmin = user.role === "admin";
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">Profile</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className="card" aria-labelledby="profile-info">
            <h2 id="profile-info" className="mb-2 font-semibold">
              Profile Information
            </h2>
            <dl>
              <Row label="Name">{user.name}</Row>
              <Row label="Email">{user.email}</Row>
              <Row label="Role">
                <span className="badge bg-brand-100 text-brand-700">
                  {isAdmin ? "Administrator" : ROLE_LABELS[user.role]}
                </span>
              </Row>
              <Row label="Authentication Method">
                Authenticator app{" "}
                <span
                  className={
                    authenticatorLinked ? "badge bg-green-100 text-green-800" : "badge bg-amber-100 text-amber-900"
                  }
                >
                  {authenticatorLinked ? "Active" : "Not linked"}
                </span>
              </Row>
            </dl>
          </section>

          <section className="card" aria-labelledby="profile-security">
            <h2 id="profile-security" className="mb-2 font-semibold">
              Security
            </h2>
            <ul className="space-y-1 text-sm">
              <li>✓ Passwordless authentication enabled</li>
              <li>✓ No passwords stored</li>
              <li>Account Created: System Administrator</li>
              <li>
                Access Level: <strong>{isAdmin ? "Full System Access" : "Standard User"}</strong>
              </li>
            </ul>
          </section>
        </div>

        <div className="space-y-6">
          <section className="card" aria-labelledby="profile-admin-actions">
            <h2 id="profile-admin-actions" className="mb-3 font-semibold">
              Admin Actions
            </h2>
            <ul className="space-y-2">
              {ADMIN_ACTIONS.map((a) => (
                <li key={a.to}>
                  <Link
                    to={a.to}
                    className="block rounded-md border border-gray-200 p-3 hover:border-brand-500 hover:bg-brand-50"
                  >
                    <span className="block font-medium">{a.title}</span>
                    <span className="block text-xs text-gray-600">{a.text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section className="card" aria-labelledby="profile-status">
            <h2 id="profile-status" className="mb-2 font-semibold">
              Account Status
            </h2>
            <dl>
              <Row label="Status">
                <span className="badge bg-green-100 text-green-800">Active</span>
              </Row>
              <Row label="Two-factor">
                <span className="badge bg-green-100 text-green-800">TOTP Enabled</span>
              </Row>
              {isAdmin ? (
                <Row label="Permissions">
                  <span className="badge bg-brand-100 text-brand-700">Full Access</span>
                </Row>
              ) : null}
            </dl>
          </section>
        </div>
      </div>
      <Outlet />
    </div>
  );
}
