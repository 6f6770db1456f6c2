import { describe, expect, it } from "vitest";
import { parseDuplicatePage } from "./duplicate-list";

const page = (query: string) => parseDuplicatePage(new URLSearchParams(query));

describe("parseDuplicatePage", () => {
  it("reads page and pageSize", () => {
    expect(page("page=3&pageSize=50")).toEqual({ page: 3, pageSize: 50 });
  });
  it("is the first page of 20 without them or with junk", () => {
    expect(page("")).toEqual({ page: 1, pageSize: 20 });
    expect(page("page=-2&pageSize=abc")).toEqual({ page: 1, pageSize: 20 });
    expect(page("page=1e9&pageSize=2.5")).toEqual({ page: 1, pageSize: 20 });
  });
  it("keeps pageSize between 1 and 100", () => {
    expect(page("pageSize=0").pageSize).toBe(1);
    expect(page("pageSize=5000").pageSize).toBe(100);
  });
});
