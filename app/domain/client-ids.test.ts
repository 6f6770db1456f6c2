import { describe, expect, it } from "vitest";
import { parseClientIds } from "./client-ids";

describe("parseClientIds", () => {
  it("keeps positive whole ids once each, from numbers or digit strings", () => {
    expect(parseClientIds(["3", 4, " 5 ", "3", 4])).toEqual([3, 4, 5]);
    expect(parseClientIds("12")).toEqual([12]);
  });

  it("drops anything else instead of failing", () => {
    expect(parseClientIds(["0", "-1", "1.5", "abc", "1e3", 2.5, null, {}, "9999999999999"])).toEqual([]);
    expect(parseClientIds(undefined)).toEqual([]);
    expect(parseClientIds({ ids: [1] })).toEqual([]);
  });
});
