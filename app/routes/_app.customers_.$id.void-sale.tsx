import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { formatAed, parseAedToFils } from "~/domain/money";
import { ACCESS } from "~/domain/roles";
import { voidSaleSchema } from "~/domain/sales";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { formText } from "~/http/form-text";
import { plainRefusal } from "~/http/page-refusals.server";
import { requestAddress } from "~/http/request-address";
import { redirectWithFormError, redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { zodMessages } from "~/i18n/zod-messages";
import { voidSale } from "~/services/sales.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { say } from "~/i18n/messages";
import { firstIssueText } from "~/i18n/form-issues.server";

export const handle: CatalogsHandle = { i18n: ["clientActions", "validation"] };

export { clientDetailsRedirect as loader } from "~/http/client-details-redirect.server";

/**
 * The details' Void form (works without JavaScript): the same service as POST /api/sales/:id/void.
 * `intent=reenter` (offered to admins) then opens Record a sale filled with the voided sale.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const [clientId] = parseClientIds(params.id);
  if (!clientId) throw await plainRefusal(request, 404, MESSAGE_CODES.clientNotFound);
  const { locale, t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const back = safeRedirectPath(formText(form, "redirectTo"), `/customers/${clientId}`);
  const [saleId] = parseClientIds(formText(form, "saleId"));
  const parsed = voidSaleSchema().safeParse({ reason: formText(form, "reason") }, { error: zodMessages(t) });
  if (!parsed.success)
    return redirectWithFormError(back, t("clientActions:voidSale.notVoided"), firstIssueText(t, parsed.error));
  const result = saleId
    ? await voidSale(saleId, parsed.data.reason, { actor: user, ip: requestAddress(request), clientId })
    : null;
  if (!result || (!result.ok && result.status === 404))
    throw await plainRefusal(request, 404, MESSAGE_CODES.saleNotFound);
  if (!result.ok) return redirectWithFormError(back, t("clientActions:voidSale.notVoided"), say(t, result.message));
  if (formText(form, "intent") === "reenter" && user.role === "admin") {
    const reenter = `/customers/${clientId}/sale?from=${saleId}&back=${encodeURIComponent(back)}`;
    return redirectWithToast(reenter, {
      type: "success",
      title: t("clientActions:voidSale.voided"),
      description: t("clientActions:voidSale.enterAgain"),
    });
  }
  return redirectWithToast(back, {
    type: "success",
    title: t("clientActions:voidSale.voided"),
    description: t("clientActions:voidSale.totalNow", {
      amount: formatAed(parseAedToFils(result.client.totalSalesValue) ?? 0n, locale),
    }),
  });
}
