import { describe, expect, it } from "vitest";
import { ACCESS, checkAccess, EXPORT_DENIED } from "./roles";

describe("route guard", () => {
  it("lets admin through every guard", () => {
    for (const access of Object.values(ACCESS)) expect(checkAccess("admin", access)).toBeNull();
  });
  it("keeps road sales off the dashboard with 'Access Restricted'", () => {
    expect(checkAccess("road_sales", ACCESS.dashboard)?.title).toBe("Access Restricted");
    expect(checkAccess("sales_back", ACCESS.dashboard)).toBeNull();
  });
  it("opens the sales report to admin, sales front and sales back, not road sales", () => {
    expect(checkAccess("sales_back", ACCESS.reports)).toBeNull();
    expect(checkAccess("road_sales", ACCESS.reports)?.title).toBe("Access Restricted");
  });
  it("answers 'Access Denied' on the admin-only profile", () => {
    expect(checkAccess("sales_front", ACCESS.profile)?.title).toBe("Access Denied");
  });
  it("lets only admins and sales front export the client book, saying so to the others", () => {
    expect(checkAccess("sales_front", ACCESS.exportClients)).toBeNull();
    for (const role of ["sales_back", "road_sales"] as const) {
      expect(checkAccess(role, ACCESS.exportClients)).toEqual(EXPORT_DENIED);
    }
  });
  it("opens the customer book to all four roles", () => {
    expect(checkAccess("road_sales", ACCESS.clients)).toBeNull();
  });
});
