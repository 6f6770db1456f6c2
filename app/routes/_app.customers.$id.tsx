import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { RouteDialog } from "~/components/route-dialog";
import { RouteModalError } from "~/components/clients/route-modal";
import { addressLabel, COUNTRY_LABELS, TEAM_LABELS, type Country, type Team } from "~/domain/client-enums";
import { formatDay, whatsappGreeting } from "~/domain/client-display";
import { clientListBase } from "~/domain/client-list-path";
import { parseClientIds } from "~/domain/client-ids";
import { whatsappLink } from "~/domain/mobile";
import { formatAed, parseAedToFils } from "~/domain/money";
import { ACCESS } from "~/domain/roles";
import { TIER_LABELS, type Tier } from "~/domain/tiers";
import { getClient, listClientFollowUps, listClientSales } from "~/services/client-queries.server";
import { clientJson } from "~/services/client-record.server";

/** Customer Details (docs/product-rules.md §2): every field, the Purchase History (newest first) and follow-ups. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const client = id ? await getClient(id) : null;
  if (!client) throw new Response("Client not found", { status: 404 });
  const [sales, followUps] = await Promise.all([listClientSales(client.id), listClientFollowUps(client.id)]);
  return { client: clientJson(client), sales: sales ?? [], followUps };
}

const aed = (decimal: string) => formatAed(parseAedToFils(decimal) ?? 0n);

export default function ClientDetailsModal() {
  const { client: c, sales, followUps } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const base = clientListBase(pathname);
  const details: [string, string][] = [
    ["Mobile Number", `+${c.mobileNumber}`],
    ["Country", COUNTRY_LABELS[c.country as Country] ?? c.country],
    ["Address", addressLabel(c)],
    ["Tier", TIER_LABELS[c.tier as Tier] ?? c.tier],
    ["Total Sale", aed(c.totalSalesValue)],
    ["Last Purchase", formatDay(c.lastPurchaseDate)],
    ["Team", c.team ? (TEAM_LABELS[c.team as Team] ?? c.team) : "—"],
    ["Status", c.isActive ? "Active" : "Inactive"],
    ["Date of Birth", formatDay(c.dateOfBirth)],
    ["Email", c.email ?? "—"],
    ["ID Number", c.emiratesId ?? "—"],
    ["ID Expiry Date", formatDay(c.emiratesIdExpiry)],
    ["PEP Status", c.pepStatus ?? "—"],
    [
      "Anniversary",
      c.anniversaryType ? `${c.anniversaryType}, ${formatDay(c.anniversaryDate)}` : formatDay(c.anniversaryDate),
    ],
    ["Preferred Time", c.preferredTime ?? "—"],
    ["Preferred Collection", c.preferredCollection ?? "—"],
    ["OK to Contact", c.contactOk ?? "—"],
    ["Category", c.category ?? "—"],
    ["ID Pictures", c.emiratesIdPictures ?? c.emiratesIdPicture ?? "—"],
    ["Client Since", formatDay(c.createdAt.slice(0, 10))],
  ];
  return (
    <RouteDialog title="Customer Details" description={c.fullName} closeTo={`${base}${search}`} size="lg">
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to={`${base}/${c.id}/edit${search}`} preventScrollReset className="btn-primary">
          Edit Customer
        </Link>
        <a
          href={whatsappLink(c.mobileNumber, whatsappGreeting(c.fullName))}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary"
        >
          WhatsApp
        </a>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className="text-gray-600">{term}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
        {c.meetingComments ? (
          <div className="sm:col-span-2 lg:col-span-3">
            <dt className="text-gray-600">Meeting Comments</dt>
            <dd className="whitespace-pre-line">{c.meetingComments}</dd>
          </div>
        ) : null}
      </dl>

      <h3 className="mt-6 mb-2 font-semibold">Purchase History</h3>
      {sales.length === 0 ? (
        <p className="text-sm text-gray-600">No purchases recorded</p>
      ) : (
        <table
          className="min-w-full text-left text-sm [&_td]:px-3 [&_td]:py-1.5 [&_th]:px-3 [&_th]:py-1.5"
          data-testid="purchase-history"
        >
          <thead className="bg-gray-50 text-xs uppercase text-gray-600">
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="text-right">
                Amount
              </th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {sales.map((s) => (
              <tr key={s.id}>
                <td>{formatDay(s.saleDate)}</td>
                <td className="text-right tabular-nums">{aed(s.amount)}</td>
                <td>{s.description || "Purchase"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3 className="mt-6 mb-2 font-semibold">Follow-ups</h3>
      {followUps.length === 0 ? (
        <p className="text-sm text-gray-600">No follow-ups scheduled</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="follow-ups">
          {followUps.map((f) => (
            <li key={f.id} className="flex gap-3 py-1.5">
              <span className="w-28 shrink-0">{formatDay(f.dueDate)}</span>
              <span className="flex-1">{f.note || "Follow up"}</span>
              <span className={f.done ? "badge bg-green-100 text-green-800" : "badge bg-amber-100 text-amber-900"}>
                {f.done ? "Done" : "Open"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <RouteModalError title="Customer Details" fallback="Failed to fetch sales records" />;
}
