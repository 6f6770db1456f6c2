import { describe, expect, it } from "vitest";
import { CODE_PATTERN, isSixDigitCode, onlyCodeDigits } from "./one-time-code";

describe("six-digit codes", () => {
  it("accepts exactly six digits and nothing else", () => {
    expect(isSixDigitCode("012345")).toBe(true);
    for (const bad of ["12345", "1234567", "12345a", " 123456", "123456\n", "１２３４５６", ""])
      expect(isSixDigitCode(bad), JSON.stringify(bad)).toBe(false);
  });

  it("keeps only digits as typed or pasted, at most six", () => {
    expect(onlyCodeDigits("12ab3")).toBe("123");
    expect(onlyCodeDigits("123 456 789")).toBe("123456");
    expect(onlyCodeDigits("abc")).toBe("");
  });

  it("gives the browser the same rule as its pattern attribute", () => {
    // The browser anchors a pattern to the whole value.
    const browser = new RegExp(`^(?:${CODE_PATTERN})$`, "v");
    expect(browser.test("123456")).toBe(true);
    expect(browser.test("12345")).toBe(false);
  });
});
