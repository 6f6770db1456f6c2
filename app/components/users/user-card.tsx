import { Form, Link } from "@remix-run/react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { initials } from "~/components/app-shell";
import type { AuthType, Role } from "~/domain/roles";
import { AUTH_TYPE_KEYS, ROLE_KEYS } from "./role-keys";

export type UserCardData = {
  id: string;
  name: string;
  email: string;
  role: Role;
  department: string | null;
  isActive: boolean;
  authType: AuthType;
  created: string;
  hasAuthenticator: boolean;
};

const ROLE_TONE: Record<Role, string> = {
  admin: "bg-purple-100 text-purple-800",
  sales_front: "bg-blue-100 text-blue-800",
  sales_back: "bg-teal-100 text-teal-800",
  road_sales: "bg-orange-100 text-orange-800",
};

/**
 * One staff account in User Management (docs/product-rules.md §2): who, role, status, sign-in method, and what an
 * admin can do with it. Every action is a link or a form, so it works without JavaScript.
 */
export function UserCard({ user, isSelf, query }: { user: UserCardData; isSelf: boolean; query: string }) {
  const base = `/profile/users/${user.id}`;
  const { t } = useTranslation();
  const name = user.name;
  return (
    <li className="card flex flex-col gap-3" data-testid="user-card" aria-label={user.name}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
        >
          {initials(user.name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">
            <bdi>{user.name}</bdi>{" "}
            {isSelf ? <span className="text-xs font-normal text-gray-500">{t("users:card.you")}</span> : null}
          </p>
          <p className="truncate text-sm text-gray-600">
            <bdi>{user.email}</bdi>
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            <span className={clsx("badge", ROLE_TONE[user.role])}>{t(ROLE_KEYS[user.role])}</span>
            <span
              className={clsx("badge", user.isActive ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-700")}
            >
              {user.isActive ? t("users:card.active") : t("users:card.inactive")}
            </span>
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-gray-700">
        {user.department ? (
          <>
            <dt className="text-gray-500">{t("users:card.department")}</dt>
            <dd>
              <bdi>{user.department}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="text-gray-500">{t("users:card.created")}</dt>
        <dd>{user.created}</dd>
        <dt className="text-gray-500">{t("users:card.signIn")}</dt>
        <dd>
          {t(AUTH_TYPE_KEYS[user.authType])}
          {user.authType === "totp" && !user.hasAuthenticator ? (
            <span className="text-amber-700"> · {t("users:card.noDevice")}</span>
          ) : null}
        </dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link
          to={`${base}/edit${query}`}
          preventScrollReset
          className="btn-secondary px-2 py-1 text-xs"
          aria-label={t("users:card.editLabel", { name })}
        >
          {t("users:card.edit")}
        </Link>
        {isSelf ? null : (
          <Form method="post" action={`/profile/users${query}`} preventScrollReset>
            <input type="hidden" name="intent" value="set-active" />
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="isActive" value={user.isActive ? "false" : "true"} />
            <button
              type="submit"
              className="btn-secondary px-2 py-1 text-xs"
              aria-label={
                user.isActive ? t("users:card.deactivateLabel", { name }) : t("users:card.activateLabel", { name })
              }
            >
              {user.isActive ? t("users:card.deactivate") : t("users:card.activate")}
            </button>
          </Form>
        )}
        {user.isActive && user.authType === "otp" ? (
          <Form method="post" action={`${base}/one-time-code${query}`} preventScrollReset>
            <button
              type="submit"
              className="btn-secondary px-2 py-1 text-xs"
              aria-label={t("users:card.oneTimeCodeLabel", { name })}
            >
              {t("users:card.oneTimeCode")}
            </button>
          </Form>
        ) : null}
        {user.isActive && user.authType === "totp" && !user.hasAuthenticator ? (
          <Form method="post" action={`${base}/authenticator${query}`} preventScrollReset>
            <input type="hidden" name="intent" value="start" />
            <button
              type="submit"
              className="btn-secondary px-2 py-1 text-xs"
              aria-label={t("users:card.setUpAuthenticatorLabel", { name })}
            >
              {t("users:card.setUpAuthenticator")}
            </button>
          </Form>
        ) : null}
        {isSelf ? null : (
          <Link
            to={`${base}/delete${query}`}
            preventScrollReset
            className="btn-ghost px-2 py-1 text-xs text-red-700"
            aria-label={t("users:card.deleteLabel", { name })}
          >
            {t("users:card.delete")}
          </Link>
        )}
      </div>
    </li>
  );
}
