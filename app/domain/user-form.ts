import { z } from "zod";
import { MESSAGE_CODES } from "./message-codes";
import { isValidMobile, normalizeMobile } from "./mobile";
import { AUTH_TYPES, ROLES, isRole, type Role } from "./roles";
import { searchQuery } from "./search-query";

/** docs/product-rules.md §5 'User form' messages; anything else gets the generic 'Required' / 'Invalid input'. */
export const USER_FORM_MESSAGES = {
  nameRequired: MESSAGE_CODES.userNameRequired,
  invalidEmail: MESSAGE_CODES.userInvalidEmail,
  invalidPhone: MESSAGE_CODES.userInvalidPhone,
  nameTooLong: MESSAGE_CODES.userNameTooLong,
  departmentTooLong: MESSAGE_CODES.userDepartmentTooLong,
  required: MESSAGE_CODES.required,
  invalidInput: MESSAGE_CODES.invalidInput,
} as const;

const generic = (issue: { input?: unknown }) =>
  issue.input === undefined ? USER_FORM_MESSAGES.required : USER_FORM_MESSAGES.invalidInput;

const name = z
  .string({ error: USER_FORM_MESSAGES.nameRequired })
  .trim()
  .min(1, USER_FORM_MESSAGES.nameRequired)
  .max(100, USER_FORM_MESSAGES.nameTooLong);
const email = z
  .string({ error: USER_FORM_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email(USER_FORM_MESSAGES.invalidEmail).max(200, USER_FORM_MESSAGES.invalidEmail));
const role = z.enum(ROLES, { error: generic });
const authType = z.enum(AUTH_TYPES, { error: generic });
const department = z.string({ error: generic }).trim().max(100, USER_FORM_MESSAGES.departmentTooLong).optional();
// Optional, stored like client mobiles (app/domain/mobile.ts) so phone sign-in finds it however it
// is typed. "" (or null from JSON) clears it; a form's empty box arrives as undefined.
const phone = z
  .union([z.string({ error: generic }).trim().max(30, USER_FORM_MESSAGES.invalidPhone), z.null()])
  .transform((v) => (v ? normalizeMobile(v) : ""))
  .refine((v) => v === "" || isValidMobile(v), USER_FORM_MESSAGES.invalidPhone)
  .optional();
// The home showroom (a new sale with none chosen is theirs): a showroom's id, key or name, checked against the
// shop's active showrooms by the service; "" or null clears it, absent leaves it as it is.
const showroomId = z
  .union([z.string({ error: generic }).trim().max(100, USER_FORM_MESSAGES.invalidInput), z.null()])
  .transform((v) => v || null)
  .optional();
// A checkbox posts nothing when unticked, so "absent" means false for a form; the JSON routes
// decide their own default (true on create, unchanged on update).
const isActive = z.boolean({ error: generic }).optional();

/** Add User (docs/product-rules.md §5): defaults role sales_front, authType totp (isActive defaults per caller). */
export const UserCreateSchema = z.object({
  name,
  email,
  role: role.default("sales_front"),
  authType: authType.default("totp"),
  department,
  phone,
  showroomId,
  isActive,
});
export type UserCreateInput = z.output<typeof UserCreateSchema>;

/** Edit User: the same fields without authType, which is chosen on create only. */
export const UserEditSchema = z.object({ name, email, role, department, phone, showroomId, isActive });
export type UserEditInput = z.output<typeof UserEditSchema>;

/** PUT /api/users/:id: any subset of the editable fields, and the sign-in method. */
export const UserPatchSchema = UserEditSchema.extend({ authType }).partial();
export type UserPatchInput = z.output<typeof UserPatchSchema>;

/** The user list's search box and role filter, as kept in the URL. */
export type UserFilters = { search: string; role: Role | null };

export function userFiltersFrom(params: URLSearchParams): UserFilters {
  const search = searchQuery(params.get("q") ?? params.get("search"));
  const roleParam = params.get("role");
  return { search, role: isRole(roleParam) ? roleParam : null };
}

export function hasActiveFilters(filters: UserFilters): boolean {
  return filters.search !== "" || filters.role !== null;
}

/** "?q=..&role=.." for links that keep the list's filters (empty string when none). */
export function userFiltersQuery(filters: UserFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("q", filters.search);
  if (filters.role) params.set("role", filters.role);
  const query = params.toString();
  return query ? `?${query}` : "";
}
