import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { isoFromDate } from "~/domain/calendar";
import { formatDay } from "~/domain/client-display";
import { parseClientIds } from "~/domain/client-ids";
import { formatCount } from "~/domain/display-labels";
import { parseDuplicatePage } from "~/domain/duplicate-list";
import { formatAed } from "~/domain/money";
import { PRODUCT_NAME } from "~/domain/product";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { ACCESS } from "~/domain/roles";
import { refusal } from "~/http/page-refusals.server";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { usePageLocale } from "~/i18n/i18n-provider";
import { translatorFor } from "~/i18n/i18n.server";
import { DUPLICATE_REASON_KEYS } from "~/i18n/duplicate-reason-keys";
import { metaText } from "~/i18n/meta-text";
import { dismissDuplicatePair, listDuplicatePairs, type PairClient } from "~/services/client-duplicates.server";

export const handle: CatalogsHandle = { i18n: ["duplicates"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "duplicates:title")} | ${PRODUCT_NAME}` },
];

/** The intent of "Not the same person"; Merge is its own page (_app.customers_.duplicates_.$pairId.merge). */
const DISMISS = "dismiss";

/**
 * Possible duplicates (docs/guide/duplicates.md): the pairs, strongest first, side by side with the
 * fields that differ marked. Admins and sales back staff.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.duplicates });
  const { locale } = await translatorFor(request, "duplicates");
  const query = parseDuplicatePage(new URL(request.url).searchParams);
  const { pairs, total } = await listDuplicatePairs(query);
  const side = (c: PairClient) => ({
    id: c.id,
    fullName: c.fullName,
    fullNameAr: c.fullNameAr,
    mobileNumber: c.mobileNumber,
    email: c.email,
    dateOfBirth: c.dateOfBirth ? isoFromDate(c.dateOfBirth) : null,
    emiratesId: c.emiratesId,
    totalSales: formatAed(c.totalSalesFils, locale),
    ownerName: c.ownerName,
    lastPurchaseDate: c.lastPurchaseDate ? isoFromDate(c.lastPurchaseDate) : null,
  });
  return {
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.pageSize)),
    pageSize: query.pageSize,
    total,
    pairs: pairs.map((p) => ({ ...p, clients: p.clients.map(side) })),
  };
}

/** Not the same person: the pair hidden for good, back to the same page with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.duplicates });
  const form = await request.formData();
  const [pairId] = parseClientIds(form.get("pairId"));
  if (form.get("intent") !== DISMISS || !pairId || pairId > 2_147_483_647)
    throw refusal(404, MESSAGE_CODES.duplicatePairNotFound);
  const result = await dismissDuplicatePair(pairId, { actor: user, ip: requestAddress(request) });
  if (!result.ok) throw refusal(404, MESSAGE_CODES.duplicatePairNotFound);
  const { t } = await translatorFor(request, "duplicates");
  return redirectWithToast(`/customers/duplicates${new URL(request.url).search}`, {
    type: "success",
    title: t("duplicates:dismissed.title"),
    description: t("duplicates:dismissed.description"),
  });
}

type Side = ReturnType<typeof useLoaderData<typeof loader>>["pairs"][number]["clients"][number];

/** The rows compared side by side: a label and how each side shows it. */
const ROWS: readonly { label: string; value: (c: Side, locale: ReturnType<typeof usePageLocale>) => string | null }[] =
  [
    { label: "duplicates:fields.name", value: (c) => c.fullName },
    { label: "duplicates:fields.arabicName", value: (c) => c.fullNameAr },
    { label: "duplicates:fields.mobile", value: (c) => `+${c.mobileNumber}` },
    { label: "duplicates:fields.email", value: (c) => c.email },
    { label: "duplicates:fields.dateOfBirth", value: (c, l) => (c.dateOfBirth ? formatDay(c.dateOfBirth, l) : null) },
    { label: "duplicates:fields.emiratesId", value: (c) => c.emiratesId },
    { label: "duplicates:fields.totalSales", value: (c) => c.totalSales },
    { label: "duplicates:fields.owner", value: (c) => c.ownerName },
    {
      label: "duplicates:fields.lastPurchase",
      value: (c, l) => (c.lastPurchaseDate ? formatDay(c.lastPurchaseDate, l) : null),
    },
  ];

export default function DuplicatesPage() {
  const { pairs, page, pages, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = usePageLocale();
  const busy = useNavigation().state === "submitting";
  const here = (p: number) => `/customers/duplicates${p > 1 ? `?page=${p}` : ""}`;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <header>
        <Link to="/customers" className="text-sm text-brand-700 underline">
          ← {t("duplicates:back")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("duplicates:title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("duplicates:intro")}</p>
        <p className="mt-1 text-sm text-gray-600">{t("duplicates:total", { n: formatCount(total, locale) })}</p>
      </header>

      {pairs.length === 0 ? (
        <p className="card py-6 text-center text-gray-600">{t("duplicates:empty")}</p>
      ) : (
        <ul className="space-y-4">
          {pairs.map((pair) => {
            const [a, b] = pair.clients as [Side, Side];
            return (
              <li key={pair.pairId} className="card space-y-3" aria-labelledby={`pair-${pair.pairId}`}>
                <h2 id={`pair-${pair.pairId}`} className="text-lg font-semibold">
                  <bdi>{a.fullName}</bdi> · <bdi>{b.fullName}</bdi>
                </h2>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{t("duplicates:score", { score: pair.score })}</span>
                  {pair.reasons.map((reason) => (
                    <span key={reason} className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">
                      {t(DUPLICATE_REASON_KEYS[reason])}
                    </span>
                  ))}
                </p>
                <div className="overflow-x-auto">
                  <table className="w-full table-fixed text-start text-sm [&_td]:break-words [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1">
                    <thead className="bg-gray-50 text-xs text-gray-600">
                      <tr>
                        <th scope="col" className="w-1/4 text-start">
                          {t("duplicates:field")}
                        </th>
                        {[a, b].map((c) => (
                          <th key={c.id} scope="col" className="text-start">
                            <Link to={`/customers/${c.id}`} className="text-brand-700 underline">
                              {t("duplicates:open", { name: c.fullName })}
                            </Link>
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-gray-100">
                      {ROWS.map((row) => {
                        const left = row.value(a, locale);
                        const right = row.value(b, locale);
                        const differs = left !== right;
                        return (
                          <tr key={row.label} className={clsx(differs && "bg-amber-50")}>
                            <th scope="row" className="text-start font-normal text-gray-600">
                              {t(row.label)}
                              {differs ? <span className="sr-only"> ({t("duplicates:differs")})</span> : null}
                            </th>
                            {[left, right].map((value, i) => (
                              <td key={i} className={clsx(differs && "font-semibold")}>
                                <bdi>{value ?? "—"}</bdi>
                              </td>
                            ))}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/customers/duplicates/${pair.pairId}/merge`} className="btn-primary">
                    {t("duplicates:merge.link")}
                  </Link>
                  <Form method="post" action={here(page)}>
                    <input type="hidden" name="pairId" value={pair.pairId} />
                    <button type="submit" name="intent" value={DISMISS} className="btn-secondary" disabled={busy}>
                      {t("duplicates:dismiss")}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label={t("duplicates:pages")} className="flex items-center justify-between gap-2 text-sm">
          {page > 1 ? (
            <Link to={here(page - 1)} className="btn-secondary">
              {t("duplicates:previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("duplicates:pageOf", { page: formatCount(page, locale), pages: formatCount(pages, locale) })}</span>
          {page < pages ? (
            <Link to={here(page + 1)} className="btn-secondary">
              {t("duplicates:next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
