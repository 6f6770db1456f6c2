import { formText } from "~/http/form-text";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { useHydrated } from "~/components/use-hydrated";
import { AuthenticatorSetup } from "~/components/users/authenticator-setup";
import { LinkedDeviceList } from "~/components/users/linked-device-list";
import { CodeField } from "~/components/code-field";
import { shopDateTime } from "~/domain/shop-dates";
import { useErrorToast } from "~/components/users/use-error-toast";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import { PRODUCT_NAME } from "~/domain/product";
import { setupInLanguage } from "~/i18n/account-messages.server";
import { say } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import {
  confirmLinkedDevice,
  INVALID_SETUP_CODE,
  listLinkedDevices,
  pendingDeviceSetup,
  startDeviceSetup,
  verifyDeviceSetup,
} from "~/services/authenticators.server";
import { homePathFor } from "~/services/auth.server";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["account", "login"] };

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "account:authenticator.title")} | ${PRODUCT_NAME}` },
];

const HERE = "/account/authenticator";

/**
 * Any signed-in user links an authenticator to their own account here. Someone who signed in with
 * an admin-issued one-time code lands here next (login action); someone who has a device sees it
 * and can add another, proving it is them with a code from the one they have.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const { locale, t } = await translatorFor(request, "account");
  const [devices, setup] = await Promise.all([listLinkedDevices(user.id), pendingDeviceSetup(user.id)]);
  const timeZone = appTimezone();
  return {
    devices: devices.map((d) => ({
      id: d.id,
      label: say(t, d.name),
      linked: shopDateTime(d.verifiedAt, timeZone, locale),
    })),
    setup: setupInLanguage(t, setup),
    home: homePathFor(user.role),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const { t } = await translatorFor(request, "account");
  const form = await request.formData();
  const intent = form.get("intent");
  const ip = requestAddress(request);

  if (intent === "start") {
    const started = await startDeviceSetup({ userId: user.id, additional: false });
    if (!started.ok)
      return data(
        {
          error: started.error ? say(t, started.error) : t("account:errors.setupFailed"),
          attempt: Date.now(),
          step: "start" as const,
        },
        { status: started.status },
      );
    const r = started.response;
    if (r.isLinked)
      return redirectWithToast(HERE, {
        type: "success",
        title: t("account:toast.linked"),
        description: `${say(t, r.message)} ${say(t, r.note)}`,
      });
    return redirect(HERE);
  }

  if (intent === "add-another") {
    const confirmed = await confirmLinkedDevice(user, formText(form, "currentCode"), ip);
    if (!confirmed.ok)
      return data(
        { error: say(t, confirmed.error), attempt: Date.now(), step: "add-another" as const },
        { status: confirmed.status },
      );
    const started = await startDeviceSetup({ userId: user.id, additional: true });
    if (!started.ok)
      return data(
        {
          error: started.error ? say(t, started.error) : t("account:errors.setupFailed"),
          attempt: Date.now(),
          step: "add-another" as const,
        },
        { status: started.status },
      );
    return redirectWithToast(HERE, {
      type: "info",
      title: t("account:toast.additionalDevice"),
      description: say(t, started.response.message),
    });
  }

  const verified = await verifyDeviceSetup({
    userId: user.id,
    token: formText(form, "token"),
    ip,
    actor: user,
  });
  if (!verified.ok)
    return data(
      {
        error: say(t, verified.error || INVALID_SETUP_CODE),
        attempt: Date.now(),
        step: "verify" as const,
      },
      { status: verified.status },
    );
  return redirectWithToast(homePathFor(user.role), {
    type: "success",
    title: t("account:toast.setupComplete"),
    description: t("account:toast.setupCompleteDescription"),
  });
}

export default function AccountAuthenticator() {
  const { devices, setup, home } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [currentCode, setCurrentCode] = useState("");
  const busy = navigation.state === "submitting";
  const { t } = useTranslation();
  useErrorToast(actionData, t("account:setup.failed"), () => setCurrentCode(""));

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("account:authenticator.title")}</h1>
        <p className="text-sm text-gray-600">{t("account:authenticator.intro")}</p>
      </div>

      {setup ? (
        <section className="card" aria-labelledby="setup-heading">
          <h2 id="setup-heading" className="mb-3 font-semibold">
            {setup.isAdditionalDevice ? t("account:authenticator.addDevice") : t("account:authenticator.setUpYours")}
          </h2>
          <AuthenticatorSetup
            setup={setup}
            action={HERE}
            error={actionData?.step === "verify" ? actionData.error : null}
            attempt={actionData?.attempt}
            footer={
              <Link to={home} className="btn-ghost">
                {t("account:authenticator.later")}
              </Link>
            }
          />
        </section>
      ) : devices.length === 0 ? (
        <section className="card space-y-3" aria-labelledby="setup-heading">
          <h2 id="setup-heading" className="font-semibold">
            {t("account:authenticator.linkHeading")}
          </h2>
          <p className="text-sm text-gray-700">{t("account:authenticator.linkIntro")}</p>
          <p role="alert" className="field-error">
            {actionData?.step === "start" ? actionData.error : ""}
          </p>
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? t("account:authenticator.settingUp") : t("account:authenticator.setUp")}
            </button>
            <Link to={home} className="btn-ghost">
              {t("account:authenticator.skip")}
            </Link>
          </Form>
        </section>
      ) : (
        <>
          <section className="card space-y-2" aria-labelledby="devices-heading">
            <h2 id="devices-heading" className="font-semibold">
              {t("account:authenticator.yourDevices")}
            </h2>
            <LinkedDeviceList devices={devices} />
          </section>
          <section className="card" aria-labelledby="add-heading">
            <h2 id="add-heading" className="mb-2 font-semibold">
              {t("account:authenticator.addAnother")}
            </h2>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="add-another" />
              <p className="text-sm text-gray-700">{t("account:authenticator.addAnotherIntro")}</p>
              <CodeField
                key={actionData?.step === "add-another" ? actionData.attempt : 0}
                id="current-code"
                name="currentCode"
                label={t("account:authenticator.currentCode")}
                onValueChange={setCurrentCode}
              />
              <p role="alert" className="field-error">
                {actionData?.step === "add-another" ? actionData.error : ""}
              </p>
              <button type="submit" className="btn-primary" disabled={hydrated && (currentCode.length !== 6 || busy)}>
                {busy ? t("account:authenticator.settingUp") : t("account:authenticator.addAnother")}
              </button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}
