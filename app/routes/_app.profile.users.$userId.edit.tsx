import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUnlockedUserManagement, requireUserManagement } from "~/auth/admin-gate.server";
import { RouteDialog } from "~/components/route-dialog";
import { ClientHandoverSelect } from "~/components/users/client-handover";
import { useErrorToast } from "~/components/users/use-error-toast";
import { UserForm } from "~/components/users/user-form";
import { clientAddress } from "~/domain/client-ip";
import { UserEditSchema, userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { formText } from "~/http/form-text";
import { clientIdsOwnedBy, handOverClients, handoverChoices } from "~/services/client-owners.server";
import { getUser, updateUser } from "~/services/users.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { unlocked } = await requireUserManagement(request);
  if (!unlocked) return data({ locked: true as const }, { status: 403 });
  const user = await getUser(params.userId!);
  if (!user) throw data("User not found", { status: 404 });
  const { id, name, email, role, department, isActive } = user;
  return {
    locked: false as const,
    user: { id, name, email, role, department, isActive },
    handover: await handoverChoices(id),
    query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: UserEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const { isActive, department, ...rest } = submission.value;
  // An emptied department box clears the department.
  const updated = await updateUser(
    session.user,
    params.userId!,
    { ...rest, department: department ?? "", isActive: isActive ?? false },
    clientAddress(request),
  );
  if (!updated.ok) {
    const error = updated.error || "Failed to update user";
    const result = updated.field
      ? submission.reply({ fieldErrors: { [updated.field]: [error] } })
      : submission.reply({ formErrors: [error] });
    return data({ result, error }, { status: updated.status });
  }
  let description = "User updated successfully";
  // Clients of a deactivated user go to the colleague the admin chose (only when deactivating).
  const handTo = formText(formData, "handClientsTo").trim();
  if (handTo && !updated.value.isActive) {
    const owned = await clientIdsOwnedBy(updated.value.id);
    const handed = await handOverClients(updated.value, owned, handTo, session.user, clientAddress(request));
    description += handed.ok ? `; ${handed.moved} clients now with ${handed.toName}` : `; ${handed.error}`;
  }
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  return redirectWithToast(back, { type: "success", title: "Success", description });
}

export default function EditUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useErrorToast(actionData, "Error");
  if (loaderData.locked) return null;
  const { user, query, handover } = loaderData;
  const closeTo = `/profile/users${query}`;
  return (
    <RouteDialog title="Edit User" description={user.email} closeTo={closeTo} stacked size="sm">
      {user.isActive ? (
        <ClientHandoverSelect
          userName={user.name}
          clientCount={handover.clientCount}
          owners={handover.owners}
          when="If you deactivate them"
          form="user-form-edit"
        />
      ) : null}
      <UserForm
        key={user.id}
        mode="edit"
        action={`/profile/users/${user.id}/edit${query}`}
        lastResult={actionData?.result}
        defaults={{ ...user, department: user.department ?? "" }}
        cancelTo={closeTo}
      />
    </RouteDialog>
  );
}
