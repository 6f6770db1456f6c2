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
});
