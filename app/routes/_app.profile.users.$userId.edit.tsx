import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireUnlockedUserManagement, requireUserManagement } from "~/auth/admin-gate.server";
import { RouteDialog } from "~/components/route-dialog";
import { ClientHandoverSelect } from "~/components/users/client-handover";
import { useErrorToast } from "~/components/users/use-error-toast";
import { UserForm } from "~/components/users/user-form";
import { AUTH_TYPE_KEYS } from "~/components/users/role-keys";
import type { SessionUser } from "~/auth/session.server";
import { shopDateTime } from "~/domain/shop-dates";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import { AUTH_TYPES } from "~/domain/roles";
import { UserEditSchema, userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { listLinkedDevices, removeDevice } from "~/services/authenticators.server";
import { formText } from "~/http/form-text";
import { say } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { clientIdsOwnedBy, handOverClients, handoverChoices } from "~/services/client-owners.server";
import { getUser, homeShowroomChoices, updateUser } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, unlocked } = await requireUserManagement(request);
  if (!unlocked) return data({ locked: true as const }, { status: 403 });
  const { language, locale, t } = await translatorFor(request, "users");
  const user = await getUser(params.userId!);
  if (!user) throw data(t("users:errors.notFound"), { status: 404 });
  const { id, name, email, role, department, phone, showroomId, isActive, authType } = user;
  const devices = await listLinkedDevices(id);
  return {
    locked: false as const,
    user: { id, name, email, role, department, phone, showroomId, isActive },
    showrooms: await homeShowroomChoices(language, showroomId),
    authType,
    self: id === session.user.id,
    devices: devices.map((d) => ({
      id: d.id,
      label: say(t, d.name),
      linked: shopDateTime(d.verifiedAt, appTimezone(), locale),
    })),
    handover: await handoverChoices(id),
    query: userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams)),
  };
}

/** The dialog's two smaller forms: remove a lost authenticator, switch the sign-in method. */
const SignInAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove-device"), deviceId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("set-auth-type"), authType: z.enum(AUTH_TYPES) }),
]);

async function signInAction(
  request: Request,
  userId: string,
  session: { user: SessionUser },
  form: FormData,
  t: TFunction,
) {
  const parsed = SignInAction.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response(t("users:errors.unknownUserAction"), { status: 400 });
  const ip = requestAddress(request);
  const here = `/profile/users/${userId}/edit${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  if (parsed.data.intent === "remove-device") {
    const removed = await removeDevice({ actor: session.user, userId, deviceId: parsed.data.deviceId, ip });
    if (!removed.ok)
      return redirectWithToast(here, {
        type: "error",
        title: t("users:toast.error"),
        description: say(t, removed.error),
      });
    return redirectWithToast(here, {
      type: "success",
      title: t("users:toast.deviceRemoved"),
      description: t("users:toast.deviceRemovedDescription", { device: say(t, removed.name) }),
    });
  }
  const updated = await updateUser(session.user, userId, { authType: parsed.data.authType }, ip);
  if (!updated.ok)
    return redirectWithToast(here, {
      type: "error",
      title: t("users:toast.error"),
      description: say(t, updated.error),
    });
  return redirectWithToast(here, {
    type: "success",
    title: t("users:toast.success"),
    description: t("users:toast.signInMethodChanged", {
      name: updated.value.name,
      method: t(AUTH_TYPE_KEYS[updated.value.authType]),
    }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUnlockedUserManagement(request);
  const { t } = await translatorFor(request, "users");
  const formData = await request.formData();
  if (formData.has("intent")) return signInAction(request, params.userId!, session, formData, t);
  const submission = parseWithZod(formData, { schema: UserEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const { isActive, department, phone, showroomId, ...rest } = submission.value;
  // An emptied department or mobile box, or "—" as the home showroom, clears it.
  const updated = await updateUser(
    session.user,
    params.userId!,
    {
      ...rest,
      department: department ?? "",
      phone: phone ?? "",
      showroomId: showroomId ?? null,
      isActive: isActive ?? false,
    },
    requestAddress(request),
  );
  if (!updated.ok) {
    const error = updated.error ? say(t, updated.error) : t("users:toast.updateFailed");
    const result = updated.field
      ? submission.reply({ fieldErrors: { [updated.field]: [error] } })
      : submission.reply({ formErrors: [error] });
    return data({ result, error }, { status: updated.status });
  }
  let description = t("users:toast.updated");
  // Clients of a deactivated user go to the colleague the admin chose (only when deactivating).
  const handTo = formText(formData, "handClientsTo").trim();
  if (handTo && !updated.value.isActive) {
    const owned = await clientIdsOwnedBy(updated.value.id);
    const handed = await handOverClients(updated.value, owned, handTo, session.user, requestAddress(request));
    description += handed.ok
      ? t("users:toast.handedOver", { count: handed.moved, name: handed.toName })
      : t("users:toast.handoverFailed", { error: say(t, handed.error) });
  }
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;
  return redirectWithToast(back, { type: "success", title: t("users:toast.success"), description });
}

export default function EditUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  useErrorToast(actionData, t("users:toast.error"));
  if (loaderData.locked) return null;
  const { user, query, authType, devices, self, handover, showrooms } = loaderData;
  const closeTo = `/profile/users${query}`;
  const here = `/profile/users/${user.id}/edit${query}`;
  const otherMethod = authType === "totp" ? "otp" : "totp";
  return (
    <RouteDialog title={t("users:edit.title")} description={user.email} closeTo={closeTo} stacked size="sm">
      {user.isActive ? (
        <ClientHandoverSelect
          userName={user.name}
          clientCount={handover.clientCount}
          owners={handover.owners}
          when="deactivate"
          form="user-form-edit"
        />
      ) : null}
      <UserForm
        key={user.id}
        mode="edit"
        action={`/profile/users/${user.id}/edit${query}`}
        lastResult={actionData?.result}
        defaults={{
          ...user,
          department: user.department ?? "",
          phone: user.phone ?? "",
          showroomId: user.showroomId ?? "",
        }}
        showrooms={showrooms}
        cancelTo={closeTo}
      />
      <section className="mt-4 space-y-2 border-t border-gray-100 pt-3" aria-labelledby="user-sign-in">
        <h3 id="user-sign-in" className="text-sm font-semibold">
          {t("users:form.signInMethod")}
        </h3>
        <p className="text-sm" data-testid="user-auth-type">
          {t(AUTH_TYPE_KEYS[authType])}
        </p>
        {self ? (
          <p className="text-xs text-gray-500">{t("users:edit.ownMethod")}</p>
        ) : (
          <Form method="post" action={here} preventScrollReset>
            <input type="hidden" name="authType" value={otherMethod} />
            <button type="submit" name="intent" value="set-auth-type" className="btn-secondary">
              {otherMethod === "otp" ? t("users:edit.switchToOtp") : t("users:edit.switchToTotp")}
            </button>
          </Form>
        )}
        <h3 className="pt-2 text-sm font-semibold">{t("users:edit.devices")}</h3>
        {devices.length ? (
          <ul className="divide-y divide-gray-100">
            {devices.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-2 py-1 text-sm"
                data-testid="user-device"
              >
                <span>
                  <bdi className="font-medium">{d.label}</bdi>{" "}
                  <span className="text-gray-600">{t("users:edit.linked", { when: d.linked })}</span>
                </span>
                <Form method="post" action={here} preventScrollReset>
                  <input type="hidden" name="deviceId" value={d.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-device"
                    className="btn-ghost text-red-700"
                    aria-label={t("users:edit.removeLabel", { device: d.label })}
                  >
                    {t("users:edit.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">{t("users:edit.noDevice")}</p>
        )}
        <p className="text-xs text-gray-500">{t("users:edit.removeHint")}</p>
      </section>
    </RouteDialog>
  );
}
