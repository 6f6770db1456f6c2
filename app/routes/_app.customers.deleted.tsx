import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { RouteDialog } from "~/components/route-dialog";
import { displayName } from "~/domain/client-display";
import { isErasedMobile } from "~/domain/client-erasure";
import { parseClientIds } from "~/domain/client-ids";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { listDeletedClients, restoreClients } from "~/services/client-deletion.server";
import { formatCount } from "~/domain/display-labels";
import { redirectWithToast } from "~/http/toast.server";
import { usePageLocale } from "~/i18n/i18n-provider";
import { translatorFor } from "~/i18n/i18n.server";
import { searchQuery } from "~/domain/search-query";

/** Admins only: the same guard as the profile's admin tools. */
const ADMIN_ONLY = { access: ACCESS.profile };

/**
 * Deleted clients (docs/decisions/004-soft-delete.md): an admin can put them back in the book,
 * export what is held about one, or erase one (docs/privacy.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ADMIN_ONLY);
  const q = searchQuery(new URL(request.url).searchParams.get("q"));
  const { rows, totalCount } = await listDeletedClients(q);
  return { q, rows, totalCount };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, ADMIN_ONLY);
  const { t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const ids = parseClientIds(form.getAll("clientIds"));
  const back = `/customers/deleted${new URL(request.url).search}`;
  if (ids.length === 0)
    return redirectWithToast(back, {
      type: "info",
      title: t("clientActions:deleted.nothingSelected"),
      description: t("clientActions:deleted.tickFirst"),
    });
  const { restored } = await restoreClients(ids, user, requestAddress(request));
  return redirectWithToast(back, {
    type: "success",
    title: t("clientActions:deleted.restored"),
    description: t("clientActions:deleted.restoredDescription", { count: restored }),
  });
}

const dateTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function DeletedClientsModal() {
  const { q, rows, totalCount } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { language } = locale;
  const listSearch = new URLSearchParams(search);
  listSearch.delete("q");
  const closeTo = `/customers${listSearch.size ? `?${listSearch}` : ""}`;
  return (
    <RouteDialog
      title={t("clientActions:deleted.title")}
      description={t("clientActions:deleted.description", { count: totalCount, n: formatCount(totalCount, locale) })}
      closeTo={closeTo}
      size="lg"
    >
      <Form method="get" className="mb-3 flex gap-2" role="search">
        {[...listSearch].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="deleted-search" className="sr-only">
          {t("clientActions:deleted.searchLabel")}
        </label>
        <input
          id="deleted-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("clientActions:deleted.searchPlaceholder")}
          className="input"
        />
        <button type="submit" className="btn-secondary">
          {t("clientActions:deleted.search")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-gray-600">{t("clientActions:deleted.empty")}</p>
      ) : (
        <Form method="post" action={`/customers/deleted${search}`}>
          <table className="min-w-full text-start text-sm [&_td]:px-3 [&_td]:py-1.5 [&_th]:px-3 [&_th]:py-1.5">
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col">
                  <span className="sr-only">{t("clientActions:deleted.select")}</span>
                </th>
                <th scope="col">{t("clientActions:deleted.name")}</th>
                <th scope="col">{t("clientActions:deleted.mobile")}</th>
                <th scope="col">{t("clientActions:deleted.deletedAt")}</th>
                <th scope="col">{t("clientActions:deleted.by")}</th>
                <th scope="col">
                  <span className="sr-only">{t("clientActions:deleted.data")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="clientIds"
                      value={r.id}
                      aria-label={t("clientActions:deleted.restoreOne", { name: displayName(r, language) })}
                    />
                  </td>
                  <td>
                    <bdi>{displayName(r, language)}</bdi>
                  </td>
                  <td>{isErasedMobile(r.mobileNumber) ? "—" : <span dir="ltr">+{r.mobileNumber}</span>}</td>
                  <td>
                    <span dir="ltr">{dateTime(r.deletedAt)}</span>
                  </td>
                  <td>
                    <bdi>{r.deletedBy ?? "—"}</bdi>
                  </td>
                  <td className="whitespace-nowrap">
                    <a href={`/customers/${r.id}/data-export`} download className="text-brand-700 underline">
                      {t("clientActions:deleted.exportData")}
                    </a>
                    {r.erased ? null : (
                      <>
                        {" · "}
                        <Link
                          to={`/customers/${r.id}/erase?back=${encodeURIComponent(`/customers/deleted${search}`)}`}
                          className="text-red-700 underline"
                        >
                          {t("clientActions:deleted.erase")}
                          <span className="sr-only">
                            {" "}
                            <bdi>{displayName(r, language)}</bdi>
                          </span>
                        </Link>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {totalCount > rows.length ? (
            <p className="mt-2 text-sm text-gray-600">
              {t("clientActions:deleted.showingRecent", { count: rows.length })}
            </p>
          ) : null}
          <div className="mt-3 flex justify-end">
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              {t("clientActions:deleted.restore")}
            </button>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
