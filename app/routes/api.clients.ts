import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { validationFailedMessage } from "~/domain/client-input";
import { parseClientListQuery } from "~/domain/client-filters";
import { parseClientSort } from "~/domain/client-sort";
import { ACCESS } from "~/domain/roles";
import { listClientRecords } from "~/services/client-queries.server";
import { clientJson, forViewer } from "~/services/client-record.server";
import { readShopLists } from "~/services/shop-lists.server";
import { createClient } from "~/services/client-writes.server";
import { API_CONTRACT } from "~/http/api-contract.server";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";
import { english } from "~/i18n/english.server";

/** The fields are checked by the service, with the one client schema the form and the import use. */
const contract = API_CONTRACT["/api/clients"];

/** GET /api/clients: the client book, filtered, sorted (`sort=-totalSalesValue`) and paged like the screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const params = new URL(request.url).searchParams;
  const sort = parseClientSort(params.get("sort"));
  if (!sort.ok) return inputError(sort.message, [{ path: "sort", message: sort.message }]);
  const query = parseClientListQuery(params);
  const [page, { teams }] = await Promise.all([listClientRecords(query, user), readShopLists()]);
  return Response.json({
    data: page.rows.map((row) => clientJson(row, teams)),
    pagination: {
      page: page.page,
      limit: page.limit,
      totalCount: page.totalCount,
      totalPages: page.totalPages,
      hasPrevPage: page.page > 1,
      hasNextPage: page.page < page.totalPages,
    },
  });
}

/**
 * POST /api/clients: Add New Client (owned by the caller unless `ownerId` names another active user)
 * → 201 {data, possibleDuplicates}; errors as {error, details:[{path, message}]}.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const body = await readJsonBody(request, contract.post.body());
  const result = await createClient(body, { actor: session.user, ip: requestAddress(request) });
  if (!result.ok) {
    const error = result.status === 409 ? result.issues[0]!.message : validationFailedMessage(result.issues);
    // The rules' and the service's message codes in English: the same sentences as ever (a contract).
    const details = result.issues.map((issue) => ({ path: issue.path, message: english(issue.message) }));
    return inputError(english(error), details, result.status);
  }
  // The API does not stop at a possible duplicate: it saves and says who the client may be.
  return Response.json(
    {
      data: clientJson(forViewer(result.client, session.user), (await readShopLists()).teams),
      possibleDuplicates: result.possibleDuplicates.map(({ id, fullName, reasons }) => ({ id, fullName, reasons })),
    },
    { status: 201 },
  );
}
