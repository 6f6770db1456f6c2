import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useOutlet,
  useRevalidator,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { requireUser, type DeniedData } from "~/auth/guards.server";
import { AccessDeniedPanel } from "~/components/access-denied";
import { ClientFiltersCard } from "~/components/clients/client-filters-card";
import { ClientPagination } from "~/components/clients/client-pagination";
import { clientRowHtmls, rowLabels, SELECTION_FORM_ID } from "~/components/clients/client-rows-html";
import { ClientTable, DOCUMENT_ROWS_ID, SELECT_ALL_ID } from "~/components/clients/client-table";
import { DeleteVerificationDialog } from "~/components/clients/delete-verification-dialog";
import { useHydrated } from "~/components/use-hydrated";
import { keptHtml } from "~/cache/kept-pages.server";
import { businessToday } from "~/domain/calendar";
import type { ClientRowView } from "~/domain/client-row-view";
import { clientListBase, isClientDialogPath } from "~/domain/client-list-path";
import { isDocumentRequest } from "~/http/request-address";
import { clientListSearch, parseClientListQuery } from "~/domain/client-filters";
import { formatCount } from "~/domain/display-labels";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS, checkAccess } from "~/domain/roles";
import { readClientBookPage, type ClientBookAsk, type ClientBookPage } from "~/services/client-book-page.server";
import { listOwnerChoices } from "~/services/client-owners.server";
import { readShopLists } from "~/services/shop-lists.server";
import { findChoice } from "~/domain/shop-lists";
import { listDueFollowUps } from "~/services/follow-ups.server";
import { FollowUpsPanel } from "~/components/dashboard/follow-ups-panel";
import { shortDayLabel } from "~/domain/alerts";
import { MyDaySection } from "~/components/my-day";
import { getMyDay } from "~/services/my-day.server";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { REVEAL_INTENT } from "~/domain/client-privacy";
import { clientExportHref, EXPORT_FORMATS } from "~/domain/client-export";
import { usePageLocale } from "~/i18n/i18n-provider";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = {
  i18n: ["cash", "clientActions", "clientForm", "clients", "dashboard", "leads", "profile"],
};

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "clients:title")} | ${PRODUCT_NAME}` },
];

/** Customer Purchase History (docs/product-rules.md §2), also served at /customer-history. The state is the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const locale = await getLocale(request);
  const url = new URL(request.url);
  const { teams } = await readShopLists();
  const asSent = parseClientListQuery(url.searchParams);
  // The team as its key (it may come as a name), so the filter's select shows it chosen.
  const query = { ...asSent, team: asSent.team && (findChoice(teams, asSent.team)?.key ?? asSent.team) };
  const today = businessToday();
  const mayExport = checkAccess(user.role, ACCESS.exportClients) === null;
  // A dialog loaded as a whole page (a shared link, or any click with JS off) opens over a light
  // page, not a 500-row list rendered behind it; the list is one link away.
  if (isDocumentRequest(request) && isClientDialogPath(url.pathname)) {
    return {
      light: true as const,
      query,
      rows: [] as ClientRowView[],
      totalCount: 0,
      totalPages: 0,
      isAdmin: user.role === "admin",
      mayExport,
      owners: await listOwnerChoices(),
      teams,
      myDay: null,
      followUps: null,
    };
  }
  // Road sales cannot open the dashboard, so their follow-ups are on this, their home page.
  const roadSales = user.role === "road_sales";
  const asked: ClientBookAsk = { query, viewer: user, locale, basePath: clientListBase(url.pathname), today };
  const [page, owners, followUps, myDay] = await Promise.all([
    readClientBookPage(asked),
    listOwnerChoices(),
    roadSales ? listDueFollowUps(today, undefined, user.id) : null,
    roadSales ? getMyDay(user.id, today, locale) : null,
  ]);
  // A whole page carries its rows once, as HTML: entry.server puts them in the document and the data
  // the browser hydrates from leaves them out (decisions 023, 033). A later page comes as data.
  const rowsInDocument = isDocumentRequest(request) && page.rows.length > 0;
  if (rowsInDocument) (context.documentHtml ??= {})[DOCUMENT_ROWS_ID] = rowsHtml(page, asked);
  return {
    light: false as const,
    query,
    rows: rowsInDocument ? null : page.rows,
    totalCount: page.totalCount,
    totalPages: page.totalPages,
    isAdmin: user.role === "admin",
    mayExport,
    owners,
    teams,
    myDay,
    followUps: followUps && {
      total: followUps.total,
      items: followUps.items.map((f) => ({ ...f, dayLabel: shortDayLabel(f.dueDate, locale) })),
    },
  };
}

/**
 * A page's rows as the table's HTML, written once per kept page and per what the HTML is written
 * from (language and digits, path, search; decision 033), so a whole-page load sends bytes it made
 * before.
 */
function rowsHtml(page: ClientBookPage, { query, locale, basePath }: ClientBookAsk): Buffer {
  const linkSearch = clientListSearch(query);
  return keptHtml(page, `client-rows ${JSON.stringify(locale)} ${basePath}${linkSearch}`, () =>
    clientRowHtmls(page.rows, rowLabels(fixedT(locale, "clients"), locale), linkSearch, basePath),
  );
}

/**
 * With single fetch every loader re-runs on each navigation (Remix passes defaultShouldRevalidate
 * = true), and opening a client modal must not reload a page of up to 5,000 rows. The list
 * reloads after a submission, on an explicit revalidate (same URL) and when its own query changes.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  defaultShouldRevalidate,
}) => {
  // A reveal changes nothing the list shows (the details' answer carries the number).
  if (formData?.get("intent") === REVEAL_INTENT) return false;
  if ((formMethod && formMethod !== "GET") || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentUrl.search !== nextUrl.search;
};

export default function ClientsPage() {
  const { light, query, rows, totalCount, totalPages, isAdmin, mayExport, owners, teams, followUps, myDay } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = usePageLocale();
  const location = useLocation();
  const outlet = useOutlet();
  const revalidator = useRevalidator();
  // Closing the dialog of a light page in the app: now load the list it stood in for.
  useEffect(() => {
    if (light && !outlet && revalidator.state === "idle") revalidator.revalidate();
  }, [light, outlet, revalidator]);
  const hydrated = useHydrated();
  const pageRef = useRef<HTMLDivElement>(null);
  const selectionRef = useRef<HTMLFormElement>(null);
  const [selectedCount, setSelectedCount] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<number[] | null>(null);
  const listSearch = clientListSearch(query);
  const path = clientListBase(location.pathname);

  // Checkboxes stay uncontrolled (a page can hold 5,000 rows); the count is read from the form.
  const boxes = useCallback(
    () => [
      ...(selectionRef.current?.ownerDocument.querySelectorAll<HTMLInputElement>(
        `input[name="clientIds"][form="${SELECTION_FORM_ID}"]`,
      ) ?? []),
    ],
    [],
  );
  const recount = useCallback(() => setSelectedCount(boxes().filter((b) => b.checked).length), [boxes]);
  const selectAll = useCallback(
    (checked: boolean) => {
      for (const box of boxes()) box.checked = checked;
      recount();
    },
    [boxes, recount],
  );
  const uncheckAll = useCallback(() => {
    for (const box of boxes()) box.checked = false;
    const all = selectionRef.current?.ownerDocument.querySelector<HTMLInputElement>(`#${SELECT_ALL_ID}`);
    if (all) all.checked = false;
  }, [boxes]);

  function clearSelection() {
    uncheckAll();
    setSelectedCount(0);
  }
  // A new page of rows starts with nothing selected: the count resets as it renders, the boxes after.
  const [countedRows, setCountedRows] = useState(rows);
  if (countedRows !== rows) {
    setCountedRows(rows);
    setSelectedCount(0);
  }
  // A native listener: rows sent as HTML are not React's, and React's change event skips them.
  useEffect(() => {
    const page = pageRef.current;
    const onChange = (event: Event) => (event.target as HTMLInputElement).name === "clientIds" && recount();
    page?.addEventListener("change", onChange);
    return () => page?.removeEventListener("change", onChange);
  }, [recount]);
  // Boxes ticked before the page hydrated (JavaScript arriving late) stay ticked and are counted.
  const shownRows = useRef(rows);
  useEffect(() => {
    if (shownRows.current === rows) return recount();
    shownRows.current = rows;
    uncheckAll();
  }, [rows, uncheckAll, recount]);

  return (
    <div className="space-y-4" ref={pageRef}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("clients:title")}</h1>
          {light ? null : (
            <p className="text-sm text-gray-600" data-testid="customer-count">
              {t("clients:list.count", { count: totalCount, n: formatCount(totalCount, locale) })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin ? (
            <Link to={`/customers/deleted${listSearch}`} preventScrollReset className="btn-ghost">
              {t("clients:list.deletedClients")}
            </Link>
          ) : null}
          <Link
            to={`${path}?owner=me`}
            className="btn-secondary"
            aria-current={query.owner?.kind === "me" ? "page" : undefined}
          >
            {t("clients:list.myClients")}
          </Link>
          <Link to="/import-data" className="btn-secondary">
            {t("clients:list.importData")}
          </Link>
          {/* Plain download links: the file streams from /api/clients/export, with or without JavaScript. */}
          {mayExport
            ? EXPORT_FORMATS.map((format) => (
                <a key={format} href={clientExportHref(query, format)} download className="btn-secondary">
                  {t("clients:list.export")} <bdi>{`.${format}`}</bdi>
                </a>
              ))
            : null}
          <Link to={`${path}/new${listSearch}`} preventScrollReset className="btn-primary">
            {t("clients:list.newClient")}
          </Link>
        </div>
      </div>

      {myDay ? <MyDaySection day={myDay} /> : null}

      {followUps ? <FollowUpsPanel followUps={followUps} returnTo={path + listSearch} /> : null}

      <ClientFiltersCard query={query} action={path} owners={owners} teams={teams} />

      {light ? (
        <p className="card text-center text-gray-700">
          <Link to={`${path}${listSearch}`} className="btn-secondary">
            {t("clients:list.showList")}
          </Link>
        </p>
      ) : (
        <>
          <Form
            id={SELECTION_FORM_ID}
            ref={selectionRef}
            method="post"
            action={`/customers/delete${listSearch}`}
            className="flex items-center justify-between gap-3 max-sm:flex-col max-sm:items-stretch"
            onSubmit={(event) => {
              // Assign owner posts as it is (to /customers/owner, the button's formAction).
              if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "assign-owner") return;
              // With JavaScript the code prompt opens here; without it the form posts to /customers/delete.
              event.preventDefault();
              const ids = boxes()
                .filter((b) => b.checked)
                .map((b) => Number(b.value));
              if (ids.length) setPendingDelete(ids);
            }}
          >
            <p className="text-sm text-gray-700" aria-live="polite">
              {hydrated && selectedCount > 0
                ? t("clients:list.selected", { count: selectedCount })
                : t("clients:list.tickToAct")}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor="bulk-owner" className="sr-only">
                {t("clients:list.newOwner")}
              </label>
              <select id="bulk-owner" name="ownerId" className="input w-auto" defaultValue="">
                <option value="">{t("clients:list.ownerChoice")}</option>
                <option value="none">{t("clients:list.unassigned")}</option>
                {owners.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                name="intent"
                value="assign-owner"
                formAction={`/customers/owner${listSearch}`}
                className="btn-secondary"
                disabled={hydrated && selectedCount === 0}
              >
                {t("clients:list.assignOwner")}
              </button>
              <button
                type="submit"
                name="intent"
                value="confirm"
                className="btn-danger"
                disabled={hydrated && selectedCount === 0}
              >
                {t("clients:list.deleteSelected")}
              </button>
            </div>
          </Form>

          <ClientTable rows={rows} query={query} linkSearch={listSearch} basePath={path} onSelectAll={selectAll} />

          <ClientPagination query={query} totalPages={totalPages} totalCount={totalCount} path={path} />

          <DeleteVerificationDialog
            action={`/customers/delete${listSearch}`}
            clientIds={pendingDelete}
            onClose={() => setPendingDelete(null)}
            onDeleted={() => {
              setPendingDelete(null);
              clearSelection();
            }}
          />
        </>
      )}

      <Outlet />
    </div>
  );
}

/** docs/product-rules.md §8 'Failed to fetch customers'; a role refusal from a nested route (Deleted clients) keeps its own text. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 403 && (error.data as DeniedData | undefined)?.denial) {
    return <AccessDeniedPanel denial={(error.data as DeniedData).denial} />;
  }
  return (
    <div className="card mx-auto mt-10 max-w-md text-center">
      <h1 className="text-xl font-semibold">{t("clients:title")}</h1>
      <p role="alert" className="mt-2 text-red-800">
        {t("clients:list.failed")}
      </p>
      <Link to="/customers" className="btn-secondary mt-4">
        {t("clients:list.tryAgain")}
      </Link>
    </div>
  );
}
