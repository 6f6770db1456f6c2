import { describe, expect, it } from "vitest";
import {
  UserCreateSchema,
  UserEditSchema,
  UserPatchSchema,
  hasActiveFilters,
  userFiltersFrom,
  userFiltersQuery,
} from "./user-form";
import { englishIssue } from "~/i18n/english.server";

/** Each field's first complaint as the JSON API says it. */
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), englishIssue(i)]));

describe("user form schema", () => {
  it("applies the spec's defaults: role sales_front, authType totp", () => {
    const parsed = UserCreateSchema.parse({ name: "Aisha Khan", email: "Aisha@Example.com " });
    expect(parsed).toEqual({ name: "Aisha Khan", email: "aisha@example.com", role: "sales_front", authType: "totp" });
  });

  it("answers with the spec's messages for a blank name and a bad email", () => {
    expect(messagesOf(UserCreateSchema.safeParse({ name: "   ", email: "not-an-email" }))).toEqual({
      name: "Name is required",
      email: "Invalid email address",
    });
    expect(messagesOf(UserCreateSchema.safeParse({ email: "a@b.co" }))).toEqual({ name: "Name is required" });
  });

  it("accepts only the four roles and the two auth types", () => {
    expect(
      messagesOf(UserCreateSchema.safeParse({ name: "A", email: "a@b.co", role: "owner", authType: "sms" })),
    ).toEqual({
      role: "Invalid input",
      authType: "Invalid input",
    });
    expect(UserCreateSchema.parse({ name: "A", email: "a@b.co", role: "road_sales", authType: "otp" })).toMatchObject({
      role: "road_sales",
      authType: "otp",
    });
  });

  it("has no authType on the edit form, and the patch takes any subset", () => {
    expect(UserEditSchema.parse({ name: "A", email: "a@b.co", role: "admin", authType: "otp" })).not.toHaveProperty(
      "authType",
    );
    expect(messagesOf(UserEditSchema.safeParse({ name: "A", email: "a@b.co" }))).toEqual({ role: "Required" });
    expect(UserPatchSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(UserPatchSchema.parse({ authType: "otp" })).toEqual({ authType: "otp" });
  });

  it("stores an optional phone like a client mobile, and clears it with an empty value or null", () => {
    const base = { name: "A", email: "a@b.co", role: "admin" };
    expect(UserEditSchema.parse({ ...base, phone: "050 123 4567" }).phone).toBe("971501234567");
    expect(UserEditSchema.parse({ ...base, phone: "+971-50-123-4567" }).phone).toBe("971501234567");
    expect(UserPatchSchema.parse({ phone: "" })).toEqual({ phone: "" });
    expect(UserPatchSchema.parse({ phone: null })).toEqual({ phone: "" });
    expect(UserEditSchema.parse(base)).not.toHaveProperty("phone");
    expect(messagesOf(UserEditSchema.safeParse({ ...base, phone: "12-34" }))).toEqual({
      phone: "Enter a valid mobile number (9 to 15 digits)",
    });
  });
});

describe("user list filters in the URL", () => {
  it("reads the search and a valid role, ignoring anything else", () => {
    expect(userFiltersFrom(new URLSearchParams("q=%20Omar%20&role=road_sales"))).toEqual({
      search: "Omar",
      role: "road_sales",
    });
    expect(userFiltersFrom(new URLSearchParams("role=owner"))).toEqual({ search: "", role: null });
  });

  it("round-trips through a query string and knows when filters are active", () => {
    const filters = { search: "a b", role: "sales_back" as const };
    expect(userFiltersFrom(new URLSearchParams(userFiltersQuery(filters)))).toEqual(filters);
    expect(userFiltersQuery({ search: "", role: null })).toBe("");
    expect(hasActiveFilters({ search: "", role: null })).toBe(false);
    expect(hasActiveFilters({ search: "", role: "sales_front" })).toBe(true);
  });
});
