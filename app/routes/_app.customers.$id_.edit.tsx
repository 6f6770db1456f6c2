import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { ClientForm, type ClientFormReply } from "~/components/customers/client-form";
import { clientFormFailure } from "~/components/customers/client-form.server";
import { RouteDialog } from "~/components/route-dialog";
import { RouteModalError } from "~/components/customers/route-modal";
import { customerListBase } from "~/domain/customer-list-path";
import { clientFormValues } from "~/domain/client-fields";
import { parseClientIds } from "~/domain/client-ids";
import { clientAddress } from "~/domain/client-ip";
import { editClientSchema } from "~/domain/client-input";
import { formatAed } from "~/domain/money";
import { ACCESS } from "~/domain/roles";
import { getClient } from "~/services/client-queries.server";
import { customerJson } from "~/services/client-record.server";
import { updateClient } from "~/services/client-writes.server";
import { redirectWithToast } from "~/toast.server";

async function clientOr404(rawId: string | undefined) {
  const [id] = parseClientIds(rawId);
  const customer = id ? await getClient(id) : null;
  if (!customer) throw new Response("Client not found", { status: 404 });
  return customer;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.customers });
  const customer = await clientOr404(params.id);
  return {
    id: customer.id,
    name: customer.fullName,
    totalSales: formatAed(customer.totalSalesFils),
    values: clientFormValues(customerJson(customer)),
  };
}

/** Edit Customer: saved with a toast and back to the list, or the form with its errors. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.customers });
  const customer = await clientOr404(params.id);
  const formData = await request.formData();
  const result = await updateClient(customer.id, Object.fromEntries(formData), {
    actor: user,
    ip: clientAddress(request),
  });
  if (!result.ok) {
    const submission = parseWithZod(formData, { schema: editClientSchema, disableAutoCoercion: true });
    return data<ClientFormReply>(clientFormFailure(submission, result), { status: result.status });
  }
  const sale = result.sale !== null ? ` A sale of ${formatAed(result.sale)} was recorded.` : "";
  const url = new URL(request.url);
  return redirectWithToast(`${customerListBase(url.pathname)}${url.search}`, {
    type: "success",
    title: "Customer Updated",
    description: `${result.customer.fullName} was saved.${sale}`,
  });
}

export default function EditCustomerModal() {
  const { id, name, totalSales, values } = useLoaderData<typeof loader>();
  const reply = useActionData<ClientFormReply>();
  const { pathname, search } = useLocation();
  const base = customerListBase(pathname);
  return (
    <RouteDialog title="Edit Customer" description={name} closeTo={`${base}${search}`} size="lg">
      <ClientForm
        mode="edit"
        action={`${base}/${id}/edit${search}`}
        closeTo={`${base}${search}`}
        defaultValue={values}
        reply={reply}
        totalSales={totalSales}
      />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <RouteModalError title="Edit Customer" fallback="Failed to update customer. Please try again." />;
}
