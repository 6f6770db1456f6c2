import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { ACCESS } from "~/domain/roles";
import { plainRefusal } from "~/http/page-refusals.server";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { undoClientMerge } from "~/services/client-merge.server";

/** The Undo merge button of a client's details (admins, within 30 days): back to the kept client. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.undoMerge });
  const [mergeId] = parseClientIds(params.mergeId);
  const result =
    mergeId && mergeId <= 2_147_483_647
      ? await undoClientMerge(mergeId, { actor: user, ip: requestAddress(request) })
      : null;
  if (!result || (!result.ok && result.error === "not_found"))
    throw await plainRefusal(request, 404, MESSAGE_CODES.mergeNotFound);
  const { t } = await translatorFor(request, "duplicates");
  if (!result.ok)
    return redirectWithToast("/customers/duplicates", {
      type: "error",
      title: t("duplicates:merge.undoRefused.title"),
      description: t("duplicates:merge.undoRefused.description"),
    });
  return redirectWithToast(`/customers/${result.keptId}`, {
    type: "success",
    title: t("duplicates:merge.undone.title"),
    description: t("duplicates:merge.undone.description"),
  });
}
