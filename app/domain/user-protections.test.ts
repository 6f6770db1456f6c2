import { describe, expect, it } from "vitest";
import { USER_PROTECTION_MESSAGES as M, refuseUserChange } from "./user-protections";

const admin = { id: "a1", role: "admin" as const, isActive: true };
const staff = { id: "s1", role: "sales_front" as const, isActive: true };

describe("user change protections", () => {
  it("stops an admin deleting or deactivating their own account", () => {
    expect(refuseUserChange({ actorId: "a1", target: admin, change: { kind: "delete" }, otherActiveAdmins: 3 })).toBe(
      M.selfDelete,
    );
    expect(
      refuseUserChange({
        actorId: "a1",
        target: admin,
        change: { kind: "update", role: "admin", isActive: false },
        otherActiveAdmins: 3,
      }),
    ).toBe(M.selfDeactivate);
  });

  it("lets an admin step down while another active admin remains, but not as the last one", () => {
    const demote = { kind: "update" as const, role: "sales_back" as const, isActive: true };
    expect(refuseUserChange({ actorId: "a1", target: admin, change: demote, otherActiveAdmins: 1 })).toBeNull();
    expect(refuseUserChange({ actorId: "a1", target: admin, change: demote, otherActiveAdmins: 0 })).toBe(M.lastAdmin);
  });

  it("refuses removing the last active admin by any route", () => {
    expect(refuseUserChange({ actorId: "x", target: admin, change: { kind: "delete" }, otherActiveAdmins: 0 })).toBe(
      M.lastAdmin,
    );
    expect(
      refuseUserChange({
        actorId: "x",
        target: admin,
        change: { kind: "update", role: "admin", isActive: false },
        otherActiveAdmins: 0,
      }),
    ).toBe(M.lastAdmin);
    // An inactive admin is not one of the active admins the rule protects.
    expect(
      refuseUserChange({
        actorId: "x",
        target: { ...admin, isActive: false },
        change: { kind: "delete" },
        otherActiveAdmins: 0,
      }),
    ).toBeNull();
  });

  it("allows ordinary changes to staff", () => {
    expect(
      refuseUserChange({ actorId: "a1", target: staff, change: { kind: "delete" }, otherActiveAdmins: 0 }),
    ).toBeNull();
    expect(
      refuseUserChange({
        actorId: "a1",
        target: staff,
        change: { kind: "update", role: "admin", isActive: false },
        otherActiveAdmins: 0,
      }),
    ).toBeNull();
  });
});
