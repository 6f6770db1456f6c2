import type { CatalogsHandle } from "~/i18n/catalogs";
export const handle: CatalogsHandle = { i18n: ["account", "profile"] };

// Security Settings from the admin's profile is the same page every user has at /account/security.
export { action, default, loader, meta } from "./_app.account.security";
