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
import { clientFormValues } from "~/domain/client-fields";
import { formValues } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { newClientSchema } from "~/domain/client-input";
import { clientListBase } from "~/domain/client-list-path";
import { ACCESS } from "~/domain/roles";
import { createClient } from "~/services/client-writes.server";
import { readShopLists } from "~/services/shop-lists.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["validation"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  return { teams: (await readShopLists()).teams };
}

/**
 * Add New Client: back to the list with a toast, or the form with every problem named, or with the
 * possible duplicates it may be and Save anyway (intent=save_anyway).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const formData = await request.formData();
  const { teams } = await readShopLists();
  const submission = parseWithZod(formData, { schema: newClientSchema(teams), disableAutoCoercion: true });
  const result = await createClient(formValues(formData), { actor: user, ip: requestAddress(request) }, undefined, {
    unlessDuplicates: stopsAtDuplicates(formData),
  });
  const { t } = await translatorFor(request, "clientForm");
  // Nothing saved yet: the form comes back with who the client may be, and Save anyway.
  if (!result.ok && result.possibleDuplicates)
    return data(duplicateWarningReply(submission, result.possibleDuplicates));
  if (!result.ok) return data<ClientFormReply>(clientFormFailure(submission, result, t), { status: result.status });
  const url = new URL(request.url);
  return redirectWithToast(`${clientListBase(url.pathname)}${url.search}`, {
    type: "success",
    title: t("clientForm:new.toastTitle"),
    description: t("clientForm:new.toastDescription", { name: result.client.fullName }),
  });
}

export default function NewClientModal() {
  const { teams } = useLoaderData<typeof loader>();
  const reply = useActionData<ClientFormReply>();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const base = clientListBase(pathname);
  return (
    <RouteDialog
      title={t("clientForm:new.title")}
      description={t("clientForm:new.description")}
      closeTo={`${base}${search}`}
    >
      <ClientForm
        mode="new"
        action={`${base}/new${search}`}
        closeTo={`${base}${search}`}
        defaultValue={clientFormValues()}
        reply={reply}
        teams={teams}
      />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <RouteModalError title={t("clientForm:new.title")} fallback={t("clientForm:new.failed")} />;
}
