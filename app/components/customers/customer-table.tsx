import { useNavigate } from "@remix-run/react";
import { memo, type MouseEvent } from "react";
import { whatsappLink } from "~/domain/mobile";
import { whatsappGreeting } from "~/domain/customer-display";
import { TIER_LABELS, type Tier } from "~/domain/tiers";

/** One table row as the loader sends it: display-ready strings, nothing the table does not show. */
export type CustomerRowView = {
  id: number;
  name: string;
  mobile: string;
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
};

export const SELECTION_FORM_ID = "customer-selection";

const TIER_BADGE: Record<Tier, string> = {
  diamond: "bg-sky-100 text-sky-900",
  platinum: "bg-slate-200 text-slate-900",
  gold: "bg-amber-100 text-amber-900",
  silver: "bg-gray-100 text-gray-800",
  bronze: "bg-orange-100 text-orange-900",
};

const HEADERS = ["Name", "Mobile Number", "Address", "Date of Birth", "Total Sale", "Last Purchase", "Purchase Since (days)", "Email", "Team", "ID Number", "Expiry Date", "PEP Status", "Actions"];

/**
 * Edit and View are plain links (a Remix <Link> per row is 1,000 components with hooks to hydrate
 * on a 500-row page); this one handler on the table gives them client navigation, so their modal
 * opens over the list without reloading it. Modified clicks and other targets behave as links do.
 */
function openInApp(event: MouseEvent<HTMLTableElement>, navigate: ReturnType<typeof useNavigate>) {
  const link = (event.target as Element).closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search, { preventScrollReset: true });
}

/**
 * The customer table (spec §2 columns, in order). Row checkboxes belong to the selection form by
 * its id, so the table needs no form around it. Memoised and kept plain: a page can be 5,000 rows.
 */
export const CustomerTable = memo(function CustomerTable({ rows, linkSearch, onSelectAll }: { rows: CustomerRowView[]; linkSearch: string; onSelectAll: (checked: boolean) => void }) {
  const navigate = useNavigate();
  if (rows.length === 0) {
    return <p className="card py-10 text-center text-gray-600">No customers found</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
      {/* Cell styles live on the table, not on each of up to 70,000 cells. */}
      <table className="min-w-full whitespace-nowrap text-left text-sm [&_a]:mr-2 [&_a]:text-brand-700 [&_a:first-child]:text-green-700 [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2" data-testid="customer-table" onClick={(event) => openInApp(event, navigate)}>
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
          <tr>
            <th scope="col">
              {/* Select-all needs JavaScript: hidden until the page has hydrated (root sets data-hydrated). */}
              <input type="checkbox" aria-label="Select all" onChange={(e) => onSelectAll(e.currentTarget.checked)} className="[html:not([data-hydrated])_&]:invisible" />
            </th>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <input type="checkbox" name="clientIds" value={r.id} form={SELECTION_FORM_ID} aria-label={`Select ${r.name}`} />
              </td>
              <td className="font-medium">
                {`${r.name} `}
                <span className={`badge ${TIER_BADGE[r.tier]}`}>{TIER_LABELS[r.tier]}</span>
              </td>
              <td>{`+${r.mobile}`}</td>
              <td>{r.address}</td>
              <td>{r.dateOfBirth}</td>
              <td className="text-right">{r.totalSale}</td>
              <td>{r.lastPurchase}</td>
              <td className="text-right">{r.daysSince ?? "—"}</td>
              <td>{r.email}</td>
              <td>{r.team}</td>
              <td>{r.idNumber}</td>
              <td className={r.idExpired ? "text-red-700" : undefined}>{r.idExpiry}</td>
              <td>{r.pepStatus}</td>
              <td>
                {/* noreferrer implies noopener; discover="none" keeps route discovery off 10,000 links. */}
                <a href={whatsappLink(r.mobile, whatsappGreeting(r.name))} target="_blank" rel="noreferrer" aria-label={`WhatsApp ${r.name}`}>
                  WhatsApp
                </a>
                <a href={`/customers/${r.id}/edit${linkSearch}`} aria-label={`Edit ${r.name}`}>
                  Edit
                </a>
                <a href={`/customers/${r.id}${linkSearch}`} aria-label={`View ${r.name}`}>
                  View
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
