import { describe, expect, it } from "vitest";
import { customerListBase } from "./customer-list-path";

describe("customerListBase", () => {
  it("keeps /customer-history and its dialogs there, and everything else under /customers", () => {
    expect(customerListBase("/customer-history")).toBe("/customer-history");
    expect(customerListBase("/customer-history/12/edit")).toBe("/customer-history");
    expect(customerListBase("/customers/new")).toBe("/customers");
    expect(customerListBase("/customer-historyx")).toBe("/customers");
  });
});
