import { describe, expect, it } from "vitest";
import { formatDay, formatMonth, whatsappGreeting } from "./client-display";
import { PRODUCT_NAME } from "./product";

describe("customer display", () => {
  it("formats calendar days without a locale", () => {
    expect(formatDay("2024-03-05")).toBe("5 Mar 2024");
    expect(formatDay("1999-12-31")).toBe("31 Dec 1999");
    expect(formatMonth("2026-03")).toBe("Mar 2026");
    expect(formatDay(null)).toBe("—");
  });

  it("greets the client by first name", () => {
    expect(whatsappGreeting("  Aisha Al Mansoori")).toBe(`Hello Aisha, greetings from ${PRODUCT_NAME}!`);
  });
});
