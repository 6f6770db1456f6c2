import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { loadManagedUserDialog, requireUnlockedUserManagement } from "~/auth/admin-gate.server";
import { RouteDialog } from "~/components/route-dialog";
import { ClientHandoverSelect } from "~/components/users/client-handover";
import { useErrorToast } from "~/components/users/use-error-toast";
import { requestAddress } from "~/http/request-address";
import { userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { formText } from "~/http/form-text";
import { say } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { clientIdsOwnedBy, handOverClients, handoverChoices } from "~/services/client-owners.server";
import { deleteUser } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const dialog = await loadManagedUserDialog(request, params.userId!);
  if (!("user" in dialog)) return dialog;
  return { ...dialog, handover: await handoverChoices(dialog.user.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const { t } = await translatorFor(request, "users");
  const handTo = formText(await request.formData(), "handClientsTo").trim();
  // Deleting a user unassigns their clients, so the list is taken first and handed over after.
  const owned = handTo ? await clientIdsOwnedBy(params.userId!) : [];
  const result = await deleteUser(session.user, params.userId!, requestAddress(request));
  if (!result.ok)
    return data(
      { error: result.error ? say(t, result.error) : t("users:toast.deleteFailed") },
      { status: result.status },
    );
  let description = t("users:toast.deleted");
  if (handTo) {
    const handed = await handOverClients(result.value, owned, handTo, session.user, requestAddress(request));
    description += handed.ok
      ? t("users:toast.handedOver", { count: handed.moved, name: handed.toName })
      : t("users:toast.handoverFailedUnassigned", { error: say(t, handed.error) });
  }
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  return redirectWithToast(back, { type: "success", title: t("users:toast.success"), description });
}

/** The confirmation step (docs/product-rules.md §5) as a page of its own, so it works without JavaScript too. */
export default function DeleteUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  useErrorToast(actionData, t("users:toast.error"));
  if (loaderData.locked) return null;
  const { user, query, handover } = loaderData;
  const closeTo = `/profile/users${query}`;
  const deleting = navigation.state === "submitting";
  return (
    <RouteDialog
      title={t("users:delete.title")}
      description={t("users:delete.confirm")}
      closeTo={closeTo}
      stacked
      size="sm"
    >
      <p className="text-sm">
        <Trans
          i18nKey="users:delete.consequences"
          values={{ name: user.name, email: user.email }}
          components={{ name: <bdi />, email: <bdi /> }}
        />
      </p>
      <p role="alert" className="field-error">
        {actionData?.error ?? ""}
      </p>
      <ClientHandoverSelect
        userName={user.name}
        clientCount={handover.clientCount}
        owners={handover.owners}
        when="delete"
        form="delete-user-form"
      />
      <Form
        id="delete-user-form"
        method="post"
        action={`/profile/users/${user.id}/delete${query}`}
        className="flex justify-end gap-2"
        preventScrollReset
      >
        <Link to={closeTo} preventScrollReset className="btn-secondary">
          {t("users:cancel")}
        </Link>
        <button type="submit" className="btn-danger" disabled={deleting}>
          {deleting ? t("users:delete.deleting") : t("users:delete.submit")}
        </button>
      </Form>
    </RouteDialog>
  );
}
