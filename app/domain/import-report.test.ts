import { describe, expect, it } from "vitest";
import { firstWithMore, importSummary } from "./import-report";

describe("import report", () => {
  it("shows the first N and counts the rest", () => {
    expect(firstWithMore([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
    expect(firstWithMore([1, 2], 5)).toEqual({ shown: [1, 2], more: 0 });
  });

  it("summarises the counts in words", () => {
    expect(importSummary({ imported: 1, skipped: 0, errors: 0 })).toBe("Imported 1 new client.");
    expect(importSummary({ imported: 1200, skipped: 2, errors: 1 })).toBe(
      "Imported 1,200 new clients. 2 rows skipped (already in the system or repeated in the file). 1 row has errors and was not imported.",
    );
  });

  it("counts a purchase history's sales and items too", () => {
    expect(importSummary({ imported: 12, skipped: 0, errors: 0, sales: { count: 40, items: 95 } })).toBe(
      "Imported 12 new clients and 40 sales (95 items).",
    );
    expect(importSummary({ imported: 0, skipped: 3, errors: 1, sales: { count: 1, items: 1 } })).toBe(
      "Imported 0 new clients and 1 sale (1 item). 3 rows skipped (already in the system). 1 row has errors and was not imported.",
    );
  });
});
