import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { RouteDialog } from "~/components/route-dialog";
import { RouteModalError } from "~/components/clients/route-modal";
import {
  addressLabel,
  CLIENT_LANGUAGE_LABELS,
  COUNTRY_LABELS,
  TEAM_LABELS,
  type ClientLanguage,
  type Country,
  type Team,
} from "~/domain/client-enums";
import { businessToday } from "~/domain/calendar";
import { formatDay } from "~/domain/client-display";
import { clientListBase } from "~/domain/client-list-path";
import { parseClientIds } from "~/domain/client-ids";
import { WhatsAppButton } from "~/components/clients/whatsapp-button";
import { formatAed, parseAedToFils } from "~/domain/money";
import { canReassignClient } from "~/domain/client-owner";
import {
  CONSENT_CHANNELS,
  CONSENT_CHANNEL_LABELS,
  CONSENT_SOURCES,
  CONSENT_SOURCE_LABELS,
  CONSENT_STATUSES,
  CONSENT_STATUS_LABELS,
  withdrawnReason,
} from "~/domain/consent";
import { formatContactTime } from "~/domain/contact-recency";
import { INTERACTION_LABELS, INTERACTION_TYPES, isInteractionType } from "~/domain/interactions";
import { ACCESS } from "~/domain/roles";
import { TIER_LABELS, type Tier } from "~/domain/tiers";
import { canVoidSale, itemSummary, labelOf, SHOWROOM_LABELS, VOID_REASON_MAX } from "~/domain/sales";
import { getClient, listClientFollowUps } from "~/services/client-queries.server";
import { listClientSales, saleJson } from "~/services/sales.server";
import { clientJson, forViewer } from "~/services/client-record.server";
import { listOwnerChoices } from "~/services/client-owners.server";
import { listClientInteractions } from "~/services/interactions.server";
import { revealEmiratesId } from "~/services/emirates-id-reveal.server";
import { requestAddress } from "~/http/request-address";
import { CLIENT_FIELD_NAMES, clientField, fieldCellText, jsonName, MASKED_FIELDS } from "~/domain/client-fields";
import { isErasedMobile } from "~/domain/client-erasure";
import { REVEAL_INTENT } from "~/domain/client-privacy";
import { whenPhrase } from "~/domain/alerts";
import { FAMILY_NAME_MAX, FAMILY_RELATION_LABELS, FAMILY_RELATIONS, nextBirthday } from "~/domain/family";

/** The preference fields of the registry, shown in their own box (docs/decisions/019). */
const PREFERENCE_FIELDS = CLIENT_FIELD_NAMES.filter((name) => clientField(name).section === "preferences");

/** Customer Details (docs/product-rules.md §2): every field, the Purchase History (newest first) and follow-ups. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const client = id ? await getClient(id) : null;
  if (!client) throw new Response("Client not found", { status: 404 });
  const canReassign = canReassignClient(user, client.ownerId);
  const [sales, followUps, owners, interactions] = await Promise.all([
    listClientSales(client.id),
    listClientFollowUps(client.id),
    canReassign ? listOwnerChoices() : [],
    listClientInteractions(client.id, 50),
  ]);
  const contacts = (interactions ?? []).map((i) => ({
    ...i,
    typeLabel: isInteractionType(i.type) ? INTERACTION_LABELS[i.type] : i.type,
    when: formatContactTime(new Date(i.at)),
  }));
  const now = new Date();
  const today = businessToday(now);
  const shown = forViewer(client, user);
  const json = clientJson(shown);
  return {
    client: json,
    today,
    // Each member's next birthday, counted in the shop's day like the reminders.
    family: json.familyMembers.map((m) => ({ ...m, next: m.birthDate ? nextBirthday(m.birthDate, today) : null })),
    // Something is masked for this user, so the Reveal button shows.
    canReveal: MASKED_FIELDS.some((name) => shown[name] !== client[name]),
    isAdmin: user.role === "admin",
    sales: (sales ?? []).map((s) => ({ ...saleJson(s), canVoid: canVoidSale(user, s, now) })),
    followUps,
    owners,
    canReassign,
    contacts,
    erasedOn: client.erasedAt ? businessToday(client.erasedAt) : null,
  };
}

/**
 * Reveal (docs/privacy.md): the full Emirates ID and picture links, in this answer only (never
 * stored in a session or cookie), so without JavaScript the resulting page shows them and a
 * reload asks before posting again. Audited and rate-limited by the service.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const form = await request.formData();
  if (form.get("intent") !== REVEAL_INTENT) return data({ revealed: null, error: "Unknown action" }, { status: 400 });
  const [id] = parseClientIds(params.id);
  const result = id ? await revealEmiratesId(id, user, requestAddress(request)) : null;
  if (!result || (!result.ok && result.status === 404)) throw new Response("Client not found", { status: 404 });
  if (!result.ok) return data({ revealed: null, error: result.error }, { status: result.status });
  const { emiratesId, emiratesIdPictures, emiratesIdPicture } = result;
  return { revealed: { emiratesId, pictures: emiratesIdPictures ?? emiratesIdPicture }, error: null };
}

const aed = (decimal: string) => formatAed(parseAedToFils(decimal) ?? 0n);

export default function ClientDetailsModal() {
  const {
    client: c,
    sales,
    followUps,
    owners,
    canReassign,
    contacts,
    canReveal,
    isAdmin,
    today,
    family,
    erasedOn,
  } = useLoaderData<typeof loader>();
  const revealAnswer = useActionData<typeof action>();
  const navigation = useNavigation();
  const revealing = navigation.state === "submitting" && navigation.formData?.get("intent") === REVEAL_INTENT;
  const revealed = revealAnswer?.revealed ?? null;
  const { pathname, search } = useLocation();
  const base = clientListBase(pathname);
  const back = encodeURIComponent(pathname + search);
  // An erased client is a tombstone for its sales: shown, never added to (docs/privacy.md).
  const erased = erasedOn !== null;
  const details: [string, string][] = [
    ["Owner", c.ownerName ?? "Unassigned"],
    ["Mobile Number", isErasedMobile(c.mobileNumber) ? "—" : `+${c.mobileNumber}`],
    ["Country", COUNTRY_LABELS[c.country as Country] ?? c.country],
    ["Address", addressLabel(c)],
    ["Tier", TIER_LABELS[c.tier as Tier] ?? c.tier],
    ["Total Sale", aed(c.totalSalesValue)],
    ["Last Purchase", formatDay(c.lastPurchaseDate)],
    ["Team", c.team ? (TEAM_LABELS[c.team as Team] ?? c.team) : "—"],
    ["Status", c.isActive ? "Active" : "Inactive"],
    ["Date of Birth", formatDay(c.dateOfBirth)],
    ["Email", c.email ?? "—"],
    ["Preferred Language", CLIENT_LANGUAGE_LABELS[c.preferredLanguage as ClientLanguage] ?? c.preferredLanguage],
    ["ID Number", (revealed ? revealed.emiratesId : c.emiratesId) ?? "—"],
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
    ["ID Pictures", (revealed ? revealed.pictures : (c.emiratesIdPictures ?? c.emiratesIdPicture)) ?? "—"],
    ["Client Since", formatDay(c.createdAt.slice(0, 10))],
  ];
  return (
    <RouteDialog title="Customer Details" description={c.fullName} closeTo={`${base}${search}`} size="lg">
      {erasedOn ? (
        <p role="note" className="mb-4 rounded-md border border-gray-300 bg-gray-50 p-3 text-sm text-gray-800">
          This client&apos;s personal data was erased on {formatDay(erasedOn)}. Their sales stay as anonymous amounts;
          nothing more can be recorded about them.
        </p>
      ) : null}
      <div className="mb-4 flex flex-wrap gap-2">
        {erased ? null : (
          <>
            <Link to={`${base}/${c.id}/edit${search}`} preventScrollReset className="btn-primary">
              Edit Customer
            </Link>
            <Link to={`/customers/${c.id}/sale?back=${back}`} className="btn-secondary">
              Record a sale
            </Link>
            <Link to={`/customers/${c.id}/follow-up?back=${back}`} className="btn-secondary">
              New follow-up
            </Link>
            <WhatsAppButton
              clientId={c.id}
              clientName={c.fullName}
              blockedReason={c.consent.whatsapp === "withdrawn" ? withdrawnReason("whatsapp") : null}
            />
          </>
        )}
        {isAdmin ? (
          <Link to={`/profile/logs?client=${c.id}`} className="btn-ghost">
            Audit log
          </Link>
        ) : null}
      </div>
      {canReveal && !revealed ? (
        <Form method="post" preventScrollReset className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-gray-700">The Emirates ID and its pictures are masked.</span>
          <button type="submit" name="intent" value={REVEAL_INTENT} className="btn-secondary" disabled={revealing}>
            {revealing ? "Revealing..." : "Reveal Emirates ID"}
          </button>
          <span className="text-gray-600">Each reveal is recorded in the audit log.</span>
          {revealAnswer?.error ? (
            <span role="alert" className="w-full text-red-700">
              {revealAnswer.error}
            </span>
          ) : null}
        </Form>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {c.fullNameAr ? (
          <div>
            <dt className="text-gray-600">Name in Arabic</dt>
            <dd dir="rtl" lang="ar" className="font-medium break-words" data-testid="name-ar">
              {c.fullNameAr}
            </dd>
          </div>
        ) : null}
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

      <h3 className="mt-6 mb-2 font-semibold">Preferences</h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="preferences">
        {PREFERENCE_FIELDS.map((name) => {
          const spec = clientField(name);
          return (
            <div key={name}>
              <dt className="text-gray-600">{spec.label}</dt>
              <dd className="font-medium break-words">{fieldCellText(spec.kind, c[jsonName(name)]) || "—"}</dd>
            </div>
          );
        })}
      </dl>

      <h3 className="mt-6 mb-2 font-semibold">Family</h3>
      {family.length === 0 ? (
        <p className="text-sm text-gray-600">No family members recorded</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="family">
          {family.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-x-3 py-1.5" data-testid="family-member">
              <span className="font-medium">{m.name}</span>
              <span className="text-gray-600">{FAMILY_RELATION_LABELS[m.relation]}</span>
              <span className="flex-1">
                {m.birthDate ? `Born ${formatDay(m.birthDate)}` : "Birthday not known"}
                {m.next && m.next.age > 0 ? (
                  <span className="text-gray-600">
                    {" "}
                    · turns {m.next.age} {whenPhrase(m.next.daysLeft)}
                  </span>
                ) : null}
              </span>
              <Form method="post" action={`/customers/${c.id}/family`} preventScrollReset>
                <input type="hidden" name="redirectTo" value={pathname + search} />
                <input type="hidden" name="memberId" value={m.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  className="btn-ghost px-2 py-1 text-xs"
                  aria-label={`Remove ${m.name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {erased ? null : (
        <Form
          method="post"
          action={`/customers/${c.id}/family`}
          className="mt-2 grid gap-2 sm:grid-cols-[10rem_1fr_11rem_auto] sm:items-end"
          preventScrollReset
        >
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <div>
            <label htmlFor="family-relation" className="label">
              Relation
            </label>
            <select id="family-relation" name="relation" defaultValue="spouse" className="input mt-1">
              {FAMILY_RELATIONS.map((r) => (
                <option key={r} value={r}>
                  {FAMILY_RELATION_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="family-name" className="label">
              Name
            </label>
            <input
              id="family-name"
              name="name"
              required
              maxLength={FAMILY_NAME_MAX}
              dir="auto"
              className="input mt-1"
            />
          </div>
          <div>
            <label htmlFor="family-birthDate" className="label">
              Date of birth
            </label>
            <input id="family-birthDate" name="birthDate" type="date" max={today} className="input mt-1" />
          </div>
          <button type="submit" name="intent" value="add" className="btn-secondary">
            Add family member
          </button>
        </Form>
      )}

      {canReassign && !erased ? (
        <Form
          method="post"
          action={`/customers/owner${search}`}
          className="mt-4 flex flex-wrap items-end gap-2"
          preventScrollReset
        >
          <input type="hidden" name="clientIds" value={c.id} />
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <div>
            <label htmlFor="client-owner" className="label">
              Owner
            </label>
            <select id="client-owner" name="ownerId" defaultValue={c.ownerId ?? "none"} className="input mt-1">
              <option value="none">Unassigned</option>
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Reassign
          </button>
        </Form>
      ) : null}

      <h3 className="mt-6 mb-2 font-semibold">Purchase History</h3>
      {sales.length === 0 ? (
        <p className="text-sm text-gray-600">No purchases recorded</p>
      ) : (
        // Six columns scroll sideways on a phone rather than squeezing the items' descriptions.
        <div className="overflow-x-auto">
          <table
            className="min-w-full text-start text-sm [&_td]:px-3 [&_td]:py-1.5 [&_td]:align-top [&_th]:px-3 [&_th]:py-1.5"
            data-testid="purchase-history"
          >
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col">Description</th>
                <th scope="col">Invoice</th>
                <th scope="col">Sold by</th>
                <th scope="col">
                  <span className="sr-only">Void</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {sales.map((s) => (
                <tr key={s.id} data-testid="sale-row" className={s.voidedAt ? "text-gray-500" : undefined}>
                  <td>{formatDay(s.saleDate)}</td>
                  <td className={`text-end tabular-nums ${s.voidedAt ? "line-through" : ""}`}>{aed(s.amount)}</td>
                  <td>
                    {s.description || (s.items.length === 0 ? "Purchase" : null)}
                    {s.items.length > 0 ? (
                      <ul data-testid="sale-items">
                        {s.items.map((i, n) => (
                          <li key={n}>{itemSummary(i)}</li>
                        ))}
                      </ul>
                    ) : null}
                    {s.voidedAt ? (
                      <p className="text-red-700" data-testid="sale-void">
                        Void: {s.voidReason}
                      </p>
                    ) : null}
                  </td>
                  <td>
                    {s.invoiceNo ?? "—"}
                    {s.showroom ? (
                      <span className="block text-gray-600">{labelOf(SHOWROOM_LABELS, s.showroom)}</span>
                    ) : null}
                  </td>
                  <td>{s.soldByName ?? "—"}</td>
                  <td>{s.canVoid ? <VoidSaleForm saleId={s.id} clientId={c.id} isAdmin={isAdmin} /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="mt-6 mb-2 font-semibold">Consent</h3>
      <ul className="mb-2 flex flex-wrap gap-2 text-sm" data-testid="consent">
        {CONSENT_CHANNELS.map((channel) => (
          <li key={channel} className="badge bg-gray-100 text-gray-800">
            {CONSENT_CHANNEL_LABELS[channel]}: {CONSENT_STATUS_LABELS[c.consent[channel]]}
          </li>
        ))}
      </ul>
      {erased ? null : (
        <Form
          method="post"
          action={`/customers/${c.id}/consent`}
          className="mb-2 flex flex-wrap items-end gap-2"
          preventScrollReset
        >
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <ConsentSelect name="channel" label="Channel" options={CONSENT_CHANNELS} labels={CONSENT_CHANNEL_LABELS} />
          <ConsentSelect name="status" label="Status" options={CONSENT_STATUSES} labels={CONSENT_STATUS_LABELS} />
          <ConsentSelect name="source" label="How" options={CONSENT_SOURCES} labels={CONSENT_SOURCE_LABELS} />
          <button type="submit" className="btn-secondary">
            Record consent
          </button>
        </Form>
      )}

      <h3 className="mt-6 mb-2 font-semibold">Contacts</h3>
      {erased ? null : (
        <Form
          method="post"
          action={`/customers/${c.id}/interactions`}
          className="mb-3 grid gap-2 sm:grid-cols-[9rem_1fr_12rem_auto] sm:items-end"
          preventScrollReset
        >
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <div>
            <label htmlFor="contact-type" className="label">
              Contact
            </label>
            <select id="contact-type" name="type" defaultValue="call" className="input mt-1">
              {INTERACTION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {INTERACTION_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="contact-note" className="label">
              Note
            </label>
            <input id="contact-note" name="note" maxLength={2000} className="input mt-1" />
          </div>
          <div>
            <label htmlFor="contact-outcome" className="label">
              Outcome
            </label>
            <input id="contact-outcome" name="outcome" maxLength={500} className="input mt-1" />
          </div>
          <button type="submit" className="btn-secondary">
            Record contact
          </button>
        </Form>
      )}
      {contacts.length === 0 ? (
        <p className="text-sm text-gray-600">No contacts recorded</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="contact-history">
          {contacts.map((i) => (
            <li key={i.id} className="flex flex-wrap gap-x-3 py-1.5">
              <span className="w-40 shrink-0 tabular-nums">{i.when}</span>
              <span className="w-20 shrink-0 font-medium">{i.typeLabel}</span>
              <span className="flex-1">
                {i.note ?? ""}
                {i.outcome ? <span className="text-gray-600"> — {i.outcome}</span> : null}
              </span>
              <span className="text-gray-600">{i.userName ?? "—"}</span>
            </li>
          ))}
        </ul>
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
              <span className="text-gray-600">{f.ownerName ?? "Unassigned"}</span>
              <span className={f.done ? "badge bg-green-100 text-green-800" : "badge bg-amber-100 text-amber-900"}>
                {f.status === "cancelled" ? "Cancelled" : f.done ? "Done" : "Open"}
              </span>
            </li>
          ))}
        </ul>
      )}

      {isAdmin ? (
        <section aria-labelledby="client-data-rights" className="mt-6 border-t border-gray-200 pt-4">
          <h3 id="client-data-rights" className="mb-2 font-semibold">
            The client&apos;s data
          </h3>
          <p className="mb-2 text-sm text-gray-700">
            For a request to see their data: one file with everything held about the client. Each export is recorded in
            the audit log.
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={`/customers/${c.id}/data-export`} download className="btn-secondary">
              Export this client&apos;s data
            </a>
            <a href={`/customers/${c.id}/data-export?format=json`} download className="btn-ghost">
              The same as JSON
            </a>
          </div>
          {erased ? null : (
            <>
              <p className="mt-4 mb-2 text-sm text-gray-700">
                For a request to be forgotten: wipes the client&apos;s personal data for good; the sales stay as
                anonymous amounts. It cannot be undone.
              </p>
              <Link to={`/customers/${c.id}/erase?back=${back}`} className="btn-danger">
                Erase this client
              </Link>
            </>
          )}
        </section>
      ) : null}
    </RouteDialog>
  );
}

/** Void with a reason, folded in a <details> so it works without JavaScript; admins may also re-enter it. */
function VoidSaleForm({ saleId, clientId, isAdmin }: { saleId: number; clientId: number; isAdmin: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <details>
      <summary className="cursor-pointer text-red-700">Void…</summary>
      <Form method="post" action={`/customers/${clientId}/void-sale`} className="mt-1 space-y-1" preventScrollReset>
        <input type="hidden" name="saleId" value={saleId} />
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <label htmlFor={`void-reason-${saleId}`} className="label">
          Reason
        </label>
        <input id={`void-reason-${saleId}`} name="reason" required maxLength={VOID_REASON_MAX} className="input" />
        <div className="flex flex-wrap gap-1">
          <button type="submit" name="intent" value="void" className="btn-danger">
            Void sale
          </button>
          {isAdmin ? (
            <button type="submit" name="intent" value="reenter" className="btn-secondary">
              Void and re-enter
            </button>
          ) : null}
        </div>
      </Form>
    </details>
  );
}

function ConsentSelect<T extends string>({
  name,
  label,
  options,
  labels,
}: {
  name: string;
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <div>
      <label htmlFor={`consent-${name}`} className="label">
        {label}
      </label>
      <select id={`consent-${name}`} name={name} className="input mt-1">
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteModalError title="Customer Details" fallback="Failed to fetch sales records" />;
}
