import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { requireUser } from "~/auth/guards.server";
import { shopDateTime } from "~/domain/shop-dates";
import { appTimezone } from "~/domain/calendar";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { getLocale } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { keyOf } from "~/i18n/label-keys";
import {
  AUDIT_ACTION_KEYS,
  auditFiltersFrom,
  auditUserOptions,
  listAuditLog,
  type AuditAbout,
} from "~/services/audit-log.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["clientForm", "clients", "dashboard", "logs", "profile"] };

export const meta: MetaFunction = ({ matches }) => [{ title: `${metaText(matches, "logs:title")} | ${PRODUCT_NAME}` }];

/** System Logs (Admin Actions): the audit log, read-only, newest first, filtered in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  const [log, users, locale] = await Promise.all([listAuditLog(filters), auditUserOptions(), getLocale(request)]);
  const timeZone = appTimezone();
  return {
    filters,
    users,
    // The names' keys travel with the data: the action codes are defined on the server.
    actions: Object.entries(AUDIT_ACTION_KEYS).map(([value, key]) => ({ value, key })),
    page: log.page,
    totalPages: log.totalPages,
    totalCount: log.totalCount,
    entries: log.entries.map(({ createdAt, ...e }) => ({
      ...e,
      actionKey: keyOf(AUDIT_ACTION_KEYS, e.action) ?? null,
      when: shopDateTime(createdAt, timeZone, locale),
    })),
  };
}

/** Whom or what an entry is about; names are typed by people, so they are isolated from the sentence. */
function About({ about }: { about: AuditAbout | null }) {
  const { t } = useTranslation();
  if (!about) return <>—</>;
  if (about.kind === "user") return about.name ? <bdi>{about.name}</bdi> : <>{t("logs:about.unknownAccount")}</>;
  if (about.kind === "other") return <span dir="ltr">{`${about.type} ${about.id ?? ""}`.trim()}</span>;
  return (
    <>
      {about.clients.map((c, i) => (
        <span key={c.id}>
          {i > 0 ? ", " : ""}
          {c.name ? (
            <Trans
              i18nKey="logs:about.clientNamed"
              values={{ id: c.id, name: c.name }}
              components={{ name: <bdi /> }}
            />
          ) : (
            t("logs:about.client", { id: c.id })
          )}
        </span>
      ))}
    </>
  );
}

export default function SystemLogs() {
  const { filters, users, actions, page, totalPages, totalCount, entries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
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
          ← {t("profile:title")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("logs:title")}</h1>
        <p className="text-sm text-gray-600">{t("logs:intro")}</p>
      </div>
      <Form method="get" className="card flex flex-wrap items-end gap-3" role="search">
        <Field id="log-action" label={t("logs:filters.action")}>
          {(control) => (
            <select {...control} name="action" defaultValue={filters.action ?? ""} className="input mt-1">
              <option value="">{t("logs:filters.allActions")}</option>
              {actions.map((a) => (
                <option key={a.value} value={a.value}>
                  {t(a.key)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="log-user" label={t("logs:filters.user")}>
          {(control) => (
            <select {...control} name="user" defaultValue={filters.actorId ?? ""} className="input mt-1">
              <option value="">{t("logs:filters.everyone")}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="log-client" label={t("logs:filters.client")}>
          {(control) => (
            <input
              {...control}
              name="client"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={filters.clientId ?? ""}
              placeholder={t("logs:filters.clientPlaceholder")}
              className="input mt-1 w-32"
            />
          )}
        </Field>
        <button type="submit" className="btn-primary">
          {t("logs:filters.submit")}
        </button>
        <Link to="/profile/logs" className="btn-ghost">
          {t("logs:filters.clear")}
        </Link>
      </Form>
      <p className="text-sm text-gray-600">{t("logs:count", { count: totalCount })}</p>
      {entries.length ? (
        <div className="card overflow-x-auto p-0">
          <table className="min-w-full text-start text-sm">
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th className="px-3 py-2">{t("logs:columns.when")}</th>
                <th className="px-3 py-2">{t("logs:columns.who")}</th>
                <th className="px-3 py-2">{t("logs:columns.action")}</th>
                <th className="px-3 py-2">{t("logs:columns.about")}</th>
                <th className="px-3 py-2">{t("logs:columns.details")}</th>
                <th className="px-3 py-2">{t("logs:columns.address")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t border-gray-100 align-top" data-testid="log-entry">
                  <td className="whitespace-nowrap px-3 py-2">{e.when}</td>
                  <td className="px-3 py-2">
                    <bdi>{e.actorName}</bdi>
                  </td>
                  <td className="px-3 py-2">
                    {/* A code this version does not know (an older or newer app's) shows as stored. */}
                    {e.actionKey ? t(e.actionKey) : <span dir="ltr">{e.action}</span>}
                  </td>
                  <td className="px-3 py-2">
                    <About about={e.about} />
                  </td>
                  {/* The stored details are the app's own field names and values, as recorded. */}
                  <td className="max-w-md break-words px-3 py-2 text-gray-700">
                    <span dir="ltr">{e.details ?? ""}</span>
                  </td>
                  <td className="px-3 py-2 text-gray-600">
                    <span dir="ltr">{e.ip ?? ""}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card text-center text-gray-600">{t("logs:empty")}</p>
      )}
      <nav aria-label={t("logs:pages.label")} className="flex items-center justify-between">
        {page > 1 ? (
          <Link to={pageLink(page - 1)} className="btn-secondary">
            {t("logs:pages.newer")}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-gray-600">{t("logs:pages.position", { page, totalPages })}</span>
        {page < totalPages ? (
          <Link to={pageLink(page + 1)} className="btn-secondary">
            {t("logs:pages.older")}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
