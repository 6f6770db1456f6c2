import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { RouteDialog } from "~/components/route-dialog";
import { isErasedMobile } from "~/domain/client-erasure";
import { parseClientIds } from "~/domain/client-ids";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { listDeletedClients, restoreClients } from "~/services/client-deletion.server";
import { redirectWithToast } from "~/http/toast.server";

/** Admins only: the same guard as the profile's admin tools. */
const ADMIN_ONLY = { access: ACCESS.profile };

/**
 * Deleted clients (docs/decisions/004-soft-delete.md): an admin can put them back in the book,
 * export what is held about one, or erase one (docs/privacy.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ADMIN_ONLY);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const { rows, totalCount } = await listDeletedClients(q);
  return { q, rows, totalCount };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, ADMIN_ONLY);
  const form = await request.formData();
  const ids = parseClientIds(form.getAll("clientIds"));
  const back = `/customers/deleted${new URL(request.url).search}`;
  if (ids.length === 0)
    return redirectWithToast(back, {
      type: "info",
      title: "Nothing selected",
      description: "Tick the clients to restore first.",
    });
  const { restored } = await restoreClients(ids, user, requestAddress(request));
  return redirectWithToast(back, {
    type: "success",
    title: "Clients Restored",
    description: `${restored} client${restored === 1 ? "" : "s"} back in the client book.`,
  });
}

const dateTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function DeletedClientsModal() {
  const { q, rows, totalCount } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const listSearch = new URLSearchParams(search);
  listSearch.delete("q");
  const closeTo = `/customers${listSearch.size ? `?${listSearch}` : ""}`;
  return (
    <RouteDialog
      title="Deleted clients"
      description={`${totalCount.toLocaleString("en-US")} deleted; restoring puts a client and their purchases back in every list.`}
      closeTo={closeTo}
      size="lg"
    >
      <Form method="get" className="mb-3 flex gap-2" role="search">
        {[...listSearch].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="deleted-search" className="sr-only">
          Search deleted clients
        </label>
        <input
          id="deleted-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Name, mobile, email or ID number"
          className="input"
        />
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-gray-600">No deleted clients</p>
      ) : (
        <Form method="post" action={`/customers/deleted${search}`}>
          <table className="min-w-full text-start text-sm [&_td]:px-3 [&_td]:py-1.5 [&_th]:px-3 [&_th]:py-1.5">
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col">
                  <span className="sr-only">Select</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Mobile Number</th>
                <th scope="col">Deleted</th>
                <th scope="col">By</th>
                <th scope="col">
                  <span className="sr-only">Data</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <input type="checkbox" name="clientIds" value={r.id} aria-label={`Restore ${r.fullName}`} />
                  </td>
                  <td>{r.fullName}</td>
                  <td>{isErasedMobile(r.mobileNumber) ? "—" : `+${r.mobileNumber}`}</td>
                  <td>{dateTime(r.deletedAt)}</td>
                  <td>{r.deletedBy ?? "—"}</td>
                  <td className="whitespace-nowrap">
                    <a href={`/customers/${r.id}/data-export`} download className="text-brand-700 underline">
                      Export data
                    </a>
                    {r.erased ? null : (
                      <>
                        {" · "}
                        <Link
                          to={`/customers/${r.id}/erase?back=${encodeURIComponent(`/customers/deleted${search}`)}`}
                          className="text-red-700 underline"
                        >
                          Erase<span className="sr-only"> {r.fullName}</span>
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
              Showing the {rows.length} most recently deleted; search to find others.
            </p>
          ) : null}
          <div className="mt-3 flex justify-end">
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              Restore Selected
            </button>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
