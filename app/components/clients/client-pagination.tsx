import { Form, Link, useSubmit } from "@remix-run/react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { clientListSearch, pagerPages, PAGE_SIZES, type ClientListQuery } from "~/domain/client-filters";
import { formatCount } from "~/domain/display-labels";
import { usePageLocale } from "~/i18n/i18n-provider";

/** Pages as plain links (up to 5 numbers) and a page-size picker that goes back to page 1. */
export function ClientPagination({
  query,
  totalPages,
  totalCount,
  path,
}: {
  query: ClientListQuery;
  totalPages: number;
  totalCount: number;
  path: string;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const submit = useSubmit();
  const page = Math.min(query.page, totalPages);
  const to = (p: number) => `${path}${clientListSearch(query, { page: p })}`;
  const first = totalCount === 0 ? 0 : (page - 1) * query.limit + 1;
  const last = Math.min(page * query.limit, totalCount);
  // Every filter rides along as a hidden field; the page does not, so a new size starts at page 1.
  const keep = new URLSearchParams(clientListSearch({ ...query, page: 1 }));
  keep.delete("limit");

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-gray-700" data-testid="page-summary">
        {t("clients:pagination.showing", {
          first: formatCount(first, locale),
          last: formatCount(last, locale),
          total: formatCount(totalCount, locale),
        })}
      </p>
      <nav aria-label={t("clients:pagination.pages")} className="flex items-center gap-1">
        <PageLink to={to(page - 1)} disabled={page <= 1} label={t("clients:pagination.previous")} />
        {pagerPages(page, totalPages).map((p) => (
          <Link
            key={p}
            to={to(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={t("clients:pagination.page", { n: p })}
            className={clsx(
              "btn px-3",
              p === page ? "bg-brand-700 text-white" : "border border-gray-300 bg-white hover:bg-gray-50",
            )}
          >
            {p}
          </Link>
        ))}
        <PageLink to={to(page + 1)} disabled={page >= totalPages} label={t("clients:pagination.next")} />
      </nav>
      <Form
        method="get"
        action={path}
        className="flex items-center gap-2"
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
      >
        {[...keep].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="page-size" className="text-gray-700">
          {t("clients:pagination.rowsPerPage")}
        </label>
        <select id="page-size" name="limit" defaultValue={query.limit} key={query.limit} className="input w-auto py-1">
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="btn-secondary py-1">
            {t("clients:pagination.show")}
          </button>
        </noscript>
      </Form>
    </div>
  );
}

function PageLink({ to, disabled, label }: { to: string; disabled: boolean; label: string }) {
  if (disabled) {
    return (
      <span className="btn cursor-not-allowed border border-gray-200 px-3 text-gray-400" aria-disabled="true">
        {label}
      </span>
    );
  }
  return (
    <Link to={to} className="btn border border-gray-300 bg-white px-3 hover:bg-gray-50">
      {label}
    </Link>
  );
}
