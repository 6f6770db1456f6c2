import { formText } from "~/http/form-text";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requireUnlockedUserManagement, requireUserManagement } from "~/auth/admin-gate.server";
import { AuthenticatorSetup } from "~/components/users/authenticator-setup";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { requestAddress } from "~/http/request-address";
import { userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { setupInLanguage } from "~/i18n/account-messages.server";
import { say } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import {
  INVALID_SETUP_CODE,
  pendingDeviceSetup,
  startDeviceSetup,
  verifyDeviceSetup,
} from "~/services/authenticators.server";
import { getUser } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["account"] };

/**
 * Links an authenticator for a user from inside user management: a new colleague scans the QR at
 * the counter, or the admin adds another device of their own ('Add Authenticator Device'). The
 * open admin gate is the proof of the admin's identity here. Another device is only ever added to
 * the admin's own account: a colleague's second phone is theirs to add, so no admin can give
 * themself a way into someone else's account.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, unlocked } = await requireUserManagement(request);
  if (!unlocked) return data({ locked: true as const }, { status: 403 });
  const { t } = await translatorFor(request, "users");
  const user = await getUser(params.userId!);
  if (!user) throw data(t("users:errors.notFound"), { status: 404 });
  const isSelf = user.id === session.user.id;
  return {
    locked: false as const,
    user: { id: user.id, name: user.name, hasAuthenticator: user.hasAuthenticator },
    isSelf,
    // A colleague's QR is shown only for their first device (see above).
    setup: isSelf || !user.hasAuthenticator ? setupInLanguage(t, await pendingDeviceSetup(user.id)) : null,
    query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const { t } = await translatorFor(request, "users");
  const userId = params.userId!;
  const form = await request.formData();
  const query = userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams));
  const back = `/profile/users${query}`;
  const here = `/profile/users/${userId}/authenticator${query}`;

  if (form.get("intent") === "start") {
    const started = await startDeviceSetup({
      userId,
      additional: form.get("additional") === "1" && userId === session.user.id,
    });
    if (!started.ok)
      return redirectWithToast(back, {
        type: "error",
        title: t("account:setup.failed"),
        description: started.error ? say(t, started.error) : t("account:errors.setupFailed"),
      });
    const r = started.response;
    if (r.isAdditionalDevice)
      return redirectWithToast(here, {
        type: "info",
        title: t("account:toast.additionalDevice"),
        description: say(t, r.message),
      });
    if (r.isLinked)
      return redirectWithToast(back, {
        type: "success",
        title: t("account:toast.linked"),
        description: `${say(t, r.message)} ${say(t, r.note)}`,
      });
    return redirect(here);
  }

  const verified = await verifyDeviceSetup({
    userId,
    token: formText(form, "token"),
    ip: requestAddress(request),
    actor: session.user,
  });
  if (!verified.ok)
    return data(
      { error: say(t, verified.error || INVALID_SETUP_CODE), attempt: Date.now() },
      { status: verified.status },
    );
  return redirectWithToast(back, {
    type: "success",
    title: t("account:toast.setupComplete"),
    description: t("account:toast.setupCompleteDescription"),
  });
}

export default function UserAuthenticator() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  useErrorToast(actionData, t("account:setup.failed"));
  if (loaderData.locked) return null;
  const { user, isSelf, setup, query } = loaderData;
  const closeTo = `/profile/users${query}`;
  const here = `/profile/users/${user.id}/authenticator${query}`;
  const title = isSelf ? t("users:addDevice") : t("users:authenticator.title", { name: user.name });

  return (
    <RouteDialog
      title={title}
      description={isSelf ? t("users:authenticator.selfDescription") : t("users:authenticator.description")}
      closeTo={closeTo}
      stacked
      size="sm"
    >
      {setup ? (
        <AuthenticatorSetup
          setup={setup}
          action={here}
          error={actionData?.error}
          attempt={actionData?.attempt}
          footer={
            <Link to={closeTo} preventScrollReset className="btn-secondary">
              {t("users:cancel")}
            </Link>
          }
        />
      ) : (
        <Form method="post" action={here} className="space-y-3" preventScrollReset>
          <p className="text-sm text-gray-700">
            {!user.hasAuthenticator ? (
              t("users:authenticator.noSetup")
            ) : isSelf ? (
              t("users:authenticator.selfLinked")
            ) : (
              <Trans
                i18nKey="users:authenticator.alreadyLinked"
                values={{ name: user.name }}
                components={{ name: <bdi /> }}
              />
            )}
          </p>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="additional" value={isSelf && user.hasAuthenticator ? "1" : "0"} />
          <div className="flex justify-end gap-2">
            <Link to={closeTo} preventScrollReset className="btn-secondary">
              {t("users:cancel")}
            </Link>
            {user.hasAuthenticator && !isSelf ? null : (
              <button type="submit" className="btn-primary">
                {t("users:authenticator.showQr")}
              </button>
            )}
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
