import { describe, expect, it } from "vitest";
import { canReassignClient, ownerFilterParam, ownerIdFor, ownerInitials, parseOwnerFilter } from "./client-owner";

describe("owner filter", () => {
  it("reads me, none and a user id, and ignores anything else", () => {
    expect(parseOwnerFilter("me")).toEqual({ kind: "me" });
    expect(parseOwnerFilter(" none ")).toEqual({ kind: "none" });
    expect(parseOwnerFilter("clx9abcdef0123")).toEqual({ kind: "user", userId: "clx9abcdef0123" });
    expect(parseOwnerFilter("x' OR 1=1")).toBeNull();
    expect(parseOwnerFilter("")).toBeNull();
    expect(parseOwnerFilter(null)).toBeNull();
  });

  it("turns back into the same URL value and resolves me to the viewer", () => {
    expect(ownerFilterParam({ kind: "me" })).toBe("me");
    expect(ownerFilterParam({ kind: "user", userId: "abc12345" })).toBe("abc12345");
    expect(ownerIdFor({ kind: "me" }, "viewer01")).toBe("viewer01");
    expect(ownerIdFor({ kind: "none" }, "viewer01")).toBeNull();
  });
});

describe("ownerInitials", () => {
  it("takes the first letters of the first two names", () => {
    expect(ownerInitials("Reem Al Mansoori")).toBe("RA");
    expect(ownerInitials("reem")).toBe("R");
    expect(ownerInitials(null)).toBe("");
  });
});

describe("canReassignClient", () => {
  it("lets an admin or the current owner reassign, nobody else", () => {
    expect(canReassignClient({ id: "a", role: "admin" }, "b")).toBe(true);
    expect(canReassignClient({ id: "b", role: "sales_front" }, "b")).toBe(true);
    expect(canReassignClient({ id: "c", role: "sales_front" }, "b")).toBe(false);
    expect(canReassignClient({ id: "c", role: "road_sales" }, null)).toBe(false);
  });
});
