import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { RouteDialog } from "~/components/route-dialog";
import { RouteModalError } from "~/components/clients/route-modal";
import { Field } from "~/components/ui/field";
import {
  ANNIVERSARY_TYPE_KEYS,
  BUDGET_BAND_KEYS,
  CLIENT_LANGUAGE_KEYS,
  CONSENT_CHANNEL_KEYS,
  CONSENT_SOURCE_KEYS,
  CONSENT_STATUS_KEYS,
  CONTACT_OK_KEYS,
  COUNTRY_KEYS,
  EMIRATE_KEYS,
  FIELD_LABEL_KEYS,
  INTERACTION_KEYS,
  labelTable,
  labelText,
  METAL_KEYS,
  RELATION_KEYS,
  STONE_KEYS,
  TIER_KEYS,
} from "~/i18n/label-keys";
import { PAYMENT_METHOD_KEYS } from "~/i18n/cash-keys";
import { businessToday } from "~/domain/calendar";
import { addressLabel } from "~/domain/client-enums";
import { displayName, formatDay } from "~/domain/client-display";
import { clientListBase } from "~/domain/client-list-path";
import { parseClientIds } from "~/domain/client-ids";
import { WhatsAppButton } from "~/components/clients/whatsapp-button";
import { formatAed, parseAedToFils } from "~/domain/money";
import type { Locale } from "~/domain/languages";
import { canReassignClient } from "~/domain/client-owner";
import { CONSENT_CHANNELS, CONSENT_SOURCES, CONSENT_STATUSES } from "~/domain/consent";
import { formatContactTime } from "~/domain/contact-recency";
import { INTERACTION_TYPES } from "~/domain/interactions";
import { ACCESS } from "~/domain/roles";
import { canVoidSale, VOID_REASON_MAX, type SaleItemFacts } from "~/domain/sales";
import { getClient, listClientFollowUps } from "~/services/client-queries.server";
import { undoableMergeInto } from "~/services/client-merge.server";
import { listClientSales, saleJson } from "~/services/sales.server";
import { readShopLists } from "~/services/shop-lists.server";
import { nameOfKey } from "~/domain/shop-lists";
import { clientJson, forViewer } from "~/services/client-record.server";
import { listOwnerChoices } from "~/services/client-owners.server";
import { listClientInteractions } from "~/services/interactions.server";
import { listClientQuotes } from "~/services/quotes.server";
import { revealEmiratesId } from "~/services/emirates-id-reveal.server";
import { requestAddress } from "~/http/request-address";
import {
  CLIENT_FIELD_NAMES,
  clientField,
  fieldCellText,
  jsonName,
  MASKED_FIELDS,
  type ClientFieldName,
} from "~/domain/client-fields";
import { listFromColumn } from "~/domain/preferences";
import { isErasedMobile } from "~/domain/client-erasure";
import { REVEAL_INTENT, REVEAL_LIMIT } from "~/domain/client-privacy";
import { FAMILY_NAME_MAX, FAMILY_RELATIONS, nextBirthday } from "~/domain/family";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { translatorFor } from "~/i18n/i18n.server";
import { usePageLocale } from "~/i18n/i18n-provider";
import { writeNumber } from "~/domain/numerals";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { refusal } from "~/http/page-refusals.server";

/** The client's quotes are named in the quotes catalog; the rest of the page's texts come with the client book's. */
export const handle: CatalogsHandle = { i18n: ["quotes", "jobs", "duplicates"] };

/** The preference fields of the registry, shown in their own box (docs/decisions/019). */
const PREFERENCE_FIELDS = CLIENT_FIELD_NAMES.filter((name) => clientField(name).section === "preferences");

/** Customer Details (docs/product-rules.md §2): every field, the Purchase History (newest first) and follow-ups. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { language, locale, t } = await translatorFor(request, "clients");
  const [id] = parseClientIds(params.id);
  const client = id ? await getClient(id) : null;
  if (!client) throw refusal(404, MESSAGE_CODES.clientNotFound);
  const canReassign = canReassignClient(user, client.ownerId);
  // A merge into this client an admin may still undo (docs/decisions/047-client-merge.md).
  const undoable = user.role === "admin" ? await undoableMergeInto(client.id) : null;
  const [sales, followUps, owners, interactions, lists, quotes] = await Promise.all([
    listClientSales(client.id),
    listClientFollowUps(client.id),
    canReassign ? listOwnerChoices() : [],
    listClientInteractions(client.id, 50),
    readShopLists(),
    listClientQuotes(client.id),
  ]);
  const contacts = (interactions ?? []).map((i) => ({
    ...i,
    typeLabel: labelText(INTERACTION_KEYS, i.type, t),
    when: formatContactTime(new Date(i.at), undefined, locale),
  }));
  const now = new Date();
  const today = businessToday(now);
  const shown = forViewer(client, user);
  const json = clientJson(shown, lists.teams);
  return {
    client: json,
    // The team named in the page's language (the JSON's teamName is English).
    teamName: nameOfKey(lists.teams, client.team, language),
    today,
    // Each member's next birthday, counted in the shop's day like the reminders.
    family: json.familyMembers.map((m) => ({ ...m, next: m.birthDate ? nextBirthday(m.birthDate, today) : null })),
    // Something is masked for this user, so the Reveal button shows.
    canReveal: MASKED_FIELDS.some((name) => shown[name] !== client[name]),
    isAdmin: user.role === "admin",
    undoableMerge: undoable ? { id: undoable.id, at: undoable.at.toISOString().slice(0, 10) } : null,
    // Showrooms and categories named in the page's language (the JSON's names are English).
    sales: (sales ?? []).map((s) => ({
      ...saleJson(s),
      showroomName: nameOfKey(lists.showrooms, s.showroom, language),
      items: s.items.map((i) => ({ ...i, categoryName: nameOfKey(lists.itemCategories, i.category, language)! })),
      canVoid: canVoidSale(user, s, now),
    })),
    followUps,
    owners,
    canReassign,
    contacts,
    // The client's quotes, newest first (app/services/quotes.server.ts): number, day and total.
    quotes: (quotes ?? []).map((q) => ({
      id: q.id,
      number: q.number,
      day: businessToday(new Date(q.createdAt)),
      total: q.total,
    })),
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
  const { t } = await translatorFor(request, "clients");
  if (form.get("intent") !== REVEAL_INTENT)
    return data({ revealed: null, error: t("clients:details.revealUnknown") }, { status: 400 });
  const [id] = parseClientIds(params.id);
  const result = id ? await revealEmiratesId(id, user, requestAddress(request)) : null;
  if (!result || (!result.ok && result.status === 404)) throw refusal(404, MESSAGE_CODES.clientNotFound);
  if (!result.ok) {
    // The only other refusal is the reveal limit (the service's English text is the JSON's).
    const minutes = Math.max(1, Math.ceil(((result.retryAt?.getTime() ?? Date.now()) - Date.now()) / 60_000));
    const error = t("clients:details.revealLimited", { count: minutes, limit: REVEAL_LIMIT });
    return data({ revealed: null, error }, { status: result.status });
  }
  const { emiratesId, emiratesIdPictures, emiratesIdPicture } = result;
  return { revealed: { emiratesId, pictures: emiratesIdPictures ?? emiratesIdPicture }, error: null };
}

const aed = (decimal: string, locale: Locale) => formatAed(parseAedToFils(decimal) ?? 0n, locale);

/** Typed text (names, notes, areas, free fields) inside the page's language. */
const typed = (text: string | null | undefined): ReactNode => (text ? <bdi>{text}</bdi> : "—");

/** A preference as the details show it: the chosen metals, stones and budget by their words; sizes and styles as typed. */
function preferenceText(name: ClientFieldName, value: unknown, t: TFunction): ReactNode {
  const kind = clientField(name).kind;
  const items = (keys: Record<string, string>) =>
    (Array.isArray(value) ? value.map(String) : listFromColumn(typeof value === "string" ? value : ""))
      .map((item) => labelText(keys, item, t))
      .join(t("clients:list.areaSeparator"));
  if (kind === "metals") return items(METAL_KEYS) || "—";
  if (kind === "stones") return items(STONE_KEYS) || "—";
  if (kind === "budgetBand") return typeof value === "string" ? labelText(BUDGET_BAND_KEYS, value, t) : "—";
  return typed(fieldCellText(kind, value));
}

/** One sold piece: "Bangle · 21K Yellow gold · 32.4 g · Diamond 1.02 ct · code … · AED 9,800.00". */
function ItemLine({
  item: i,
  locale,
  t,
}: {
  item: SaleItemFacts & { categoryName: string };
  locale: Locale;
  t: TFunction;
}) {
  const metal = i.metal === "none" ? null : labelText(METAL_KEYS, i.metal, t);
  const karat = i.karat === "none" ? null : t("clients:item.karat", { karat: i.karat });
  const stone =
    i.stone === "none"
      ? null
      : [
          labelText(STONE_KEYS, i.stone, t),
          i.stoneCarats ? t("clients:item.carats", { carats: writeNumber(i.stoneCarats, locale.numerals) }) : null,
        ]
          .filter(Boolean)
          .join(" ");
  const parts: ReactNode[] = [
    typed(i.categoryName),
    [karat, metal].filter(Boolean).join(" ") || null,
    i.weightGrams ? t("clients:item.grams", { grams: writeNumber(i.weightGrams, locale.numerals) }) : null,
    stone,
    i.itemCode ? (
      <>
        {t("clients:item.code")} <bdi>{i.itemCode}</bdi>
      </>
    ) : null,
    i.certificateNo ? (
      <>
        {t("clients:item.certificate")} <bdi>{i.certificateNo}</bdi>
      </>
    ) : null,
    aed(i.price, locale),
  ].filter((part) => part !== null);
  return (
    <li>
      {parts.map((part, n) => (
        <span key={n}>
          {n > 0 ? " · " : null}
          {part}
        </span>
      ))}
    </li>
  );
}

export default function ClientDetailsModal() {
  const {
    client: c,
    sales,
    followUps,
    owners,
    canReassign,
    contacts,
    quotes,
    canReveal,
    isAdmin,
    undoableMerge,
    today,
    family,
    erasedOn,
    teamName,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { language } = locale;
  const revealAnswer = useActionData<typeof action>();
  const navigation = useNavigation();
  const revealing = navigation.state === "submitting" && navigation.formData?.get("intent") === REVEAL_INTENT;
  const revealed = revealAnswer?.revealed ?? null;
  const { pathname, search } = useLocation();
  const base = clientListBase(pathname);
  const back = encodeURIComponent(pathname + search);
  // An erased client is a tombstone for its sales: shown, never added to (docs/privacy.md).
  const erased = erasedOn !== null;
  const day = (iso: string | null) => formatDay(iso, locale);
  const address = addressLabel(c, {
    countries: labelTable(COUNTRY_KEYS, t),
    emirates: labelTable(EMIRATE_KEYS, t),
    separator: t("clients:list.areaSeparator"),
  });
  const anniversary = c.anniversaryType
    ? `${labelText(ANNIVERSARY_TYPE_KEYS, c.anniversaryType, t)}${t("clients:list.areaSeparator")}${day(c.anniversaryDate)}`
    : day(c.anniversaryDate);
  const pictures = (revealed ? revealed.pictures : (c.emiratesIdPictures ?? c.emiratesIdPicture)) ?? null;
  const idNumber = (revealed ? revealed.emiratesId : c.emiratesId) ?? null;
  const details: [string, ReactNode][] = [
    [t("clients:details.owner"), c.ownerName ? typed(c.ownerName) : t("clients:list.unassigned")],
    [t("clients:details.mobile"), isErasedMobile(c.mobileNumber) ? "—" : <span dir="ltr">{`+${c.mobileNumber}`}</span>],
    [t("clients:details.country"), labelText(COUNTRY_KEYS, c.country, t)],
    [t("clients:details.address"), <bdi key="address">{address}</bdi>],
    [t("clients:details.tier"), labelText(TIER_KEYS, c.tier, t)],
    [t("clients:details.totalSale"), aed(c.totalSalesValue, locale)],
    [t("clients:details.lastPurchase"), day(c.lastPurchaseDate)],
    [t("clients:details.team"), teamName ?? "—"],
    [t("clients:details.status"), c.isActive ? t("clients:details.active") : t("clients:details.inactive")],
    [t("clients:details.dateOfBirth"), day(c.dateOfBirth)],
    [t("clients:details.email"), typed(c.email)],
    [t("clients:details.preferredLanguage"), labelText(CLIENT_LANGUAGE_KEYS, c.preferredLanguage, t)],
    [t("clients:details.idNumber"), idNumber ? <span dir="ltr">{idNumber}</span> : "—"],
    [t("clients:details.idExpiry"), day(c.emiratesIdExpiry)],
    [t("clients:details.pepStatus"), typed(c.pepStatus)],
    [t("clients:details.anniversary"), anniversary],
    [t("clients:details.preferredTime"), typed(c.preferredTime)],
    [t("clients:details.preferredCollection"), typed(c.preferredCollection)],
    [t("clients:details.contactOk"), c.contactOk ? labelText(CONTACT_OK_KEYS, c.contactOk, t) : "—"],
    [t("clients:details.category"), typed(c.category)],
    [t("clients:details.idPictures"), pictures ? <span dir="ltr">{pictures}</span> : "—"],
    [t("clients:details.clientSince"), day(c.createdAt.slice(0, 10))],
  ];
  return (
    <RouteDialog
      title={t("clients:details.title")}
      description={<bdi>{c.fullName}</bdi>}
      closeTo={`${base}${search}`}
      size="lg"
    >
      {erasedOn ? (
        <p role="note" className="mb-4 rounded-md border border-gray-300 bg-gray-50 p-3 text-sm text-gray-800">
          {t("clients:details.erased", { day: day(erasedOn) })}
        </p>
      ) : null}
      <div className="mb-4 flex flex-wrap gap-2">
        {erased ? null : (
          <>
            <Link to={`${base}/${c.id}/edit${search}`} preventScrollReset className="btn-primary">
              {t("clients:details.edit")}
            </Link>
            <Link to={`/customers/${c.id}/sale?back=${back}`} className="btn-secondary">
              {t("clients:details.recordSale")}
            </Link>
            <Link to={`/quotes/new?clientId=${c.id}`} className="btn-secondary">
              {t("quotes:client.new")}
            </Link>
            <Link to={`/jobs/new?clientId=${c.id}`} className="btn-secondary">
              {t("jobs:client.new")}
            </Link>
            <Link to={`/jobs?clientId=${c.id}`} className="btn-secondary">
              {t("jobs:client.list")}
            </Link>
            <Link to={`/customers/${c.id}/follow-up?back=${back}`} className="btn-secondary">
              {t("clients:details.newFollowUp")}
            </Link>
            <WhatsAppButton
              clientId={c.id}
              clientName={displayName(c, language)}
              blockedReason={c.consent.whatsapp === "withdrawn" ? t("clients:whatsapp.withdrawn") : null}
            />
          </>
        )}
        {isAdmin ? (
          <Link to={`/profile/logs?client=${c.id}`} className="btn-ghost">
            {t("clients:details.auditLog")}
          </Link>
        ) : null}
      </div>
      {undoableMerge ? (
        <Form
          method="post"
          action={`/customers/merges/${undoableMerge.id}/undo`}
          className="mb-4 flex flex-wrap items-center gap-2 text-sm"
        >
          <span className="text-gray-700">{t("duplicates:merge.undoHint", { date: day(undoableMerge.at) })}</span>
          <button type="submit" className="btn-secondary">
            {t("duplicates:merge.undo")}
          </button>
        </Form>
      ) : null}
      {canReveal && !revealed ? (
        <Form method="post" preventScrollReset className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-gray-700">{t("clients:details.masked")}</span>
          <button type="submit" name="intent" value={REVEAL_INTENT} className="btn-secondary" disabled={revealing}>
            {revealing ? t("clients:details.revealing") : t("clients:details.reveal")}
          </button>
          <span className="text-gray-600">{t("clients:details.revealRecorded")}</span>
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
            <dt className="text-gray-600">{t("clients:details.nameAr")}</dt>
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
            <dt className="text-gray-600">{t("clients:details.meetingComments")}</dt>
            <dd className="whitespace-pre-line">
              <bdi>{c.meetingComments}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>

      <h3 className="mt-6 mb-2 font-semibold">{t("clients:details.preferences")}</h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="preferences">
        {PREFERENCE_FIELDS.map((name) => (
          <div key={name}>
            <dt className="text-gray-600">{t(FIELD_LABEL_KEYS[name])}</dt>
            <dd className="font-medium break-words">{preferenceText(name, c[jsonName(name)], t)}</dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-6 mb-2 font-semibold">{t("clients:details.family")}</h3>
      {family.length === 0 ? (
        <p className="text-sm text-gray-600">{t("clients:details.noFamily")}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="family">
          {family.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-x-3 py-1.5" data-testid="family-member">
              <bdi className="font-medium">{m.name}</bdi>
              <span className="text-gray-600">{labelText(RELATION_KEYS, m.relation, t)}</span>
              <span className="flex-1">
                {m.birthDate
                  ? t("clients:details.born", { day: day(m.birthDate) })
                  : t("clients:details.birthdayUnknown")}
                {m.next && m.next.age > 0 ? (
                  <span className="text-gray-600">
                    {" · "}
                    {m.next.daysLeft === 0
                      ? t("clients:details.turnsToday", { age: m.next.age })
                      : m.next.daysLeft === 1
                        ? t("clients:details.turnsTomorrow", { age: m.next.age })
                        : t("clients:details.turnsIn", { age: m.next.age, count: m.next.daysLeft })}
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
                  aria-label={t("clients:details.removeLabel", { name: m.name })}
                >
                  {t("clients:details.remove")}
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
          <Field id="family-relation" label={t("clients:details.relation")}>
            {(control) => (
              <select {...control} name="relation" defaultValue="spouse" className="input mt-1">
                {FAMILY_RELATIONS.map((r) => (
                  <option key={r} value={r}>
                    {t(RELATION_KEYS[r])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="family-name" label={t("clients:details.memberName")}>
            {(control) => (
              <input {...control} name="name" required maxLength={FAMILY_NAME_MAX} dir="auto" className="input mt-1" />
            )}
          </Field>
          <Field id="family-birthDate" label={t("clients:details.memberBirthDate")}>
            {(control) => <input {...control} name="birthDate" type="date" max={today} className="input mt-1" />}
          </Field>
          <button type="submit" name="intent" value="add" className="btn-secondary">
            {t("clients:details.addMember")}
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
          <Field id="client-owner" label={t("clients:details.owner")}>
            {(control) => (
              <select {...control} name="ownerId" defaultValue={c.ownerId ?? "none"} className="input mt-1">
                <option value="none">{t("clients:list.unassigned")}</option>
                {owners.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="btn-secondary">
            {t("clients:details.reassign")}
          </button>
        </Form>
      ) : null}

      <h3 className="mt-6 mb-2 font-semibold">{t("clients:details.purchases")}</h3>
      {sales.length === 0 ? (
        <p className="text-sm text-gray-600">{t("clients:details.noPurchases")}</p>
      ) : (
        // Six columns scroll sideways on a phone rather than squeezing the items' descriptions.
        <div className="overflow-x-auto">
          <table
            className="min-w-full text-start text-sm [&_td]:px-3 [&_td]:py-1.5 [&_td]:align-top [&_th]:px-3 [&_th]:py-1.5"
            data-testid="purchase-history"
          >
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col">{t("clients:details.date")}</th>
                <th scope="col" className="text-end">
                  {t("clients:details.amount")}
                </th>
                <th scope="col">{t("clients:details.description")}</th>
                <th scope="col">{t("clients:details.invoice")}</th>
                <th scope="col">{t("clients:details.soldBy")}</th>
                <th scope="col">
                  <span className="sr-only">{t("clients:details.void")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {sales.map((s) => (
                <tr key={s.id} data-testid="sale-row" className={s.voidedAt ? "text-gray-500" : undefined}>
                  <td>{day(s.saleDate)}</td>
                  <td className={`text-end tabular-nums ${s.voidedAt ? "line-through" : ""}`}>
                    {aed(s.amount, locale)}
                  </td>
                  <td>
                    {s.description ? (
                      <bdi>{s.description}</bdi>
                    ) : s.items.length === 0 ? (
                      t("clients:details.purchase")
                    ) : null}
                    {s.items.length > 0 ? (
                      <ul data-testid="sale-items">
                        {s.items.map((i, n) => (
                          <ItemLine key={n} item={i} locale={locale} t={t} />
                        ))}
                      </ul>
                    ) : null}
                    <p className="text-gray-600" data-testid="sale-payments">
                      {t("cash:paidWith", {
                        parts:
                          s.payments.length === 0
                            ? t("cash:methods.notRecorded")
                            : s.payments
                                .map((p) => `${t(PAYMENT_METHOD_KEYS[p.method])} ${aed(p.amount, locale)}`)
                                .join(" · "),
                      })}
                      {s.cashReport === "report_due" ? (
                        <span className="badge ms-2 bg-amber-100 text-amber-900">{t("cash:reportDue")}</span>
                      ) : null}
                    </p>
                    {s.voidedAt ? (
                      <p className="text-red-700" data-testid="sale-void">
                        {t("clients:details.voided")} <bdi>{s.voidReason}</bdi>
                      </p>
                    ) : null}
                  </td>
                  <td>
                    {s.invoiceNo ? <bdi>{s.invoiceNo}</bdi> : "—"}
                    {s.showroom ? <span className="block text-gray-600">{typed(s.showroomName)}</span> : null}
                  </td>
                  <td>{typed(s.soldByName)}</td>
                  <td>{s.canVoid ? <VoidSaleForm saleId={s.id} clientId={c.id} isAdmin={isAdmin} /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="mt-6 mb-2 font-semibold">{t("quotes:client.heading")}</h3>
      {quotes.length === 0 ? (
        <p className="text-sm text-gray-600">{t("quotes:client.none")}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="client-quotes">
          {quotes.map((q) => (
            <li key={q.id} className="py-1.5">
              <Link to={`/quotes/${q.id}`} className="text-brand-700 underline">
                <Trans
                  i18nKey="quotes:client.row"
                  values={{ number: q.number, day: day(q.day), total: aed(q.total, locale) }}
                  components={{ bdi: <bdi /> }}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-6 mb-2 font-semibold">{t("clients:details.consent")}</h3>
      <ul className="mb-2 flex flex-wrap gap-2 text-sm" data-testid="consent">
        {CONSENT_CHANNELS.map((channel) => (
          <li key={channel} className="badge bg-gray-100 text-gray-800">
            {t("clients:details.consentBadge", {
              channel: t(CONSENT_CHANNEL_KEYS[channel]),
              status: t(CONSENT_STATUS_KEYS[c.consent[channel]]),
            })}
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
          <ConsentSelect
            name="channel"
            label={t("clients:details.consentChannel")}
            options={CONSENT_CHANNELS}
            keys={CONSENT_CHANNEL_KEYS}
          />
          <ConsentSelect
            name="status"
            label={t("clients:details.consentStatus")}
            options={CONSENT_STATUSES}
            keys={CONSENT_STATUS_KEYS}
          />
          <ConsentSelect
            name="source"
            label={t("clients:details.consentSource")}
            options={CONSENT_SOURCES}
            keys={CONSENT_SOURCE_KEYS}
          />
          <button type="submit" className="btn-secondary">
            {t("clients:details.recordConsent")}
          </button>
        </Form>
      )}

      <h3 className="mt-6 mb-2 font-semibold">{t("clients:details.contacts")}</h3>
      {erased ? null : (
        <Form
          method="post"
          action={`/customers/${c.id}/interactions`}
          className="mb-3 grid gap-2 sm:grid-cols-[9rem_1fr_12rem_auto] sm:items-end"
          preventScrollReset
        >
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <Field id="contact-type" label={t("clients:details.contactType")}>
            {(control) => (
              <select {...control} name="type" defaultValue="call" className="input mt-1">
                {INTERACTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(INTERACTION_KEYS[type])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="contact-note" label={t("clients:details.contactNote")}>
            {(control) => <input {...control} name="note" maxLength={2000} dir="auto" className="input mt-1" />}
          </Field>
          <Field id="contact-outcome" label={t("clients:details.contactOutcome")}>
            {(control) => <input {...control} name="outcome" maxLength={500} dir="auto" className="input mt-1" />}
          </Field>
          <button type="submit" className="btn-secondary">
            {t("clients:details.recordContact")}
          </button>
        </Form>
      )}
      {contacts.length === 0 ? (
        <p className="text-sm text-gray-600">{t("clients:details.noContacts")}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="contact-history">
          {contacts.map((i) => (
            <li key={i.id} className="flex flex-wrap gap-x-3 py-1.5">
              <span className="w-40 shrink-0 tabular-nums">{i.when}</span>
              <span className="w-20 shrink-0 font-medium">{i.typeLabel}</span>
              <span className="flex-1">
                {i.note ? <bdi>{i.note}</bdi> : ""}
                {i.outcome ? (
                  <span className="text-gray-600">
                    {" — "}
                    <bdi>{i.outcome}</bdi>
                  </span>
                ) : null}
              </span>
              <span className="text-gray-600">{typed(i.userName)}</span>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-6 mb-2 font-semibold">{t("clients:details.followUps")}</h3>
      {followUps.length === 0 ? (
        <p className="text-sm text-gray-600">{t("clients:details.noFollowUps")}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="follow-ups">
          {followUps.map((f) => (
            <li key={f.id} className="flex gap-3 py-1.5">
              <span className="w-28 shrink-0">{day(f.dueDate)}</span>
              <span className="flex-1">{f.note ? <bdi>{f.note}</bdi> : t("clients:details.followUp")}</span>
              <span className="text-gray-600">
                {f.ownerName ? <bdi>{f.ownerName}</bdi> : t("clients:list.unassigned")}
              </span>
              <span className={f.done ? "badge bg-green-100 text-green-800" : "badge bg-amber-100 text-amber-900"}>
                {f.status === "cancelled"
                  ? t("clients:details.cancelled")
                  : f.done
                    ? t("clients:details.done")
                    : t("clients:details.open")}
              </span>
            </li>
          ))}
        </ul>
      )}

      {isAdmin ? (
        <section aria-labelledby="client-data-rights" className="mt-6 border-t border-gray-200 pt-4">
          <h3 id="client-data-rights" className="mb-2 font-semibold">
            {t("clients:details.dataRights")}
          </h3>
          <p className="mb-2 text-sm text-gray-700">{t("clients:details.dataRightsSee")}</p>
          <div className="flex flex-wrap gap-2">
            <a href={`/customers/${c.id}/data-export`} download className="btn-secondary">
              {t("clients:details.exportData")}
            </a>
            <a href={`/customers/${c.id}/data-export?format=json`} download className="btn-ghost">
              <Trans i18nKey="clients:details.exportJson" components={{ bdi: <bdi /> }} />
            </a>
          </div>
          {erased ? null : (
            <>
              <p className="mt-4 mb-2 text-sm text-gray-700">{t("clients:details.dataRightsForget")}</p>
              <Link to={`/customers/${c.id}/erase?back=${back}`} className="btn-danger">
                {t("clients:details.erase")}
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
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <details>
      <summary className="cursor-pointer text-red-700">{t("clients:details.voidMenu")}</summary>
      <Form method="post" action={`/customers/${clientId}/void-sale`} className="mt-1 space-y-1" preventScrollReset>
        <input type="hidden" name="saleId" value={saleId} />
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <Field id={`void-reason-${saleId}`} label={t("clients:details.voidReason")}>
          {(control) => (
            <input {...control} name="reason" required maxLength={VOID_REASON_MAX} dir="auto" className="input mt-1" />
          )}
        </Field>
        <div className="flex flex-wrap gap-1">
          <button type="submit" name="intent" value="void" className="btn-danger">
            {t("clients:details.voidSale")}
          </button>
          {isAdmin ? (
            <button type="submit" name="intent" value="reenter" className="btn-secondary">
              {t("clients:details.voidReenter")}
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
  keys,
}: {
  name: string;
  label: string;
  options: readonly T[];
  keys: Record<T, string>;
}) {
  const { t } = useTranslation();
  return (
    <Field id={`consent-${name}`} label={label}>
      {(control) => (
        <select {...control} name={name} className="input mt-1">
          {options.map((o) => (
            <option key={o} value={o}>
              {t(keys[o])}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <RouteModalError title={t("clients:details.title")} fallback={t("clients:details.failed")} />;
}
