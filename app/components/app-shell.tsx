import { NavLink, useLocation, useNavigation } from "@remix-run/react";
import clsx from "clsx";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/auth/session.server";
import { fullDayLabel } from "~/domain/display-labels";
import { PRODUCT_NAME } from "~/domain/product";
import { usePageLocale } from "~/i18n/i18n-provider";
import { ACCESS, checkAccess, type Role } from "~/domain/roles";
import type { GoldRateLine as RateLine } from "~/domain/gold-rates";
import { GoldRateLine } from "./gold-rate-line";
import { LanguageSwitch } from "./language-switch";
import { SignOutForm } from "./sign-out-form";

/** Each entry shows for the roles its page lets in (app/domain/roles.ts), so a link never leads to a refusal. */
const NAV = [
  { to: "/dashboard", label: "common:nav.dashboard", icon: "▦", access: ACCESS.dashboard },
  { to: "/ai-assistant", label: "common:nav.aiAssistant", icon: "✦", access: ACCESS.aiAssistant },
  { to: "/customers", label: "common:nav.customers", icon: "☰", access: ACCESS.clients },
  { to: "/customers/duplicates", label: "common:nav.duplicates", icon: "⧉", access: ACCESS.duplicates },
  { to: "/jobs", label: "common:nav.jobs", icon: "⚒", access: ACCESS.clients },
  { to: "/reports", label: "common:nav.reports", icon: "▥", access: ACCESS.reports },
  { to: "/import-data", label: "common:nav.importData", icon: "⇪", access: ACCESS.importData },
] as const;

/**
 * The sidebar shows the raw role with underscores as spaces (docs/product-rules.md §2 Layout); in Arabic, its
 * name. Catalog keys are written out, so the catalog check sees each one used.
 */
const SIDEBAR_ROLE_KEYS: Record<Role, string> = {
  admin: "common:sidebarRoles.admin",
  sales_front: "common:sidebarRoles.sales_front",
  sales_back: "common:sidebarRoles.sales_back",
  road_sales: "common:sidebarRoles.road_sales",
};

/** docs/product-rules.md §9: the mobile badge shows a fixed count. */
const MOBILE_BADGE_COUNT = 3;

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");
}

/**
 * The signed-in layout (docs/product-rules.md §2 Layout): top bar, collapsible sidebar, notice banner. The mobile
 * menu and the desktop collapse are CSS checkboxes, so they work before (or without) JavaScript.
 */
export function AppShell({
  user,
  today,
  goldRate,
  children,
}: {
  user: SessionUser;
  today: string;
  /** The latest rate of the day, read by the layout's loader. */
  goldRate: RateLine | null;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const here = location.pathname + location.search;
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <div className="min-h-screen">
      <input type="checkbox" id="nav-open" className="peer/nav sr-only" aria-hidden tabIndex={-1} />
      <input type="checkbox" id="nav-collapsed" className="peer/collapse sr-only" aria-hidden tabIndex={-1} />

      {/* Mobile top bar */}
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-gray-200 bg-white px-3 py-2 lg:hidden">
        <label htmlFor="nav-open" className="btn-ghost cursor-pointer px-2" aria-label={t("common:nav.toggleMenu")}>
          <span aria-hidden className="text-xl">
            ☰
          </span>
          <span className="sr-only">{t("common:nav.menu")}</span>
        </label>
        <span className="font-semibold">{PRODUCT_NAME}</span>
        <div className="flex items-center gap-3">
          <LanguageSwitch />
          <span className="relative" aria-label={t("common:nav.notifications", { count: MOBILE_BADGE_COUNT })}>
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              className="h-6 w-6 text-gray-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path
                d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className="badge absolute -end-2 -top-1 bg-red-600 px-1.5 text-white" data-testid="mobile-badge">
              {MOBILE_BADGE_COUNT}
            </span>
          </span>
          {/* A name is the user's own text: isolated, so it reads right in either direction. */}
          <bdi
            role="img"
            className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
            aria-label={user.name}
          >
            {initials(user.name)}
          </bdi>
        </div>
      </header>

      <aside
        aria-label={t("common:nav.mainNavigation")}
        className="fixed inset-y-0 start-0 z-40 hidden w-64 flex-col border-e border-gray-200 bg-white peer-checked/nav:flex lg:flex lg:peer-checked/collapse:w-16 lg:peer-checked/collapse:[&_.nav-label]:hidden"
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-4">
          <span className="nav-label truncate font-semibold text-brand-700">{PRODUCT_NAME}</span>
          <label
            htmlFor="nav-collapsed"
            className="btn-ghost hidden cursor-pointer px-2 lg:inline-flex"
            aria-label={t("common:nav.collapseSidebar")}
          >
            <span aria-hidden className="inline-block rtl:rotate-180">
              «
            </span>
          </label>
          <label
            htmlFor="nav-open"
            className="btn-ghost cursor-pointer px-2 lg:hidden"
            aria-label={t("common:nav.closeMenu")}
          >
            ×
          </label>
        </div>
        <nav className="flex-1 space-y-1 overflow-y-auto p-2">
          {NAV.filter((item) => checkAccess(user.role, item.access) === null).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              prefetch="intent"
              className={({ isActive }) =>
                clsx(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm",
                  isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-gray-700 hover:bg-gray-100",
                )
              }
            >
              <span aria-hidden className="w-5 text-center">
                {item.icon}
              </span>
              <span className="nav-label">{t(item.label)}</span>
            </NavLink>
          ))}
          <a
            href={here}
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-gray-100"
            onClick={(e) => {
              e.preventDefault();
              window.location.reload();
            }}
          >
            <span aria-hidden className="w-5 text-center">
              ⟳
            </span>
            <span className="nav-label">{t("common:nav.refresh")}</span>
          </a>
          <SignOutForm className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-start text-sm text-gray-700 hover:bg-gray-100">
            <span aria-hidden className="w-5 text-center">
              ⎋
            </span>
            <span className="nav-label">{t("common:nav.signOut")}</span>
          </SignOutForm>
        </nav>
        <div className="nav-label border-t border-gray-200 p-3">
          {user.role === "admin" ? (
            <NavLink to="/profile" className="block rounded-md p-2 hover:bg-gray-100" data-testid="sidebar-user">
              <bdi className="block truncate text-sm font-medium">{user.name}</bdi>
              <span className="block text-xs capitalize text-gray-600">{t(SIDEBAR_ROLE_KEYS[user.role])}</span>
            </NavLink>
          ) : (
            <div className="p-2" data-testid="sidebar-user">
              <bdi className="block truncate text-sm font-medium">{user.name}</bdi>
              <span className="block text-xs capitalize text-gray-600">{t(SIDEBAR_ROLE_KEYS[user.role])}</span>
              <span className="block text-xs text-gray-500">{t("common:nav.teamMember")}</span>
            </div>
          )}
          <NavLink
            to="/account/security"
            className="block rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-gray-100"
          >
            {t("common:nav.securitySettings")}
          </NavLink>
        </div>
      </aside>

      <div className="lg:ps-64 lg:peer-checked/collapse:ps-16">
        <header className="hidden items-center justify-between border-b border-gray-200 bg-white px-6 py-3 lg:flex">
          <span className="text-sm text-gray-600">
            {t("common:topBar.signedInAs")} <bdi>{user.name}</bdi>
          </span>
          <div className="flex items-center gap-3">
            <span className="text-sm text-gray-600">{fullDayLabel(today, locale)}</span>
            <LanguageSwitch />
          </div>
        </header>
        <GoldRateLine line={goldRate} canEnter={checkAccess(user.role, ACCESS.profile) === null} />
        <div role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-xs text-amber-900">
          {t("common:topBar.confidential")}
        </div>
        {navigation.state === "loading" && navigation.location.pathname !== location.pathname ? (
          <div
            className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600"
            role="progressbar"
            aria-label={t("common:nav.loading")}
          />
        ) : null}
        <main className="p-4 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
