import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { loadManagedUserDialog, requireUnlockedUserManagement } from "~/auth/admin-gate.server";
import { shopDateTime } from "~/domain/shop-dates";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
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
  const result = await generateOneTimeCode(session.user, params.userId!, requestAddress(request));
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) return data({ error: result.error, otp: null, expires: null }, { status: result.status, headers });
  return data(
    { error: null, otp: result.value.otp, expires: shopDateTime(result.value.expiresAt, appTimezone()) },
    { headers },
  );
}

export default function OneTimeCode() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useErrorToast(actionData, "Error");
  if (loaderData.locked) return null;
  const { user, query } = loaderData;
  const closeTo = `/profile/users${query}`;
  const generating = navigation.state === "submitting";
  return (
    <RouteDialog
      title="One-time sign-in code"
      description={`${user.name} · ${user.email}`}
      closeTo={closeTo}
      stacked
      size="sm"
    >
      {actionData?.otp ? (
        <div className="space-y-3 text-center">
          <p className="text-sm text-gray-700">Give this code to {user.name} in person. It is shown only now.</p>
          <p className="font-mono text-4xl font-bold tracking-[0.3em]" data-testid="one-time-code">
            {actionData.otp}
          </p>
          <p className="text-sm text-gray-700">
            It signs them in once, until {actionData.expires}. They are then asked to link an authenticator app.
          </p>
          <Link to={closeTo} preventScrollReset className="btn-primary">
            Done
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-gray-700">
            A new code replaces any earlier code that has not been used. It is good for one sign-in within 24 hours.
          </p>
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
              Cancel
            </Link>
            <button type="submit" className="btn-primary" disabled={generating}>
              {generating ? "Generating..." : "Generate one-time code"}
            </button>
          </Form>
        </div>
      )}
    </RouteDialog>
  );
}
