import { formText } from "~/http/form-text";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUnlockedUserManagement, requireUserManagement } from "~/auth/admin-gate.server";
import { AuthenticatorSetup } from "~/components/users/authenticator-setup";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { requestAddress } from "~/http/request-address";
import { userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { pendingDeviceSetup, startDeviceSetup, verifyDeviceSetup } from "~/services/authenticators.server";
import { getUser } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";

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
  const user = await getUser(params.userId!);
  if (!user) throw data("User not found", { status: 404 });
  const isSelf = user.id === session.user.id;
  return {
    locked: false as const,
    user: { id: user.id, name: user.name, hasAuthenticator: user.hasAuthenticator },
    isSelf,
    // A colleague's QR is shown only for their first device (see above).
    setup: isSelf || !user.hasAuthenticator ? await pendingDeviceSetup(user.id) : null,
    query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
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
        title: "Setup Failed",
        description: started.error || "Failed to setup authenticator",
      });
    const r = started.response;
    if (r.isAdditionalDevice)
      return redirectWithToast(here, { type: "info", title: "Additional Device Setup", description: r.message });
    if (r.isLinked)
      return redirectWithToast(back, {
        type: "success",
        title: "Device Linked Successfully",
        description: `${r.message} ${r.note}`,
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
    return data({ error: verified.error || "Invalid setup code", attempt: Date.now() }, { status: verified.status });
  return redirectWithToast(back, {
    type: "success",
    title: "Authenticator Setup Complete",
    description: "New device has been added successfully",
  });
}

export default function UserAuthenticator() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useErrorToast(actionData, "Setup Failed");
  if (loaderData.locked) return null;
  const { user, isSelf, setup, query } = loaderData;
  const closeTo = `/profile/users${query}`;
  const here = `/profile/users/${user.id}/authenticator${query}`;
  const title = isSelf ? "Add Authenticator Device" : `Set up authenticator for ${user.name}`;

  return (
    <RouteDialog
      title={title}
      description={
        isSelf ? "Link another phone to your account." : "Scan with their phone, then confirm with the code it shows."
      }
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
              Cancel
            </Link>
          }
        />
      ) : (
        <Form method="post" action={here} className="space-y-3" preventScrollReset>
          <p className="text-sm text-gray-700">
            {!user.hasAuthenticator
              ? "No setup is in progress (a QR code is valid for 30 minutes)."
              : isSelf
                ? "Your authenticator is linked. You can link another device."
                : `${user.name} already has an authenticator linked. They can add another phone from their own account.`}
          </p>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="additional" value={isSelf && user.hasAuthenticator ? "1" : "0"} />
          <div className="flex justify-end gap-2">
            <Link to={closeTo} preventScrollReset className="btn-secondary">
              Cancel
            </Link>
            {user.hasAuthenticator && !isSelf ? null : (
              <button type="submit" className="btn-primary">
                Show QR code
              </button>
            )}
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
