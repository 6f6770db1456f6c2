import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { loadManagedUserDialog, requireUnlockedUserManagement } from "~/auth/admin-gate.server";
import { shopDateTime } from "~/domain/shop-dates";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import { say } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { generateOneTimeCode } from "~/services/users.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadManagedUserDialog(request, params.userId!);
}

/**
 * Issues the code and shows it in this response only: it is never put in a URL or a cookie, and a
 * repeat post issues a new code that replaces this one.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const { locale, t } = await translatorFor(request, "users");
  const result = await generateOneTimeCode(session.user, params.userId!, requestAddress(request));
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok)
    return data({ error: say(t, result.error), otp: null, expires: null }, { status: result.status, headers });
  return data(
    { error: null, otp: result.value.otp, expires: shopDateTime(result.value.expiresAt, appTimezone(), locale) },
    { headers },
  );
}

export default function OneTimeCode() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  useErrorToast(actionData, t("users:toast.error"));
  if (loaderData.locked) return null;
  const { user, query } = loaderData;
  const closeTo = `/profile/users${query}`;
  const generating = navigation.state === "submitting";
  return (
    <RouteDialog
      title={t("users:oneTimeCode.title")}
      description={`${user.name} · ${user.email}`}
      closeTo={closeTo}
      stacked
      size="sm"
    >
      {actionData?.otp ? (
        <div className="space-y-3 text-center">
          <p className="text-sm text-gray-700">
            <Trans i18nKey="users:oneTimeCode.give" values={{ name: user.name }} components={{ name: <bdi /> }} />
          </p>
          <p className="font-mono text-4xl font-bold tracking-[0.3em]" dir="ltr" data-testid="one-time-code">
            {actionData.otp}
          </p>
          <p className="text-sm text-gray-700">{t("users:oneTimeCode.until", { when: actionData.expires })}</p>
          <Link to={closeTo} preventScrollReset className="btn-primary">
            {t("users:oneTimeCode.done")}
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-gray-700">{t("users:oneTimeCode.explain")}</p>
          <p role="alert" className="field-error">
            {actionData?.error ?? ""}
          </p>
          <Form
            method="post"
            action={`/profile/users/${user.id}/one-time-code${query}`}
            className="flex justify-end gap-2"
            preventScrollReset
          >
            <Link to={closeTo} preventScrollReset className="btn-secondary">
              {t("users:cancel")}
            </Link>
            <button type="submit" className="btn-primary" disabled={generating}>
              {generating ? t("users:oneTimeCode.generating") : t("users:oneTimeCode.generate")}
            </button>
          </Form>
        </div>
      )}
    </RouteDialog>
  );
}
