import { describe, expect, it } from "vitest";
import { clientListBase, isClientDialogPath } from "./client-list-path";

describe("customerListBase", () => {
  it("keeps /customer-history and its dialogs there, and everything else under /customers", () => {
    expect(clientListBase("/customer-history")).toBe("/customer-history");
    expect(clientListBase("/customer-history/12/edit")).toBe("/customer-history");
    expect(clientListBase("/customers/new")).toBe("/customers");
    expect(clientListBase("/customer-historyx")).toBe("/customers");
  });
});

describe("isClientDialogPath", () => {
  it("knows the dialogs that open over the book, under either address, and nothing else", () => {
    for (const path of ["/customers/new", "/customers/12", "/customers/12/edit", "/customer-history/7/"])
      expect(isClientDialogPath(path)).toBe(true);
    for (const path of ["/customers", "/customers/deleted", "/customers/12/whatsapp", "/customers/delete", "/x/12"])
      expect(isClientDialogPath(path)).toBe(false);
  });
});
