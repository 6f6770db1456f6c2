import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUnlockedUserManagement, requireUserManagement } from "~/auth/admin-gate.server";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { UserForm } from "~/components/users/user-form";
import { clientAddress } from "~/domain/client-ip";
import { UserEditSchema, userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { getUser, updateUser } from "~/services/users.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { unlocked } = await requireUserManagement(request);
  if (!unlocked) return data({ locked: true as const }, { status: 403 });
  const user = await getUser(params.userId!);
  if (!user) throw data("User not found", { status: 404 });
  const { id, name, email, role, department, phone, isActive } = user;
  return {
    locked: false as const,
    user: { id, name, email, role, department, phone, isActive },
    query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const submission = parseWithZod(await request.formData(), { schema: UserEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const { isActive, department, phone, ...rest } = submission.value;
  // An emptied department or mobile box clears it.
  const updated = await updateUser(
    session.user,
    params.userId!,
    { ...rest, department: department ?? "", phone: phone ?? "", isActive: isActive ?? false },
    clientAddress(request),
  );
  if (!updated.ok) {
    const error = updated.error || "Failed to update user";
    const result = updated.field
      ? submission.reply({ fieldErrors: { [updated.field]: [error] } })
      : submission.reply({ formErrors: [error] });
    return data({ result, error }, { status: updated.status });
  }
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  return redirectWithToast(back, { type: "success", title: "Success", description: "User updated successfully" });
}

export default function EditUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useErrorToast(actionData, "Error");
  if (loaderData.locked) return null;
  const { user, query } = loaderData;
  const closeTo = `/profile/users${query}`;
  return (
    <RouteDialog title="Edit User" description={user.email} closeTo={closeTo} stacked size="sm">
      <UserForm
        key={user.id}
        mode="edit"
        action={`/profile/users/${user.id}/edit${query}`}
        lastResult={actionData?.result}
        defaults={{ ...user, department: user.department ?? "", phone: user.phone ?? "" }}
        cancelTo={closeTo}
      />
    </RouteDialog>
  );
}
