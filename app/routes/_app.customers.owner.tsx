import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { assignClientOwner } from "~/services/client-owners.server";
import { parseClientIds } from "~/domain/client-ids";
import { redirectWithToast } from "~/http/toast.server";

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
  const form = await request.formData();
  const back = safeRedirectPath(formText(form, "redirectTo"), `/customers${new URL(request.url).search}`);
  const ownerField = formText(form, "ownerId").trim();
  if (!ownerField)
    return redirectWithToast(back, {
      type: "info",
      title: "No owner chosen",
      description: "Choose the new owner first.",
    });
  const result = await assignClientOwner(
    parseClientIds(form.getAll("clientIds")),
    ownerField === "none" ? null : ownerField,
    session.user,
    requestAddress(request),
  );
  if (!result.ok)
    return redirectWithToast(back, { type: "error", title: "Owner not changed", description: result.error });
  const who = result.ownerName ?? "nobody (unassigned)";
  const moved = `${result.assigned} client${result.assigned === 1 ? "" : "s"} now with ${who}.`;
  const refused = result.refused
    ? ` ${result.refused} left as they were: only an admin or the client's owner can reassign them.`
    : "";
  return redirectWithToast(back, { type: "success", title: "Owner changed", description: moved + refused });
}
