import type { AuthType, Role } from "~/domain/roles";

/** A user's role as the screens show it: the shell's catalog keys, written out for the catalog check. */
export const ROLE_KEYS: Record<Role, string> = {
  admin: "common:roles.admin",
  sales_front: "common:roles.sales_front",
  sales_back: "common:roles.sales_back",
  road_sales: "common:roles.road_sales",
};

/** How a user signs in, as the screens show it. */
export const AUTH_TYPE_KEYS: Record<AuthType, string> = {
  totp: "users:authType.totp",
  otp: "users:authType.otp",
};
