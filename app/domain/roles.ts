export const ROLES = ["admin", "sales_front", "sales_back", "road_sales"] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ["sales_front", "sales_back", "road_sales"] as const satisfies readonly Role[];

/** Display names of docs/product-rules.md §3: "Administrator" on the profile, "Admin" in lists. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  sales_front: "Sales Front",
  sales_back: "Sales Back",
  road_sales: "Road Sales",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export const AUTH_TYPES = ["totp", "otp"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/**
 * Who may open each guarded area (docs/product-rules.md §2 table, docs/product-rules.md §6). Admin passes every guard.
 * `requiredRole` pages answer "Access Denied"; `allowedRoles` pages answer "Access Restricted", or
 * their own `denial` where the spec's road-sales text would not fit (the export refuses sales back too).
 */
export type Access = { requiredRole: Role } | { allowedRoles: readonly Role[]; denial?: AccessDenial } | "any";

export type AccessDenial = { kind: "denied" | "restricted"; title: string; message: string };

/** Exporting the client book: a copy of every client's details leaves the app, so fewer roles may. */
export const EXPORT_DENIED: AccessDenial = {
  kind: "denied",
  title: "Access Denied",
  message: "Only admins and sales front staff can export the client book.",
};

export const ACCESS_DENIED: AccessDenial = {
  kind: "denied",
  title: "Access Denied",
  message: "You don't have permission to access this page.",
};

export const ACCESS = {
  dashboard: { allowedRoles: ["admin", "sales_front", "sales_back"] },
  reports: { allowedRoles: ["admin", "sales_front", "sales_back"] },
  aiAssistant: "any",
  clients: "any",
  exportClients: { allowedRoles: ["admin", "sales_front"], denial: EXPORT_DENIED },
  importData: "any",
  profile: { requiredRole: "admin" },
  // Possible duplicate clients (docs/guide/duplicates.md): the back office keeps the book clean.
  // Sales front and road sales are told plainly that the page is not theirs (the spec's road-sales text would not fit).
  duplicates: { allowedRoles: ["admin", "sales_back"], denial: ACCESS_DENIED },
  // Undoing a merge of two clients puts a record back in the book: an admin's call (docs/decisions/047).
  undoMerge: { requiredRole: "admin" },
  // The cash reports carry buyers' identity numbers (docs/guide/cash-rule.md).
  cashReports: { requiredRole: "admin" },
} as const satisfies Record<string, Access>;

export const ACCESS_RESTRICTED: AccessDenial = {
  kind: "restricted",
  title: "Access Restricted",
  message: "Road sales users can only access Digital Invoices and Product Master.",
};

/** The spec's route guard (docs/product-rules.md §5): null when the role may pass, else which refusal to show. */
export function checkAccess(role: Role, access: Access): AccessDenial | null {
  if (role === "admin" || access === "any") return null;
  if ("requiredRole" in access) return role === access.requiredRole ? null : ACCESS_DENIED;
  if (access.allowedRoles.includes(role)) return null;
  return ("denial" in access && access.denial) || ACCESS_RESTRICTED;
}
