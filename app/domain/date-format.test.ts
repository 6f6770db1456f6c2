import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "./date-format";

describe("dateTimeFormat", () => {
  it("reuses one formatter per locale and options", () => {
    const a = dateTimeFormat("en-GB", { day: "numeric", timeZone: "Asia/Dubai" });
    expect(dateTimeFormat("en-GB", { day: "numeric", timeZone: "Asia/Dubai" })).toBe(a);
    expect(dateTimeFormat("en-GB", { day: "numeric", timeZone: "UTC" })).not.toBe(a);
    expect(dateTimeFormat("en-CA", { day: "numeric", timeZone: "Asia/Dubai" })).not.toBe(a);
  });

  it("formats in the time zone it was asked for", () => {
    const lateUtc = new Date("2026-03-07T22:30:00Z");
    const options = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
    expect(dateTimeFormat("en-CA", { ...options, timeZone: "Asia/Dubai" }).format(lateUtc)).toBe("2026-03-08");
    expect(dateTimeFormat("en-CA", { ...options, timeZone: "UTC" }).format(lateUtc)).toBe("2026-03-07");
  });
});
