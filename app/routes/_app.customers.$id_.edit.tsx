import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { ClientForm, type ClientFormReply, type ClientFormValues } from "~/components/customers/client-form";
import { clientFormFailure } from "~/components/customers/client-form.server";
import { RouteDialog } from "~/components/route-dialog";
import { RouteModalError } from "~/components/customers/route-modal";
import { customerListBase } from "~/domain/customer-list-path";
import { editClientSchema } from "~/domain/client-input";
import { formatAed } from "~/domain/money";
import { ACCESS } from "~/domain/roles";
import { customerJson, getCustomer, parseClientIds, updateCustomer } from "~/services/customers.server";
import { redirectWithToast } from "~/toast.server";

async function clientOr404(rawId: string | undefined) {
  const [id] = parseClientIds(rawId);
  const customer = id ? await getCustomer(id) : null;
  if (!customer) throw new Response("Client not found", { status: 404 });
  return customer;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.customers });
  const customer = await clientOr404(params.id);
  const c = customerJson(customer);
  const values: ClientFormValues = {
    fullName: c.fullName,
    mobileNumber: c.mobileNumber,
    country: c.country,
    emirate: c.emirate,
    area: c.area ?? "",
    team: c.team ?? "",
    dateOfBirth: c.dateOfBirth ?? "",
    email: c.email ?? "",
    emiratesId: c.emiratesId ?? "",
    emiratesIdExpiry: c.emiratesIdExpiry ?? "",
    pepStatus: c.pepStatus ?? "",
    contactOk: c.contactOk ?? "",
    anniversaryType: c.anniversaryType ?? "",
    anniversaryDate: c.anniversaryDate ?? "",
    preferredTime: c.preferredTime ?? "",
    preferredCollection: c.preferredCollection ?? "",
    category: c.category ?? "",
    isActive: String(c.isActive),
    emiratesIdPictures: c.emiratesIdPictures ?? "",
    meetingComments: c.meetingComments ?? "",
  };
  return { id: c.id, name: c.fullName, totalSales: formatAed(customer.totalSalesFils), values };
}

/** Edit Customer (spec §5): saved with a toast and back to the list, or the form with its errors. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.customers });
  const customer = await clientOr404(params.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: editClientSchema, disableAutoCoercion: true });
  const result = await updateCustomer(customer.id, Object.fromEntries(formData), user);
  if (!result.ok) return data<ClientFormReply>(clientFormFailure(submission, result), { status: result.status });
  const sale =
    submission.status === "success" && submission.value.newSaleAmount !== undefined
      ? ` A sale of ${formatAed(submission.value.newSaleAmount)} was recorded.`
      : "";
  const url = new URL(request.url);
  return redirectWithToast(`${customerListBase(url.pathname)}${url.search}`, {
    type: "success",
    title: "Customer Updated",
    description: `${result.customer.fullName} was saved.${sale}`,
  });
}

export default function EditCustomerModal() {
  const { id, name, totalSales, values } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
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
