import { describe, expect, it } from "vitest";
import { isValidMobile, normalizeMobile, whatsappLink } from "./mobile";

describe("mobile normalisation", () => {
  it.each([
    ["971501234567", "971501234567"],
    ["+971 50 123 4567", "971501234567"],
    ["00971501234567", "971501234567"],
    ["0501234567", "971501234567"],
    ["050-123-4567", "971501234567"],
    ["501234567", "971501234567"],
    ["(050) 123 4567", "971501234567"],
    ["+27 82 123 4567", "27821234567"],
    ["0027821234567", "27821234567"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
  });

  it("accepts 9 to 15 digits only", () => {
    expect(isValidMobile("971501234567")).toBe(true);
    expect(isValidMobile("12345")).toBe(false);
    expect(isValidMobile("1234567890123456")).toBe(false);
  });

  it("builds a wa.me link with the digits and an encoded message", () => {
    expect(whatsappLink("+971 50 123 4567", "Hi Aisha & family?")).toBe(
      "https://wa.me/971501234567?text=Hi%20Aisha%20%26%20family%3F",
    );
  });
});
