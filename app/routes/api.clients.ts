import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { validationFailedMessage } from "~/domain/client-input";
import { parseCustomerListQuery } from "~/domain/customer-filters";
import { ACCESS } from "~/domain/roles";
import { inputError, jsonObject, readJsonBody, requireMethod } from "~/http/json-api.server";
import { createCustomer, customerJson, listCustomerRecords } from "~/services/customers.server";

/** The fields are checked by the service, with the one client schema the form and the import use. */
const ClientBody = jsonObject("Send the client as a JSON object");

/** GET /api/clients (spec §7): the client book, filtered and paged like the screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.customers });
  const query = parseCustomerListQuery(new URL(request.url).searchParams);
  const page = await listCustomerRecords(query);
  return Response.json({
    data: page.rows.map(customerJson),
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

/** POST /api/clients: Add New Client; errors as {error, details:[{path, message}]}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.customers });
  const body = await readJsonBody(request, ClientBody);
  const result = await createCustomer(body, session.user);
  if (!result.ok) {
    const error = result.status === 409 ? result.issues[0]!.message : validationFailedMessage(result.issues);
    return inputError(error, result.issues, result.status);
  }
  return Response.json({ data: customerJson(result.customer) }, { status: 201 });
}
