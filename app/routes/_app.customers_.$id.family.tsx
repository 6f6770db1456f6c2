import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithFormError, redirectWithToast } from "~/http/toast.server";
import { RELATION_KEYS } from "~/i18n/label-keys";
import { translatorFor } from "~/i18n/i18n.server";
import { addFamilyMember, removeFamilyMember } from "~/services/client-family.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { firstIssueText } from "~/i18n/form-issues.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { plainRefusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = { i18n: ["clientActions", "clientForm", "clients", "dashboard"] };

export { clientDetailsRedirect as loader } from "~/http/client-details-redirect.server";

/**
 * The details dialog's family forms (docs/decisions/019): `intent=add` with relation, name and
 * date of birth, or `intent=remove` with the member's id. Plain posts that return to the details
 * with a toast, so they work without JavaScript; PUT /api/clients/:id replaces the whole list.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
  const { t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const back = safeRedirectPath(formText(form, "redirectTo"), `/customers/${id}`);
  const context = { actor: user, ip: requestAddress(request) };
  const intent = formText(form, "intent");
  if (intent === "add") {
    const added = await addFamilyMember(
      id,
      { relation: formText(form, "relation"), name: formText(form, "name"), birthDate: formText(form, "birthDate") },
      context,
    );
    if (!added.ok && added.status === 404) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
    if (!added.ok) return redirectWithFormError(back, t("clientActions:family.notAdded"), firstIssueText(t, added));
    return redirectWithToast(back, {
      type: "success",
      title: t("clientActions:family.added"),
      description: t("clientActions:family.addedDescription", {
        name: added.member.name,
        relation: t(RELATION_KEYS[added.member.relation]),
      }),
    });
  }
  if (intent === "remove") {
    const [memberId] = parseClientIds(formText(form, "memberId"));
    const removed = memberId ? await removeFamilyMember(id, memberId, context) : null;
    if (!removed?.ok)
      return redirectWithFormError(
        back,
        t("clientActions:family.notRemoved"),
        removed ? firstIssueText(t, removed) : t("clientActions:family.memberNotFound"),
      );
    return redirectWithToast(back, {
      type: "success",
      title: t("clientActions:family.removed"),
      description: removed.member.name,
    });
  }
  return redirectWithFormError(back, t("clientActions:family.notChanged"), t("clientActions:family.unknownAction"));
}
