import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUnlockedUserManagement, requireUserManagement } from "~/auth/admin-gate.server";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { NEW_USER_DEFAULTS, UserForm } from "~/components/users/user-form";
import { requestAddress } from "~/http/request-address";
import { UserCreateSchema, userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { createUser } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { unlocked } = await requireUserManagement(request);
  if (!unlocked) return data({ locked: true as const }, { status: 403 });
  return { locked: false as const, query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const submission = parseWithZod(await request.formData(), { schema: UserCreateSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const created = await createUser(
    session.user,
    { ...submission.value, isActive: submission.value.isActive ?? false },
    requestAddress(request),
  );
  if (!created.ok) {
    const error = created.error || "Failed to create user";
    const result = created.field
      ? submission.reply({ fieldErrors: { [created.field]: [error] } })
      : submission.reply({ formErrors: [error] });
    return data({ result, error }, { status: created.status });
  }
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  const next =
    created.value.authType === "otp"
      ? "Generate a one-time code so they can sign in."
      : "Use 'Set up authenticator' on their card so they can link their phone and sign in.";
  return redirectWithToast(back, {
    type: "success",
    title: "User Created Successfully",
    description: `${created.value.name} has been created. ${next}`,
  });
}

export default function AddUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useErrorToast(actionData, "Error");
  if (loaderData.locked) return null;
  const closeTo = `/profile/users${loaderData.query}`;
  return (
    <RouteDialog
      title="Add User"
      description="A new staff account. They sign in with an authenticator app or an admin-generated code."
      closeTo={closeTo}
      stacked
      size="sm"
    >
      <UserForm
        mode="create"
        action={`/profile/users/new${loaderData.query}`}
        lastResult={actionData?.result}
        defaults={NEW_USER_DEFAULTS}
        cancelTo={closeTo}
      />
    </RouteDialog>
  );
}
