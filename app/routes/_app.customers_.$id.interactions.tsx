import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { interactionInputSchema } from "~/domain/interactions";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { parseClientIds } from "~/domain/client-ids";
import { recordInteraction } from "~/services/interactions.server";
import { redirectWithFormError, redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { zodMessages } from "~/i18n/zod-messages";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { firstIssueText } from "~/i18n/form-issues.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { plainRefusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = { i18n: ["clientActions", "validation"] };

export { clientDetailsRedirect as loader } from "~/http/client-details-redirect.server";

/** The details dialog's "Record a contact" form (works without JavaScript); any role may record. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const { t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const back = safeRedirectPath(formText(form, "redirectTo"), id ? `/customers/${id}` : "/customers");
  if (!id) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
  const parsed = interactionInputSchema().safeParse(
    { type: formText(form, "type"), note: formText(form, "note"), outcome: formText(form, "outcome") },
    { error: zodMessages(t) },
  );
  if (!parsed.success)
    return redirectWithFormError(back, t("clientActions:interactions.notRecorded"), firstIssueText(t, parsed.error));
  const saved = await recordInteraction(id, parsed.data, session.user, requestAddress(request));
  if (!saved) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
  return redirectWithToast(back, { type: "success", title: t("clientActions:interactions.recorded") });
}
