import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { assignClientOwner } from "~/services/client-owners.server";
import { parseClientIds } from "~/domain/client-ids";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";

/** Nothing to show here: a stray GET goes back to the client book. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  return redirect("/customers");
}

/**
 * Reassigns the ticked clients (the list's Assign owner) or one client (its details): `clientIds`
 * and `ownerId` (a user id, or "none" to leave them unassigned). Only an admin or a client's
 * current owner moves a client; the others stay where they are and the toast says how many.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const back = safeRedirectPath(formText(form, "redirectTo"), `/customers${new URL(request.url).search}`);
  const ownerField = formText(form, "ownerId").trim();
  if (!ownerField)
    return redirectWithToast(back, {
      type: "info",
      title: t("clientActions:owner.noneChosen"),
      description: t("clientActions:owner.chooseFirst"),
    });
  const result = await assignClientOwner(
    parseClientIds(form.getAll("clientIds")),
    ownerField === "none" ? null : ownerField,
    session.user,
    requestAddress(request),
  );
  if (!result.ok)
    return redirectWithToast(back, {
      type: "error",
      title: t("clientActions:owner.notChanged"),
      description: say(t, result.error),
    });
  const who = result.ownerName ?? t("clientActions:owner.nobody");
  const moved = t("clientActions:owner.moved", { count: result.assigned, who });
  const refused = result.refused ? t("clientActions:owner.refused", { count: result.refused }) : "";
  return redirectWithToast(back, {
    type: "success",
    title: t("clientActions:owner.changed"),
    description: moved + refused,
  });
}
