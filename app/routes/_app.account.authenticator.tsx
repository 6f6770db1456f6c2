import { formText } from "~/http/form-text";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
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
import {
  confirmLinkedDevice,
  listLinkedDevices,
  pendingDeviceSetup,
  startDeviceSetup,
  verifyDeviceSetup,
} from "~/services/authenticators.server";
import { homePathFor } from "~/services/auth.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Authenticator app | ${PRODUCT_NAME}` }];

const HERE = "/account/authenticator";

/**
 * Any signed-in user links an authenticator to their own account here. Someone who signed in with
 * an admin-issued one-time code lands here next (login action); someone who has a device sees it
 * and can add another, proving it is them with a code from the one they have.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const [devices, setup] = await Promise.all([listLinkedDevices(user.id), pendingDeviceSetup(user.id)]);
  const timeZone = appTimezone();
  return {
    devices: devices.map((d) => ({ id: d.id, label: d.label, linked: shopDateTime(d.verifiedAt, timeZone) })),
    setup,
    home: homePathFor(user.role),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const ip = requestAddress(request);

  if (intent === "start") {
    const started = await startDeviceSetup({ userId: user.id, additional: false });
    if (!started.ok)
      return data(
        { error: started.error || "Failed to setup authenticator", attempt: Date.now(), step: "start" as const },
        { status: started.status },
      );
    const r = started.response;
    if (r.isLinked)
      return redirectWithToast(HERE, {
        type: "success",
        title: "Device Linked Successfully",
        description: `${r.message} ${r.note}`,
      });
    return redirect(HERE);
  }

  if (intent === "add-another") {
    const confirmed = await confirmLinkedDevice(user, formText(form, "currentCode"), ip);
    if (!confirmed.ok)
      return data(
        { error: confirmed.error, attempt: Date.now(), step: "add-another" as const },
        { status: confirmed.status },
      );
    const started = await startDeviceSetup({ userId: user.id, additional: true });
    if (!started.ok)
      return data(
        { error: started.error || "Failed to setup authenticator", attempt: Date.now(), step: "add-another" as const },
        { status: started.status },
      );
    return redirectWithToast(HERE, {
      type: "info",
      title: "Additional Device Setup",
      description: started.response.message,
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
      { error: verified.error || "Invalid setup code", attempt: Date.now(), step: "verify" as const },
      { status: verified.status },
    );
  return redirectWithToast(homePathFor(user.role), {
    type: "success",
    title: "Authenticator Setup Complete",
    description: "New device has been added successfully",
  });
}

export default function AccountAuthenticator() {
  const { devices, setup, home } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [currentCode, setCurrentCode] = useState("");
  const busy = navigation.state === "submitting";
  useErrorToast(actionData, "Setup Failed", () => setCurrentCode(""));

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Authenticator app</h1>
        <p className="text-sm text-gray-600">
          Sign in with a 6-digit code from an authenticator app on your phone. No passwords.
        </p>
      </div>

      {setup ? (
        <section className="card" aria-labelledby="setup-heading">
          <h2 id="setup-heading" className="mb-3 font-semibold">
            {setup.isAdditionalDevice ? "Add Authenticator Device" : "Set up your authenticator"}
          </h2>
          <AuthenticatorSetup
            setup={setup}
            action={HERE}
            error={actionData?.step === "verify" ? actionData.error : null}
            attempt={actionData?.attempt}
            footer={
              <Link to={home} className="btn-ghost">
                Do this later
              </Link>
            }
          />
        </section>
      ) : devices.length === 0 ? (
        <section className="card space-y-3" aria-labelledby="setup-heading">
          <h2 id="setup-heading" className="font-semibold">
            Link an authenticator app
          </h2>
          <p className="text-sm text-gray-700">
            A one-time code from your admin works only once. Link Microsoft Authenticator (or another authenticator app)
            now, and sign in with its codes from then on.
          </p>
          <p role="alert" className="field-error">
            {actionData?.step === "start" ? actionData.error : ""}
          </p>
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Setting up..." : "Set up authenticator"}
            </button>
            <Link to={home} className="btn-ghost">
              Skip for now
            </Link>
          </Form>
        </section>
      ) : (
        <>
          <section className="card space-y-2" aria-labelledby="devices-heading">
            <h2 id="devices-heading" className="font-semibold">
              Your linked devices
            </h2>
            <LinkedDeviceList devices={devices} />
          </section>
          <section className="card" aria-labelledby="add-heading">
            <h2 id="add-heading" className="mb-2 font-semibold">
              Add another device
            </h2>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="add-another" />
              <p className="text-sm text-gray-700">
                To add a second phone, first enter a code from the app you already use.
              </p>
              <CodeField
                key={actionData?.step === "add-another" ? actionData.attempt : 0}
                id="current-code"
                name="currentCode"
                label="Code from your current authenticator"
                onValueChange={setCurrentCode}
              />
              <p role="alert" className="field-error">
                {actionData?.step === "add-another" ? actionData.error : ""}
              </p>
              <button type="submit" className="btn-primary" disabled={hydrated && (currentCode.length !== 6 || busy)}>
                {busy ? "Setting up..." : "Add another device"}
              </button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}
