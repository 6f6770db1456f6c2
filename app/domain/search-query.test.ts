import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH, searchQuery } from "./search-query";

describe("searchQuery", () => {
  it("trims, drops control characters (a NUL fails PostgreSQL) and keeps at most the longest search", () => {
    expect(searchQuery("  Aisha ")).toBe("Aisha");
    expect(searchQuery("\u0000")).toBe("");
    expect(searchQuery("05\u00001234\t")).toBe("05 1234");
    expect(searchQuery("عائشة")).toBe("عائشة");
    expect(searchQuery(null)).toBe("");
    expect(searchQuery("x".repeat(500))).toHaveLength(MAX_SEARCH_LENGTH);
  });
});
