import { formText } from "~/http/form-text";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { consumeActionVerification } from "~/auth/verification.server";
import { DeletionCodeField, type DeleteStep } from "~/components/clients/delete-verification-dialog";
import { RouteDialog } from "~/components/route-dialog";
import { useHydrated } from "~/components/use-hydrated";
import { parseClientIds } from "~/domain/client-ids";
import { requestAddress } from "~/http/request-address";
import { CODE_LENGTH } from "~/domain/one-time-code";
import { ACCESS } from "~/domain/roles";
import { verifyForAction } from "~/services/code-verification.server";
import { deleteClients } from "~/services/client-deletion.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { say } from "~/i18n/messages";

export const handle: CatalogsHandle = { i18n: ["account", "login"] };

/**
 * Customer deletion, the one server path for it. Without JavaScript, two form posts: the list's
 * Delete Selected posts the ticked ids here ("confirm"), which shows the Security Verification
 * prompt; the code then posts back ("delete") and is checked, spent and followed by the delete in
 * one request. With JavaScript the list's own prompt sends that second post through a fetcher.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUser(request, { access: ACCESS.clients });
  const { t } = await translatorFor(request, "clientActions");
  const form = await request.formData();
  const clientIds = parseClientIds(form.getAll("clientIds"));
  const back = `/customers${new URL(request.url).search}`;
  if (clientIds.length === 0) {
    return redirectWithToast(back, {
      type: "info",
      title: t("clientActions:delete.nothingSelected"),
      description: t("clientActions:delete.tickFirst"),
    });
  }
  if (form.get("intent") !== "delete") return data<DeleteStep>({ clientIds, error: null });

  const verified = await verifyForAction(session, formText(form, "otpCode").trim(), requestAddress(request));
  if (!verified.ok)
    return data<DeleteStep>({ clientIds, error: say(t, verified.error), failed: "code" }, { status: verified.status });
  if (!(await consumeActionVerification(session.id))) {
    return data<DeleteStep>(
      { clientIds, error: t("clientActions:verification.expired"), failed: "delete" },
      { status: 403 },
    );
  }
  let deleted: number;
  try {
    ({ deleted } = await deleteClients(clientIds, session.user, requestAddress(request)));
  } catch (error) {
    console.error("client deletion failed", error);
    return data<DeleteStep>({ clientIds, error: t("clientActions:delete.failed"), failed: "delete" }, { status: 500 });
  }
  return redirectWithToast(back, {
    type: "success",
    title: t("clientActions:delete.deleted"),
    description: t("clientActions:delete.deletedDescription", { count: deleted }),
  });
}

export default function DeleteVerificationPage() {
  const step = useActionData<DeleteStep>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [attempt, setAttempt] = useState(0);
  const busy = navigation.state === "submitting";
  const closeTo = `/customers${search}`;
  const count = step?.clientIds.length ?? 0;
  // A refused code is cleared for the next try (reset while rendering, as the answer changes).
  const [shownStep, setShownStep] = useState(step);
  if (shownStep !== step) {
    setShownStep(step);
    setCode("");
    setAttempt((n) => n + 1);
  }

  return (
    <RouteDialog title={t("clientActions:verification.title")} closeTo={closeTo}>
      {step ? (
        <Form method="post" action={`/customers/delete${search}`} className="space-y-4">
          <p className="text-sm text-gray-700">{t("clientActions:delete.prompt", { count })}</p>
          {step.clientIds.map((id) => (
            <input key={id} type="hidden" name="clientIds" value={id} />
          ))}
          <DeletionCodeField key={attempt} onValueChange={setCode} />
          <p role="alert" className="field-error">
            {step.error ? t("clientActions:delete.verifyFailed", { error: step.error }) : ""}
          </p>
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className="btn-secondary">
              {t("clientActions:cancel")}
            </Link>
            <button
              type="submit"
              name="intent"
              value="delete"
              className="btn-danger"
              disabled={hydrated && (busy || code.length !== CODE_LENGTH)}
            >
              {busy ? t("clientActions:verification.verifying") : t("clientActions:delete.submit")}
            </button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-gray-700">
          {t("clientActions:delete.noSelectionHint")}{" "}
          <Link to={closeTo} className="text-brand-700 underline">
            {t("clientActions:delete.backToList")}
          </Link>
        </p>
      )}
    </RouteDialog>
  );
}
