import { describe, expect, it } from "vitest";
import { clientListBase } from "./client-list-path";

describe("customerListBase", () => {
  it("keeps /customer-history and its dialogs there, and everything else under /customers", () => {
    expect(clientListBase("/customer-history")).toBe("/customer-history");
    expect(clientListBase("/customer-history/12/edit")).toBe("/customer-history");
    expect(clientListBase("/customers/new")).toBe("/customers");
    expect(clientListBase("/customer-historyx")).toBe("/customers");
  });
});
