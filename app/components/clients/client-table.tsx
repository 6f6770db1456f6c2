import { useNavigate } from "@remix-run/react";
import { memo, type CSSProperties, type MouseEvent } from "react";
import { clientListSearch, type ClientListQuery } from "~/domain/client-filters";
import { ariaSort, headerSort, type ClientSortKey } from "~/domain/client-sort";
import { TIER_LABELS, type Tier } from "~/domain/tiers";

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
  /** Why WhatsApp is off for this client (consent withdrawn), or null. */
  whatsappBlocked: string | null;
};

export const SELECTION_FORM_ID = "customer-selection";
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
  { header: "Name", rem: 15, sort: "fullName" },
  { header: "Mobile Number", rem: 9 },
  { header: "Address", rem: 14 },
  { header: "Date of Birth", rem: 8, sort: "nextBirthday" },
  { header: "Total Sale", rem: 11, sort: "totalSalesValue" },
  { header: "Last Purchase", rem: 8, sort: "lastPurchaseDate" },
  { header: "Purchase Since (days)", rem: 8, sort: "daysSincePurchase" },
  { header: "Email", rem: 18 },
  { header: "Team", rem: 13 },
  { header: "ID Number", rem: 11 },
  { header: "Expiry Date", rem: 8 },
  { header: "PEP Status", rem: 7 },
  { header: "Actions", rem: 12 },
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

/**
 * One row as its own component: React can then pause between rows while it hydrates a 500-row
 * page instead of rendering every row in one uninterrupted task.
 */
const ClientRow = memo(function ClientRow({
  row: r,
  linkSearch,
  basePath,
}: {
  row: ClientRowView;
  linkSearch: string;
  basePath: string;
}) {
  return (
    <tr>
      <td>
        <input type="checkbox" name="clientIds" value={r.id} form={SELECTION_FORM_ID} aria-label={`Select ${r.name}`} />
      </td>
      <td className="font-medium">
        {`${r.name} `}
        <span className={`badge ${TIER_BADGE[r.tier]}`}>{TIER_LABELS[r.tier]}</span>
        {r.ownerName ? (
          <span className="badge ms-1 bg-brand-100 text-brand-700" title={`Owner: ${r.ownerName}`}>
            {r.ownerInitials}
          </span>
        ) : null}
      </td>
      <td>{r.mobile ? <a href={`tel:+${r.mobile}`}>{`+${r.mobile}`}</a> : "—"}</td>
      <td>{r.address}</td>
      <td>{r.dateOfBirth}</td>
      <td className="text-end">{r.totalSale}</td>
      <td>
        <span className="card-label">Last purchase </span>
        {r.lastPurchase}
      </td>
      <td className="text-end">
        {r.daysSince ?? "—"}
        {r.daysSince === null ? null : <span className="card-label"> days ago</span>}
      </td>
      <td>{r.email}</td>
      <td>{r.team}</td>
      <td>{r.idNumber}</td>
      <td className={r.idExpired ? "text-red-700" : undefined}>{r.idExpiry}</td>
      <td>{r.pepStatus}</td>
      <td>
        {r.whatsappBlocked ? (
          <button
            type="button"
            disabled
            title={r.whatsappBlocked}
            aria-label={`WhatsApp ${r.name}: ${r.whatsappBlocked}`}
            className="me-2 text-gray-400"
          >
            WhatsApp
          </button>
        ) : (
          <button
            type="submit"
            form={WHATSAPP_FORM_ID}
            formAction={`/customers/${r.id}/whatsapp`}
            aria-label={`WhatsApp ${r.name}`}
            className="me-2 text-green-700 hover:underline"
          >
            WhatsApp
          </button>
        )}
        <a href={`${basePath}/${r.id}/edit${linkSearch}`} aria-label={`Edit ${r.name}`}>
          Edit
        </a>
        <a href={`${basePath}/${r.id}${linkSearch}`} aria-label={`View ${r.name}`}>
          View
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
  rows: ClientRowView[];
  /** The list's filters and order: a sortable header links to the same list sorted by its column. */
  query: ClientListQuery;
  linkSearch: string;
  /** /customers or /customer-history: the dialogs open under the list the user is on. */
  basePath?: string;
  onSelectAll: (checked: boolean) => void;
}) {
  const navigate = useNavigate();
  if (rows.length === 0) {
    return <p className="card py-10 text-center text-gray-600">No customers found</p>;
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
                aria-label="Select all"
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
                {sort ? <SortLink header={header} sortKey={sort} query={query} basePath={basePath} /> : header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <ClientRow key={r.id} row={r} linkSearch={linkSearch} basePath={basePath} />
          ))}
        </tbody>
      </table>
    </div>
  );
});
