import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { validationFailedMessage } from "~/domain/client-input";
import { parseCustomerListQuery } from "~/domain/customer-filters";
import { ACCESS } from "~/domain/roles";
import { createCustomer, customerJson, listCustomerRecords } from "~/services/customers.server";

/** GET /api/clients (spec §7): the client book, filtered and paged like the screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request, { access: ACCESS.customers });
  const query = parseCustomerListQuery(new URL(request.url).searchParams);
  const page = await listCustomerRecords(query, undefined, user.id);
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

/** POST /api/clients: Add New Client (owned by the caller unless `ownerId` names another active user); errors as {error, details:[{path, message}]}. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireApiUser(request, { access: ACCESS.customers });
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const body: unknown = await request.json().catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body))
    return Response.json({ error: "Send the client as a JSON object" }, { status: 400 });
  const result = await createCustomer(body as Record<string, unknown>, session.user);
  if (!result.ok) {
    const error = result.status === 409 ? result.issues[0]!.message : validationFailedMessage(result.issues);
    return Response.json({ error, details: result.issues }, { status: result.status });
  }
  return Response.json({ data: customerJson(result.customer) }, { status: 201 });
}
