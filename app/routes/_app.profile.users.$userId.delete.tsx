import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { loadManagedUserDialog, requireUnlockedUserManagement } from "~/auth/admin-gate.server";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { requestAddress } from "~/http/request-address";
import { userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { deleteUser } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadManagedUserDialog(request, params.userId!);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const result = await deleteUser(session.user, params.userId!, requestAddress(request));
  if (!result.ok) return data({ error: result.error || "Failed to delete user" }, { status: result.status });
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  return redirectWithToast(back, { type: "success", title: "Success", description: "User deleted successfully" });
}

/** The confirmation step (docs/product-rules.md §5) as a page of its own, so it works without JavaScript too. */
export default function DeleteUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useErrorToast(actionData, "Error");
  if (loaderData.locked) return null;
  const { user, query } = loaderData;
  const closeTo = `/profile/users${query}`;
  const deleting = navigation.state === "submitting";
  return (
    <RouteDialog
      title="Delete User"
      description="Are you sure you want to delete this user?"
      closeTo={closeTo}
      stacked
      size="sm"
    >
      <p className="text-sm">
        <strong>{user.name}</strong> ({user.email}) loses access at once and is signed out everywhere. Their past
        activity stays in System Logs.
      </p>
      <p role="alert" className="field-error">
        {actionData?.error ?? ""}
      </p>
      <Form
        method="post"
        action={`/profile/users/${user.id}/delete${query}`}
        className="flex justify-end gap-2"
        preventScrollReset
      >
        <Link to={closeTo} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
        <button type="submit" className="btn-danger" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete User"}
        </button>
      </Form>
    </RouteDialog>
  );
}
