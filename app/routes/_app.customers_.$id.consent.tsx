import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { ConsentChangeSchema } from "~/domain/consent-change";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { recordConsent } from "~/services/consent.server";
import { parseClientIds } from "~/domain/client-ids";
import { redirectWithFormError, redirectWithToast } from "~/http/toast.server";
import { CONSENT_CHANNEL_KEYS, CONSENT_STATUS_KEYS } from "~/i18n/label-keys";
import { translatorFor } from "~/i18n/i18n.server";
import { zodMessages } from "~/i18n/zod-messages";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { firstIssueText } from "~/i18n/form-issues.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { plainRefusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = { i18n: ["clientActions", "clientForm", "clients", "dashboard", "validation"] };

export { clientDetailsRedirect as loader } from "~/http/client-details-redirect.server";

/** The details dialog's consent form: one channel's new status and how the client told us. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
  const { t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const back = safeRedirectPath(formText(form, "redirectTo"), `/customers/${id}`);
  const parsed = ConsentChangeSchema.safeParse(
    {
      channel: formText(form, "channel"),
      status: formText(form, "status"),
      source: formText(form, "source"),
    },
    { error: zodMessages(t) },
  );
  if (!parsed.success)
    return redirectWithFormError(back, t("clientActions:consent.notChanged"), firstIssueText(t, parsed.error));
  const saved = await recordConsent(id, parsed.data, session.user, requestAddress(request));
  if (!saved) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
  const { channel, status } = parsed.data;
  return redirectWithToast(back, {
    type: "success",
    title: t("clientActions:consent.recorded"),
    description: t("clientActions:consent.change", {
      channel: t(CONSENT_CHANNEL_KEYS[channel]),
      status: t(CONSENT_STATUS_KEYS[status]),
    }),
  });
}
