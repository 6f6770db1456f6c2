import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { Field } from "~/components/ui/field";
import { formatDay } from "~/domain/client-display";
import {
  JOB_PAGE_SIZE,
  JOB_STATUS_KEYS,
  JOB_STATUSES,
  JOB_TYPE_KEYS,
  JOB_TYPES,
  parseJobQuery,
  type JobQuery,
} from "~/domain/jobs";
import { formatAed, parseAedToFils } from "~/domain/money";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { activeChoices, nameOfKey } from "~/domain/shop-lists";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { listJobs } from "~/services/jobs.server";
import { readShopLists } from "~/services/shop-lists.server";

export const handle: CatalogsHandle = { i18n: ["jobs"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "jobs:list.title")} | ${PRODUCT_NAME}` },
];

const EMPTY_QUERY: JobQuery = {
  status: null,
  type: null,
  clientId: null,
  showroom: null,
  overdue: false,
  waiting: false,
  mine: false,
  q: null,
  page: 1,
};

/** The list's address with its filters and a page (the filter form, the status counts, the pager). */
function listHref(query: JobQuery, change: Partial<JobQuery>): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.type) params.set("type", next.type);
  if (next.clientId) params.set("clientId", String(next.clientId));
  if (next.showroom) params.set("showroom", next.showroom);
  if (next.overdue) params.set("overdue", "1");
  if (next.waiting) params.set("waiting", "1");
  if (next.mine) params.set("mine", "1");
  if (next.q) params.set("q", next.q);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return `/jobs${text ? `?${text}` : ""}`;
}

/**
 * /jobs (every role; docs/guide/jobs.md): the jobs of the book, soonest promised first, as cards on a phone and
 * rows on a wide screen; filters for status, type, showroom, overdue and waiting to be collected, a search by number or client name,
 * the count per status, 20 a page. A query it cannot read shows the whole list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { locale, language } = await translatorFor(request, "jobs");
  const parsed = parseJobQuery(new URL(request.url).searchParams);
  const query = parsed.ok ? parsed.query : EMPTY_QUERY;
  const [{ rows, total, counts }, lists] = await Promise.all([listJobs(query, new Date(), user.id), readShopLists()]);
  const money = (value: string | null) => (value === null ? null : formatAed(parseAedToFils(value) ?? 0n, locale));
  return {
    query,
    total,
    counts,
    pages: Math.max(1, Math.ceil(total / JOB_PAGE_SIZE)),
    showrooms: activeChoices(lists.showrooms).map((s) => ({
      key: s.key,
      name: nameOfKey(lists.showrooms, s.key, language),
    })),
    rows: rows.map((j) => ({
      id: j.id,
      number: j.number,
      type: j.type,
      status: j.status,
      clientId: j.clientId,
      clientName: j.clientName,
      promised: formatDay(j.promisedDate, locale),
      overdue: j.overdue,
      balance: money(j.balance),
      showroomName: nameOfKey(lists.showrooms, j.showroom, language),
    })),
  };
}

export default function Jobs() {
  const { query, total, counts, pages, showrooms, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <header>
        <h1 className="text-2xl font-semibold">{t("jobs:list.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("jobs:list.intro")}</p>
      </header>

      <nav aria-label={t("jobs:list.byStatus")} className="flex flex-wrap gap-2 text-sm">
        {JOB_STATUSES.map((s) => (
          <Link
            key={s}
            to={listHref(query, { status: query.status === s ? null : s })}
            className={`badge ${query.status === s ? "bg-brand-700 text-white" : "bg-gray-100 text-gray-800"}`}
            data-testid={`jobs-count-${s}`}
          >
            {t(JOB_STATUS_KEYS[s])} · {counts[s]}
          </Link>
        ))}
      </nav>

      <Form method="get" className="card flex flex-wrap items-end gap-2">
        <Field id="jobs-q" label={t("jobs:list.search")}>
          {(control) => (
            <input
              {...control}
              name="q"
              type="search"
              defaultValue={query.q ?? ""}
              maxLength={100}
              className="input mt-1 w-56"
            />
          )}
        </Field>
        <Field id="jobs-status" label={t("jobs:list.status")}>
          {(control) => (
            <select {...control} name="status" defaultValue={query.status ?? ""} className="input mt-1">
              <option value="">{t("jobs:list.all")}</option>
              {JOB_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(JOB_STATUS_KEYS[s])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="jobs-type" label={t("jobs:list.type")}>
          {(control) => (
            <select {...control} name="type" defaultValue={query.type ?? ""} className="input mt-1">
              <option value="">{t("jobs:list.all")}</option>
              {JOB_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(JOB_TYPE_KEYS[type])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="jobs-showroom" label={t("jobs:list.showroom")}>
          {(control) => (
            <select {...control} name="showroom" defaultValue={query.showroom ?? ""} className="input mt-1">
              <option value="">{t("jobs:list.all")}</option>
              {showrooms.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="overdue" value="1" defaultChecked={query.overdue} />
          {t("jobs:list.overdueOnly")}
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="waiting" value="1" defaultChecked={query.waiting} />
          {t("jobs:list.waitingOnly")}
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="mine" value="1" defaultChecked={query.mine} />
          {t("jobs:list.mineOnly")}
        </label>
        {query.clientId ? <input type="hidden" name="clientId" value={query.clientId} /> : null}
        <button type="submit" className="btn-secondary">
          {t("jobs:list.filter")}
        </button>
      </Form>

      <p className="text-sm text-gray-600" data-testid="jobs-total">
        {t("jobs:list.count", { count: total })}
      </p>

      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">{t("jobs:list.empty")}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="jobs-list">
          {rows.map((j) => (
            <li key={j.id} className="card space-y-1" data-testid="job-card">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/jobs/${j.id}`} className="font-semibold text-brand-700 underline" dir="ltr">
                  {j.number}
                </Link>
                <span className="badge bg-gray-100 text-gray-800">{t(JOB_STATUS_KEYS[j.status])}</span>
              </div>
              <p className="text-sm">
                <bdi>{j.clientName}</bdi> · {t(JOB_TYPE_KEYS[j.type])}
              </p>
              <p className="text-sm text-gray-600">
                {t("jobs:list.promised", { day: j.promised })}
                {j.overdue ? (
                  <span className="badge ms-2 bg-red-100 text-red-800">{t("jobs:list.overdue")}</span>
                ) : null}
              </p>
              {j.balance ? (
                <p className="text-sm tabular-nums">{t("jobs:list.balance", { amount: j.balance })}</p>
              ) : null}
              {j.showroomName ? <p className="text-xs text-gray-500">{j.showroomName}</p> : null}
            </li>
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label={t("jobs:list.pages")} className="flex flex-wrap items-center gap-3 text-sm">
          {query.page > 1 ? (
            <Link to={listHref(query, { page: query.page - 1 })} className="btn-secondary">
              {t("jobs:list.previous")}
            </Link>
          ) : null}
          <span>{t("jobs:list.page", { page: query.page, pages })}</span>
          {query.page < pages ? (
            <Link to={listHref(query, { page: query.page + 1 })} className="btn-secondary">
              {t("jobs:list.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
