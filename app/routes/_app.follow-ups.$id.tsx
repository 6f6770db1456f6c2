import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { FollowUpChangeSchema } from "~/domain/follow-ups";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { translatorFor } from "~/i18n/i18n.server";
import { updateFollowUp } from "~/services/follow-ups.server";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["followUps"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  return redirect("/customers");
}

/** Closes a follow-up from a list (done or cancelled, with an optional outcome); works without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "followUps");
  const form = await request.formData();
  const back = safeRedirectPath(formText(form, "redirectTo"), "/customers");
  const parsed = FollowUpChangeSchema.safeParse({
    status: formText(form, "status") || undefined,
    outcome: formText(form, "outcome") || undefined,
  });
  if (!parsed.success)
    return redirectWithToast(back, {
      type: "error",
      title: t("followUps:notChanged"),
      description: t("followUps:chooseStatus"),
    });
  const result = await updateFollowUp(params.id ?? "", parsed.data, user, requestAddress(request));
  if (!result.ok) {
    return redirectWithToast(back, {
      type: "error",
      title: t("followUps:notChanged"),
      description: t(result.error),
    });
  }
  return redirectWithToast(back, {
    type: "success",
    title: result.followUp.status === "done" ? t("followUps:done") : t("followUps:updated"),
    description: result.followUp.clientName,
  });
}
