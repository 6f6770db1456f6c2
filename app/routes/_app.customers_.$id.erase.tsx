import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { consumeActionVerification } from "~/auth/verification.server";
import { CodeField } from "~/components/code-field";
import { Field } from "~/components/ui/field";
import { appTimezone } from "~/domain/calendar";
import { confirmsClientName, erasedClientName } from "~/domain/client-erasure";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { parseClientIds } from "~/domain/client-ids";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { shopDateTime } from "~/domain/shop-dates";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { say } from "~/i18n/messages";
import { message, type Message } from "~/domain/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { eraseClient, findClientToErase } from "~/services/client-erasure.server";
import { verifyForAction } from "~/services/code-verification.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { refusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = { i18n: ["account", "clientActions", "login"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "clientActions:erase.title")} | ${PRODUCT_NAME}` },
];

/** Admins only, as the deleted clients and the audit log. */
const ADMIN_ONLY = { access: ACCESS.profile };

type EraseAnswer = { error: string; field: "confirmName" | "otpCode" | null };

async function clientOr404(rawId: string | undefined) {
  const [id] = parseClientIds(rawId);
  const client = id ? await findClientToErase(id) : null;
  if (!client) throw refusal(404, MESSAGE_CODES.clientNotFound);
  return client;
}

/** Where Cancel goes: the page that linked here (the details, the deleted clients), same site only. */
function backPath(request: Request, client: { id: number; deletedAt: Date | null }): string {
  const fallback = client.deletedAt ? "/customers/deleted" : `/customers/${client.id}`;
  return safeRedirectPath(new URL(request.url).searchParams.get("back"), fallback);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, ADMIN_ONLY);
  const client = await clientOr404(params.id);
  const { locale } = await translatorFor(request);
  return {
    client: {
      id: client.id,
      fullName: client.fullName,
      deleted: client.deletedAt !== null,
      erasedAt: client.erasedAt ? shopDateTime(client.erasedAt, appTimezone(), locale) : null,
    },
    back: backPath(request, client),
  };
}

/**
 * "Erase this client" (docs/privacy.md), the one server path with and without JavaScript: the
 * typed name must match, then the admin's own fresh authenticator code is checked and spent (as
 * for deleting clients) and the personal data is wiped in the same request. Irreversible.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const client = await clientOr404(params.id);
  const { t } = await translatorFor(request, "clientActions");
  const refuse = (message: Message | string, field: EraseAnswer["field"], status: number) =>
    data<EraseAnswer>({ error: say(t, message), field }, { status });
  if (client.erasedAt) return refuse(message(MESSAGE_CODES.alreadyErased), null, 409);
  const form = await request.formData();
  // The name first: a typing slip does not spend the code.
  if (!confirmsClientName(formText(form, "confirmName"), client.fullName))
    return refuse(message(MESSAGE_CODES.eraseNameMismatch), "confirmName", 400);
  const ip = requestAddress(request);
  const verified = await verifyForAction(session, formText(form, "otpCode").trim(), ip);
  if (!verified.ok) return refuse(verified.error, "otpCode", verified.status);
  if (!(await consumeActionVerification(session.id)))
    return data<EraseAnswer>({ error: t("clientActions:verification.expired"), field: "otpCode" }, { status: 403 });
  const result = await eraseClient(client.id, session.user, ip);
  if (!result.ok) return refuse(result.error, null, result.status);
  return redirectWithToast(client.deletedAt ? "/customers/deleted" : `/customers/${client.id}`, {
    type: "success",
    title: t("clientActions:erase.erased"),
    description: t("clientActions:erase.erasedDescription", { erasedName: erasedClientName(client.id) }),
  });
}

export default function EraseClient() {
  const { client, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  // A refused post clears the code box for the next try (reset while rendering, as the answer changes).
  const [attempt, setAttempt] = useState(0);
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (shownAnswer !== answer) {
    setShownAnswer(answer);
    setAttempt((n) => n + 1);
  }

  if (client.erasedAt)
    return (
      <div className="card mx-auto max-w-lg">
        <h1 className="text-xl font-semibold">{t("clientActions:erase.title")}</h1>
        <p className="mt-2 text-sm text-gray-700">
          <Trans
            i18nKey="clientActions:erase.alreadyErased"
            values={{ name: client.fullName, date: client.erasedAt }}
            components={{ bdi: <bdi />, date: <span dir="ltr" /> }}
          />
        </p>
        <Link to={back} className="btn-secondary mt-4">
          {t("clientActions:erase.back")}
        </Link>
      </div>
    );

  return (
    <div className="card mx-auto max-w-lg">
      <h1 className="text-xl font-semibold">{t("clientActions:erase.title")}</h1>
      <p className="text-sm text-gray-600">
        <bdi>{client.fullName}</bdi>
        {client.deleted ? t("clientActions:erase.deleted") : ""}
      </p>
      <div role="note" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-semibold">{t("clientActions:erase.cannotUndo")}</p>
        <p className="mt-1">
          <Trans
            i18nKey="clientActions:erase.explanation"
            values={{ erasedName: erasedClientName(client.id) }}
            components={{ bdi: <bdi /> }}
          />
        </p>
      </div>
      <Form method="post" className="mt-4 space-y-3">
        <Field
          id="erase-confirm-name"
          label={t("clientActions:erase.confirmName")}
          error={answer?.field === "confirmName" ? answer.error : ""}
          errorAlert
        >
          {(control) => (
            <input
              {...control}
              name="confirmName"
              required
              autoComplete="off"
              spellCheck={false}
              className="input mt-1"
            />
          )}
        </Field>
        <CodeField key={attempt} id="erase-code" name="otpCode" label={t("clientActions:verification.codeLabel")} />
        <p role="alert" className="field-error">
          {answer && answer.field !== "confirmName" ? answer.error : ""}
        </p>
        <div className="flex justify-end gap-2">
          <Link to={back} className="btn-secondary">
            {t("clientActions:cancel")}
          </Link>
          <button type="submit" className="btn-danger" disabled={busy}>
            {busy ? t("clientActions:erase.erasing") : t("clientActions:erase.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
