import { formText } from "~/http/form-text";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  Outlet,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { adminGateRefusal, requireUserManagement, type AdminGateRefusal } from "~/auth/admin-gate.server";
import { useHydrated } from "~/components/use-hydrated";
import { CodeField } from "~/components/code-field";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { shopDay } from "~/domain/shop-dates";
import { RouteDialog } from "~/components/route-dialog";
import { ROLE_KEYS } from "~/components/users/role-keys";
import { useErrorToast } from "~/components/users/use-error-toast";
import { UserCard } from "~/components/users/user-card";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import { PRODUCT_NAME } from "~/domain/product";
import { STAFF_ROLES } from "~/domain/roles";
import { hasActiveFilters, userFiltersFrom, userFiltersQuery } from "~/domain/user-form";
import { say } from "~/i18n/messages";
import { getLocale, translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { verifyAdminGate } from "~/services/code-verification.server";
import { listUsers, updateUser } from "~/services/users.server";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["account", "login"] };

export const meta: MetaFunction = ({ matches }) => [{ title: `${metaText(matches, "users:title")} | ${PRODUCT_NAME}` }];

/** Only pages inside user management are followed after the gate opens (a safe path first, then its place). */
function nextAfterGate(value: FormDataEntryValue | null): string {
  const next = safeRedirectPath(value, "/profile/users");
  return /^\/profile\/users(?:[/?#]|$)/.test(next) ? next : "/profile/users";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, unlocked } = await requireUserManagement(request);
  const url = new URL(request.url);
  if (!unlocked) return data({ locked: true as const, next: url.pathname + url.search }, { status: 403 });
  const filters = userFiltersFrom(url.searchParams);
  const timeZone = appTimezone();
  const locale = await getLocale(request);
  const users = (await listUsers(filters)).map(({ createdAt, ...u }) => ({
    ...u,
    created: shopDay(createdAt, timeZone, locale),
  }));
  return { locked: false as const, me: session.user, filters, users };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, unlocked } = await requireUserManagement(request);
  const { t } = await translatorFor(request, "users");
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "unlock") {
    const result = await verifyAdminGate(session, formText(form, "token"), requestAddress(request));
    if (!result.ok)
      return data(
        { error: result.error ? say(t, result.error) : t("users:gate.invalidCode") },
        { status: result.status },
      );
    return redirectWithToast(nextAfterGate(form.get("next")), {
      type: "success",
      title: t("users:gate.granted"),
      description: t("users:gate.grantedDescription"),
    });
  }

  // The unlock above is the one intent allowed while the gate is closed.
  if (!unlocked) throw adminGateRefusal();
  const back = `/profile/users${userFiltersQuery(userFiltersFrom(new URL(request.url).searchParams))}`;

  if (intent === "set-active") {
    const result = await updateUser(
      session.user,
      formText(form, "userId"),
      { isActive: form.get("isActive") === "true" },
      requestAddress(request),
    );
    if (!result.ok)
      return redirectWithToast(back, {
        type: "error",
        title: t("users:toast.error"),
        description: result.error ? say(t, result.error) : t("users:toast.updateFailed"),
      });
    return redirectWithToast(back, {
      type: "success",
      title: t("users:toast.success"),
      description: t("users:toast.updated"),
    });
  }
  return data({ error: t("users:errors.unknownAction") }, { status: 400 });
}

export default function UserManagement() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (loaderData.locked) return <AdminGate next={loaderData.next} />;
  const { me, filters, users } = loaderData;
  const query = userFiltersQuery(filters);
  const filtered = hasActiveFilters(filters);
  return (
    <>
      <RouteDialog title={t("users:title")} description={t("users:description")} closeTo="/profile" size="lg">
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <Link to={`/profile/users/new${query}`} preventScrollReset className="btn-primary">
              {t("users:addUser")}
            </Link>
            <Form method="post" action={`/profile/users/${me.id}/authenticator${query}`} preventScrollReset>
              <input type="hidden" name="intent" value="start" />
              <input type="hidden" name="additional" value="1" />
              <button type="submit" className="btn-secondary">
                {t("users:addDevice")}
              </button>
            </Form>
          </div>
          <UserFilterForm search={filters.search} role={filters.role ?? ""} />
          <p className="text-sm text-gray-600" aria-live="polite">
            {t("users:count", { count: users.length })}
          </p>
          {users.length ? (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {users.map((u) => (
                <UserCard key={u.id} user={u} isSelf={u.id === me.id} query={query} />
              ))}
            </ul>
          ) : (
            <div className="rounded-md border border-dashed border-gray-300 p-8 text-center">
              <p className="font-semibold">{t("users:empty.heading")}</p>
              <p className="mt-1 text-sm text-gray-600">
                {filtered ? t("users:empty.filtered") : t("users:empty.none")}
              </p>
              <Link to={`/profile/users/new${query}`} preventScrollReset className="btn-primary mt-4">
                {t("users:empty.addFirst")}
              </Link>
            </div>
          )}
        </div>
      </RouteDialog>
      <Outlet />
    </>
  );
}

/** Search and role filter as a GET form (kept in the URL); with JavaScript it applies as you type. */
function UserFilterForm({ search, role }: { search: string; role: string }) {
  const submit = useSubmit();
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => formRef.current && submit(formRef.current, { replace: true, preventScrollReset: true }),
      delay,
    );
  };
  return (
    <Form
      ref={formRef}
      method="get"
      action="/profile/users"
      role="search"
      className="flex flex-wrap items-end gap-2"
      preventScrollReset
    >
      <Field id="user-search" label={t("users:filters.search")} className="min-w-48 flex-1">
        {(control) => (
          <input
            {...control}
            name="q"
            type="search"
            defaultValue={search}
            key={search}
            placeholder={t("users:filters.searchPlaceholder")}
            className="input mt-1"
            onChange={() => apply(400)}
          />
        )}
      </Field>
      <Field id="user-role" label={t("users:filters.role")}>
        {(control) => (
          <select
            {...control}
            name="role"
            defaultValue={role}
            key={role}
            className="input mt-1"
            onChange={() => apply(0)}
          >
            <option value="">{t("users:filters.allRoles")}</option>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(ROLE_KEYS[r])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="btn-secondary">
        {t("users:filters.submit")}
      </button>
      <Link to="/profile/users" preventScrollReset className="btn-ghost">
        {t("users:filters.clear")}
      </Link>
    </Form>
  );
}

/** docs/product-rules.md §2: the code gate before the user list. The server keeps the unlock for this session. */
function AdminGate({ next }: { next: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const [attempt, setAttempt] = useState(0);
  const verifying = navigation.state === "submitting" && navigation.formData?.get("intent") === "unlock";
  const gateError = actionData?.error ?? null;
  const { t } = useTranslation();
  useErrorToast(actionData, t("login:errors.invalidOtpTitle"), () => {
    setAttempt((n) => n + 1);
    setCode("");
  });

  return (
    <RouteDialog title={t("users:gate.title")} description={t("users:gate.description")} closeTo="/profile" size="sm">
      <Form method="post" action="/profile/users" className="space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value="unlock" />
        <input type="hidden" name="next" value={next} />
        <CodeField
          key={attempt}
          id="gate-code"
          label={t("users:gate.codeLabel")}
          focusOnMount
          onValueChange={setCode}
          readOnly={verifying}
        />
        <p role="alert" className="field-error" data-testid="gate-error">
          {gateError ? `${t("login:errors.invalidOtpTitle")}: ${gateError}` : ""}
        </p>
        <button type="submit" className="btn-primary w-full" disabled={hydrated && (code.length !== 6 || verifying)}>
          {verifying ? t("login:verifying") : t("users:gate.verify")}
        </button>
      </Form>
    </RouteDialog>
  );
}

/** A child's action refused because the gate closed meanwhile: offer to verify again. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const locked =
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data as AdminGateRefusal | undefined)?.adminGate === "locked";
  return (
    <RouteDialog title={locked ? t("users:gate.title") : t("common:errors.title")} closeTo="/profile" size="sm">
      <p className="text-sm text-gray-700">
        {locked
          ? t("users:gate.expired")
          : isRouteErrorResponse(error)
            ? `${error.status}: ${error.status === 404 ? t("users:errors.notFound") : typeof error.data === "string" ? error.data : error.statusText}`
            : t("common:errors.tryAgain")}
      </p>
      <Link to="/profile/users" className="btn-primary mt-4">
        {locked ? t("users:gate.verify") : t("users:backToList")}
      </Link>
    </RouteDialog>
  );
}
