import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUnlockedUserManagement, requireUserManagement } from "~/auth/admin-gate.server";
import { RouteDialog } from "~/components/route-dialog";
import { useErrorToast } from "~/components/users/use-error-toast";
import { NEW_USER_DEFAULTS, UserForm } from "~/components/users/user-form";
import { requestAddress } from "~/http/request-address";
import { UserCreateSchema, userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { say } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { createUser, homeShowroomChoices } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { unlocked } = await requireUserManagement(request);
  if (!unlocked) return data({ locked: true as const }, { status: 403 });
  const { language } = await translatorFor(request, "users");
  return {
    locked: false as const,
    query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)),
    showrooms: await homeShowroomChoices(language),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const { t } = await translatorFor(request, "users");
  const submission = parseWithZod(await request.formData(), { schema: UserCreateSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const created = await createUser(
    session.user,
    { ...submission.value, isActive: submission.value.isActive ?? false },
    requestAddress(request),
  );
  if (!created.ok) {
    const error = created.error ? say(t, created.error) : t("users:toast.createFailed");
    const result = created.field
      ? submission.reply({ fieldErrors: { [created.field]: [error] } })
      : submission.reply({ formErrors: [error] });
    return data({ result, error }, { status: created.status });
  }
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  const name = created.value.name;
  return redirectWithToast(back, {
    type: "success",
    title: t("users:toast.created"),
    description:
      created.value.authType === "otp"
        ? t("users:toast.createdOneTimeCode", { name })
        : t("users:toast.createdAuthenticator", { name }),
  });
}

export default function AddUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  useErrorToast(actionData, t("users:toast.error"));
  if (loaderData.locked) return null;
  const closeTo = `/profile/users${loaderData.query}`;
  return (
    <RouteDialog title={t("users:addUser")} description={t("users:newDescription")} closeTo={closeTo} stacked size="sm">
      <UserForm
        mode="create"
        action={`/profile/users/new${loaderData.query}`}
        lastResult={actionData?.result}
        defaults={NEW_USER_DEFAULTS}
        showrooms={loaderData.showrooms}
        cancelTo={closeTo}
      />
    </RouteDialog>
  );
}
