import { useNavigate } from "@remix-run/react";
import { memo, useMemo, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { clientListSearch, type ClientListQuery } from "~/domain/client-filters";
import { ariaSort, headerSort, type ClientSortKey } from "~/domain/client-sort";
import { usePageLocale } from "~/i18n/i18n-provider";
import { useDocumentHtml } from "../document-html";
import { openInApp } from "../open-in-app";
import type { ClientRowView } from "~/domain/client-row-view";
import { clientRowsHtml, rowLabels, WHATSAPP_FORM_ID } from "./client-rows-html";

/** The table body that holds rows sent as HTML, which the browser keeps as they are (../document-html.tsx). */
export const DOCUMENT_ROWS_ID = "client-rows";

/** The select-all box, which the page unticks when a new page of rows arrives. */
export const SELECT_ALL_ID = "customer-select-all";
/**
 * The docs/product-rules.md §2 columns after the checkbox, with their widths in rem and, for the
 * sortable ones, their sort key (Date of Birth sorts by the next birthday).
 */
const COLUMNS: { header: string; rem: number; sort?: ClientSortKey }[] = [
  { header: "clients:table.name", rem: 15, sort: "fullName" },
  { header: "clients:table.mobile", rem: 9 },
  { header: "clients:table.address", rem: 14 },
  { header: "clients:table.dateOfBirth", rem: 8, sort: "nextBirthday" },
  { header: "clients:table.totalSale", rem: 11, sort: "totalSalesValue" },
  { header: "clients:table.lastPurchase", rem: 8, sort: "lastPurchaseDate" },
  { header: "clients:table.daysSince", rem: 8, sort: "daysSincePurchase" },
  { header: "clients:table.email", rem: 18 },
  { header: "clients:table.team", rem: 13 },
  { header: "clients:table.idNumber", rem: 11 },
  { header: "clients:table.idExpiry", rem: 8 },
  { header: "clients:table.pepStatus", rem: 7 },
  { header: "clients:table.actions", rem: 12 },
];
const CHECKBOX_REM = 2.5;

/** The desktop column widths; the layout itself (and the phone's cards) is `.client-table` in app/tailwind.css. */
const TABLE_LAYOUT = {
  "--client-columns": [CHECKBOX_REM, ...COLUMNS.map((c) => c.rem)].map((rem) => `${rem}rem`).join(" "),
  width: `${COLUMNS.reduce((sum, c) => sum + c.rem, CHECKBOX_REM)}rem`,
} as CSSProperties;

const SORT_MARK = { ascending: "▲", descending: "▼" } as const;
/** Shown faintly on a sortable column the list is not sorted by. */
const SORTABLE_MARK = "↕";

/**
 * A sortable column's header: a plain link (works without JavaScript; the table's click handler
 * keeps it in the app) to the same list, filters kept, sorted by the column, from page 1.
 */
function SortLink({
  header,
  sortKey,
  query,
  basePath,
}: {
  header: string;
  sortKey: ClientSortKey;
  query: ClientListQuery;
  basePath: string;
}) {
  const current = ariaSort(query.sort, sortKey);
  const href = `${basePath}${clientListSearch(query, { sort: headerSort(query.sort, sortKey), page: 1 })}`;
  return (
    <a href={href} className="inline-flex items-center gap-1 text-gray-700 hover:underline">
      {header}
      <span aria-hidden="true" className={current ? undefined : "text-gray-400"}>
        {current ? SORT_MARK[current] : SORTABLE_MARK}
      </span>
    </a>
  );
}

/**
 * The customer table (docs/product-rules.md §2 columns, in order). Row checkboxes belong to the selection form by
 * its id, so the table needs no form around it. Memoised, and its rows are one string of HTML
 * (./client-rows-html.ts): a page can be 5,000 rows.
 */
export const ClientTable = memo(function ClientTable({
  rows,
  query,
  linkSearch,
  basePath = "/customers",
  onSelectAll,
}: {
  /** The page's rows, or null when they came as HTML in the document (never an empty page). */
  rows: ClientRowView[] | null;
  /** The list's filters and order: a sortable header links to the same list sorted by its column. */
  query: ClientListQuery;
  linkSearch: string;
  /** /customers or /customer-history: the dialogs open under the list the user is on. */
  basePath?: string;
  onSelectAll: (checked: boolean) => void;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const locale = usePageLocale();
  // Rows of a whole page came as HTML (decision 023); rows as data are written here.
  const documentHtml = useDocumentHtml(DOCUMENT_ROWS_ID, rows === null);
  const rowsHtml = useMemo(
    () => documentHtml ?? clientRowsHtml(rows ?? [], rowLabels(t, locale), linkSearch, basePath),
    [rows, documentHtml, t, locale, linkSearch, basePath],
  );
  if (rows !== null && rows.length === 0) {
    return <p className="card py-10 text-center text-gray-600">{t("clients:table.empty")}</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
      {/* A native form: the tab it opens follows the server's redirect to wa.me. */}
      <form id={WHATSAPP_FORM_ID} method="post" target="_blank" className="hidden" />
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- one delegated handler for the row links, which take keyboard input themselves */}
      <table
        className="client-table"
        style={TABLE_LAYOUT}
        data-testid="customer-table"
        onClick={(event) => openInApp(event, navigate, { keepScroll: true })}
      >
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
          <tr>
            <th scope="col">
              {/* Select-all needs JavaScript: hidden until the page has hydrated (root sets data-hydrated). */}
              <input
                type="checkbox"
                id={SELECT_ALL_ID}
                aria-label={t("clients:table.selectAll")}
                onChange={(e) => onSelectAll(e.currentTarget.checked)}
                className="[html:not([data-hydrated])_&]:invisible"
              />
            </th>
            {COLUMNS.map(({ header, sort }) => (
              <th
                key={header}
                scope="col"
                className="font-semibold"
                aria-sort={sort ? ariaSort(query.sort, sort) : undefined}
              >
                {sort ? <SortLink header={t(header)} sortKey={sort} query={query} basePath={basePath} /> : t(header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          key={rows === null ? "document" : "data"}
          id={rows === null ? DOCUMENT_ROWS_ID : undefined}
          className="divide-y divide-gray-100"
          dangerouslySetInnerHTML={{ __html: rowsHtml }}
        />
      </table>
    </div>
  );
});
