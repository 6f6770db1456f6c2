import { useNavigate } from "@remix-run/react";
import type { TFunction } from "i18next";
import { createContext, memo, useContext, useMemo, useState, type CSSProperties, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { clientListSearch, type ClientListQuery } from "~/domain/client-filters";
import { ariaSort, headerSort, type ClientSortKey } from "~/domain/client-sort";
import type { Locale } from "~/domain/languages";
import type { Tier } from "~/domain/tiers";
import { usePageLocale } from "~/i18n/i18n-provider";
import { labelTable, TIER_KEYS } from "~/i18n/label-keys";
import { formatCount } from "~/domain/display-labels";

/** One table row as the loader sends it: display-ready strings, nothing the table does not show. */
export type ClientRowView = {
  id: number;
  name: string;
  /** Digits to dial, or null for an erased client (whose number was freed). */
  mobile: string | null;
  address: string;
  dateOfBirth: string;
  totalSale: string;
  lastPurchase: string;
  daysSince: number | null;
  email: string;
  team: string;
  idNumber: string;
  idExpiry: string;
  idExpired: boolean;
  pepStatus: string;
  tier: Tier;
  ownerName: string | null;
  ownerInitials: string;
  /** Why WhatsApp is off for this client (consent withdrawn), in the page's language, or null. */
  whatsappBlocked: string | null;
};

/**
 * The rows of a whole-page load, which entry.server provides from the load context: the loader
 * leaves them out of the data the browser hydrates from, so a 500-row page carries them once, as
 * HTML (decision 023). Null on the browser and for every other render.
 */
export const DocumentRowsContext = createContext<ClientRowView[] | null>(null);
/** The table body that holds rows sent as HTML, which the browser keeps as they are. */
const DOCUMENT_ROWS_ID = "client-rows";

export const SELECTION_FORM_ID = "customer-selection";
/** The select-all box, which the page unticks when a new page of rows arrives. */
export const SELECT_ALL_ID = "customer-select-all";
/** One form for every row's tracked WhatsApp button (each button sets its own formAction). */
export const WHATSAPP_FORM_ID = "customer-whatsapp";

const TIER_BADGE: Record<Tier, string> = {
  diamond: "bg-sky-100 text-sky-900",
  platinum: "bg-slate-200 text-slate-900",
  gold: "bg-amber-100 text-amber-900",
  silver: "bg-gray-100 text-gray-800",
  bronze: "bg-orange-100 text-orange-900",
};

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

/**
 * Edit and View are plain links (a Remix <Link> per row is 1,000 components with hooks to hydrate
 * on a 500-row page); this one handler on the table gives them client navigation, so their modal
 * opens over the list without reloading it. Modified clicks and other targets behave as links do.
 */
function openInApp(event: MouseEvent<HTMLTableElement>, navigate: ReturnType<typeof useNavigate>) {
  const link = (event.target as Element).closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search, { preventScrollReset: true });
}

/** Stands for the client's name in a label made once per table, filled in per row. */
const NAME = "\u0000";

/**
 * The rows' words in the page's language, looked up once per table rather than once per cell: a
 * page can hold 500 rows (issue #19). Labels naming the client keep a slot for the name.
 */
function rowLabels(t: TFunction, locale: Locale) {
  return {
    locale,
    // Typed text (names, addresses, free fields) is isolated on an Arabic page only: on an English one
    // each cell is its own bidi paragraph already, and a 500-row page stays as lean as it was.
    isolate: locale.language === "ar",
    tiers: labelTable(TIER_KEYS, t),
    select: t("clients:table.select", { name: NAME }),
    owner: t("clients:table.owner", { name: NAME }),
    lastPurchase: t("clients:table.lastPurchaseCard"),
    daysAgo: t("clients:table.daysAgo"),
    whatsapp: t("clients:whatsapp.button"),
    whatsappLabel: t("clients:whatsapp.label", { name: NAME }),
    whatsappBlocked: t("clients:whatsapp.blockedLabel", { name: NAME, reason: "\u0001" }),
    edit: t("clients:table.edit"),
    editLabel: t("clients:table.editLabel", { name: NAME }),
    view: t("clients:table.view"),
    viewLabel: t("clients:table.viewLabel", { name: NAME }),
  };
}
type RowLabels = ReturnType<typeof rowLabels>;

/**
 * One row as its own component: React can then pause between rows while it hydrates a 500-row
 * page instead of rendering every row in one uninterrupted task.
 */
const ClientRow = memo(function ClientRow({
  row: r,
  labels,
  linkSearch,
  basePath,
}: {
  row: ClientRowView;
  labels: RowLabels;
  linkSearch: string;
  basePath: string;
}) {
  // On an Arabic page names, addresses and other typed text go in <bdi>: a row reads right whichever
  // script the client's details were typed in.
  const typed = (text: string) => (labels.isolate ? <bdi>{text}</bdi> : text);
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          name="clientIds"
          value={r.id}
          form={SELECTION_FORM_ID}
          aria-label={labels.select.replace(NAME, r.name)}
        />
      </td>
      <td className="font-medium">
        {labels.isolate ? (
          <>
            <bdi>{r.name}</bdi>{" "}
          </>
        ) : (
          `${r.name} `
        )}
        <span className={`badge ${TIER_BADGE[r.tier]}`}>{labels.tiers[r.tier]}</span>
        {r.ownerName ? (
          <span className="badge ms-1 bg-brand-100 text-brand-700" title={labels.owner.replace(NAME, r.ownerName)}>
            {typed(r.ownerInitials)}
          </span>
        ) : null}
      </td>
      <td>
        {r.mobile ? (
          <a href={`tel:+${r.mobile}`} dir={labels.isolate ? "ltr" : undefined}>
            {`+${r.mobile}`}
          </a>
        ) : (
          "—"
        )}
      </td>
      <td>{typed(r.address)}</td>
      <td>{r.dateOfBirth}</td>
      <td className="text-end">{r.totalSale}</td>
      <td>
        <span className="card-label">{labels.lastPurchase}</span>
        {r.lastPurchase}
      </td>
      <td className="text-end">
        {r.daysSince === null ? "—" : formatCount(r.daysSince, labels.locale)}
        {r.daysSince === null ? null : <span className="card-label">{labels.daysAgo}</span>}
      </td>
      <td>{typed(r.email)}</td>
      <td>{r.team}</td>
      <td>{typed(r.idNumber)}</td>
      <td className={r.idExpired ? "text-red-700" : undefined}>{r.idExpiry}</td>
      <td>{typed(r.pepStatus)}</td>
      <td>
        {r.whatsappBlocked ? (
          <button
            type="button"
            disabled
            title={r.whatsappBlocked}
            aria-label={labels.whatsappBlocked.replace(NAME, r.name).replace("\u0001", r.whatsappBlocked)}
            className="me-2 text-gray-400"
          >
            {labels.whatsapp}
          </button>
        ) : (
          <button
            type="submit"
            form={WHATSAPP_FORM_ID}
            formAction={`/customers/${r.id}/whatsapp`}
            aria-label={labels.whatsappLabel.replace(NAME, r.name)}
            className="me-2 text-green-700 hover:underline"
          >
            {labels.whatsapp}
          </button>
        )}
        <a href={`${basePath}/${r.id}/edit${linkSearch}`} aria-label={labels.editLabel.replace(NAME, r.name)}>
          {labels.edit}
        </a>
        <a href={`${basePath}/${r.id}${linkSearch}`} aria-label={labels.viewLabel.replace(NAME, r.name)}>
          {labels.view}
        </a>
      </td>
    </tr>
  );
});

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
 * its id, so the table needs no form around it. Memoised and kept plain: a page can be 5,000 rows.
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
  const labels = useMemo(() => rowLabels(t, locale), [t, locale]);
  const documentRows = useContext(DocumentRowsContext);
  // Hydrating rows sent as HTML: React keeps an element's inner HTML as it finds it, so the rows
  // cost no data, no components and no hydration work. Captured once; a later page comes as data.
  const [documentHtml] = useState(() =>
    rows === null && typeof document !== "undefined"
      ? (document.getElementById(DOCUMENT_ROWS_ID)?.innerHTML ?? null)
      : null,
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
        onClick={(event) => openInApp(event, navigate)}
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
        {rows === null && documentRows === null ? (
          <tbody
            key="document"
            id={DOCUMENT_ROWS_ID}
            className="divide-y divide-gray-100"
            dangerouslySetInnerHTML={{ __html: documentHtml ?? "" }}
          />
        ) : (
          <tbody
            key={rows === null ? "document" : "data"}
            id={rows === null ? DOCUMENT_ROWS_ID : undefined}
            className="divide-y divide-gray-100"
          >
            {(rows ?? documentRows ?? []).map((r) => (
              <ClientRow key={r.id} row={r} labels={labels} linkSearch={linkSearch} basePath={basePath} />
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
});
