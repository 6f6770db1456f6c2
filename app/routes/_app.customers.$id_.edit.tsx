import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { ClientForm, type ClientFormReply } from "~/components/clients/client-form";
import { clientFormFailure } from "~/http/client-form-reply.server";
import { duplicateWarningReply, stopsAtDuplicates } from "~/http/duplicate-warning.server";
import { RouteDialog } from "~/components/route-dialog";
import { RouteModalError } from "~/components/clients/route-modal";
import { clientListBase } from "~/domain/client-list-path";
import { clientFormValues, jsonName, MASKED_FIELDS } from "~/domain/client-fields";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { parseClientIds } from "~/domain/client-ids";
import { requestAddress } from "~/http/request-address";
import { editClientSchema } from "~/domain/client-input";
import { formatAed } from "~/domain/money";
import { ACCESS } from "~/domain/roles";
import { getClient } from "~/services/client-queries.server";
import { clientJson, forViewer } from "~/services/client-record.server";
import { updateClient } from "~/services/client-writes.server";
import { readShopLists } from "~/services/shop-lists.server";
import { formValues } from "~/http/form-text";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { refusal } from "~/http/page-refusals.server";

async function clientOr404(rawId: string | undefined) {
  const [id] = parseClientIds(rawId);
  const client = id ? await getClient(id) : null;
  if (!client) throw refusal(404, MESSAGE_CODES.clientNotFound);
  if (client.erasedAt) throw refusal(409, MESSAGE_CODES.erasedClient);
  return client;
}

export const handle: CatalogsHandle = { i18n: ["validation"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { locale } = await translatorFor(request, "clientForm");
  const client = await clientOr404(params.id);
  const shown = forViewer(client, user);
  return {
    id: client.id,
    name: client.fullName,
    totalSales: formatAed(client.totalSalesFils, locale),
    values: clientFormValues(clientJson(shown)),
    // What this user sees masked stays as it is (updateClient refuses a change to it).
    readOnlyFields: MASKED_FIELDS.filter((name) => shown[name] !== client[name]).map(jsonName),
    teams: (await readShopLists()).teams,
  };
}

/** Edit Customer: saved with a toast and back to the list, or the form with its errors. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const client = await clientOr404(params.id);
  const formData = await request.formData();
  const result = await updateClient(
    client.id,
    formValues(formData),
    { actor: user, ip: requestAddress(request) },
    undefined,
    { unlessDuplicates: stopsAtDuplicates(formData) },
  );
  const { locale, t } = await translatorFor(request, "clientForm");
  if (!result.ok) {
    const { teams } = await readShopLists();
    const submission = parseWithZod(formData, { schema: editClientSchema(teams), disableAutoCoercion: true });
    // Nothing saved yet when a changed name, email, ID or birth date is another client's: the warning.
    if (result.possibleDuplicates) return data(duplicateWarningReply(submission, result.possibleDuplicates));
    return data<ClientFormReply>(clientFormFailure(submission, result, t), { status: result.status });
  }
  const name = result.client.fullName;
  const url = new URL(request.url);
  return redirectWithToast(`${clientListBase(url.pathname)}${url.search}`, {
    type: "success",
    title: t("clientForm:edit.toastTitle"),
    description:
      result.sale === null
        ? t("clientForm:edit.toastDescription", { name })
        : t("clientForm:edit.toastDescriptionSale", { name, amount: formatAed(result.sale, locale) }),
  });
}

export default function EditClientModal() {
  const { id, name, totalSales, values, readOnlyFields, teams } = useLoaderData<typeof loader>();
  const reply = useActionData<ClientFormReply>();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const base = clientListBase(pathname);
  return (
    <RouteDialog
      title={t("clientForm:edit.title")}
      description={<bdi>{name}</bdi>}
      closeTo={`${base}${search}`}
      size="lg"
    >
      <ClientForm
        mode="edit"
        action={`${base}/${id}/edit${search}`}
        closeTo={`${base}${search}`}
        defaultValue={values}
        reply={reply}
        teams={teams}
        totalSales={totalSales}
        readOnlyFields={readOnlyFields}
      />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <RouteModalError title={t("clientForm:edit.title")} fallback={t("clientForm:edit.failed")} />;
}
