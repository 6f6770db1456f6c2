import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { shopDateTime } from "~/domain/shop-dates";
import { appTimezone } from "~/domain/calendar";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { AUDIT_ACTION_LABELS, auditFiltersFrom, auditUserOptions, listAuditLog } from "~/services/audit-log.server";

export const meta: MetaFunction = () => [{ title: `System Logs | ${PRODUCT_NAME}` }];

/** System Logs (Admin Actions): the audit log, read-only, newest first, filtered in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  const [log, users] = await Promise.all([listAuditLog(filters), auditUserOptions()]);
  const timeZone = appTimezone();
  return {
    filters,
    users,
    actions: Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
    page: log.page,
    totalPages: log.totalPages,
    totalCount: log.totalCount,
    entries: log.entries.map(({ createdAt, ...e }) => ({ ...e, when: shopDateTime(createdAt, timeZone) })),
  };
}

export default function SystemLogs() {
  const { filters, users, actions, page, totalPages, totalCount, entries } = useLoaderData<typeof loader>();
  const pageLink = (n: number) => {
    const params = new URLSearchParams();
    if (filters.action) params.set("action", filters.action);
    if (filters.actorId) params.set("user", filters.actorId);
    if (filters.clientId) params.set("client", String(filters.clientId));
    params.set("page", String(n));
    return `/profile/logs?${params}`;
  };
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <Link to="/profile" className="text-sm text-brand-700 underline">
          ← Profile
        </Link>
        <h1 className="text-2xl font-semibold">System Logs</h1>
        <p className="text-sm text-gray-600">
          Sign-ins, failed codes and lockouts, user changes, every change to a client and every Emirates ID reveal,
          deletions and imports. Read-only. A client&apos;s entries: their id, or Audit log on their details.
        </p>
      </div>
      <Form method="get" className="card flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="log-action" className="label">
            Action
          </label>
          <select id="log-action" name="action" defaultValue={filters.action ?? ""} className="input mt-1">
            <option value="">All actions</option>
            {actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="log-user" className="label">
            User
          </label>
          <select id="log-user" name="user" defaultValue={filters.actorId ?? ""} className="input mt-1">
            <option value="">Everyone</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="log-client" className="label">
            Client id
          </label>
          <input
            id="log-client"
            name="client"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={filters.clientId ?? ""}
            placeholder="e.g. 1024"
            className="input mt-1 w-32"
          />
        </div>
        <button type="submit" className="btn-primary">
          Filter
        </button>
        <Link to="/profile/logs" className="btn-ghost">
          Clear Filters
        </Link>
      </Form>
      <p className="text-sm text-gray-600">
        {totalCount} {totalCount === 1 ? "entry" : "entries"}
      </p>
      {entries.length ? (
        <div className="card overflow-x-auto p-0">
          <table className="min-w-full text-start text-sm">
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th className="px-3 py-2">When</th>
                <th className="px-3 py-2">Who</th>
                <th className="px-3 py-2">Action</th>
                <th className="px-3 py-2">About</th>
                <th className="px-3 py-2">Details</th>
                <th className="px-3 py-2">Address</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t border-gray-100 align-top" data-testid="log-entry">
                  <td className="whitespace-nowrap px-3 py-2">{e.when}</td>
                  <td className="px-3 py-2">{e.actorName}</td>
                  <td className="px-3 py-2">{e.actionLabel}</td>
                  <td className="px-3 py-2">{e.target ?? "—"}</td>
                  <td className="max-w-md break-words px-3 py-2 text-gray-700">{e.details ?? ""}</td>
                  <td className="px-3 py-2 text-gray-600">{e.ip ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card text-center text-gray-600">No log entries match these filters.</p>
      )}
      <nav aria-label="Pages" className="flex items-center justify-between">
        {page > 1 ? (
          <Link to={pageLink(page - 1)} className="btn-secondary">
            Newer
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-gray-600">
          Page {page} of {totalPages}
        </span>
        {page < totalPages ? (
          <Link to={pageLink(page + 1)} className="btn-secondary">
            Older
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
