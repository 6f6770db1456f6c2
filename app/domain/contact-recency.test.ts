import { describe, expect, it } from "vitest";
import {
  contactedRecently,
  daysAgoLabel,
  formatContactTime,
  lastContactLabel,
  recentContactSince,
} from "./contact-recency";

const DUBAI = "Asia/Dubai";
const now = new Date("2026-03-10T08:00:00Z"); // 12:00 in Dubai

describe("contacted recently", () => {
  it("counts the last 7 days as a rolling window, edges included", () => {
    expect(contactedRecently(null, now)).toBe(false);
    expect(contactedRecently(new Date("2026-03-03T08:00:00Z"), now)).toBe(true);
    expect(contactedRecently(new Date("2026-03-03T07:59:59Z"), now)).toBe(false);
    expect(contactedRecently(new Date("2026-03-09T20:00:00Z"), now, 1)).toBe(true);
    expect(recentContactSince(now).toISOString()).toBe("2026-03-03T08:00:00.000Z");
  });
});

describe("daysAgoLabel", () => {
  it("counts the shop's days, not 24-hour blocks", () => {
    expect(daysAgoLabel(new Date("2026-03-10T00:30:00Z"), now, DUBAI)).toBe("today");
    // 23:00 UTC on the 9th is already the 10th in Dubai.
    expect(daysAgoLabel(new Date("2026-03-09T23:00:00Z"), now, DUBAI)).toBe("today");
    expect(daysAgoLabel(new Date("2026-03-09T19:00:00Z"), now, DUBAI)).toBe("yesterday");
    expect(daysAgoLabel(new Date("2026-03-08T08:00:00Z"), now, DUBAI)).toBe("2 days ago");
  });
});

describe("lastContactLabel", () => {
  it("names the channel, the age and the first name of who made it", () => {
    const at = new Date("2026-03-08T08:00:00Z");
    expect(lastContactLabel({ at, type: "whatsapp", byName: "Reem Al Falasi" }, now, DUBAI)).toBe(
      "WhatsApp 2 days ago · Reem",
    );
    expect(lastContactLabel({ at, type: "call", byName: null }, now, DUBAI)).toBe("Call 2 days ago");
    expect(lastContactLabel({ at, type: "carrier-pigeon", byName: "Ben" }, now, DUBAI)).toBe(
      "Contacted 2 days ago · Ben",
    );
    expect(lastContactLabel(null, now, DUBAI)).toBeNull();
  });
});

describe("formatContactTime", () => {
  it("shows the shop's day and 24-hour time", () => {
    expect(formatContactTime(new Date("2026-03-09T22:05:00Z"), DUBAI)).toBe("10 Mar 2026, 02:05");
  });

  it("writes the day and the time with Arabic-Indic digits when an Arabic page has them", () => {
    const at = new Date("2026-03-09T22:05:00Z");
    expect(formatContactTime(at, DUBAI, { language: "ar", numerals: "arab" })).toBe("١٠ مارس ٢٠٢٦، ٠٢:٠٥");
    expect(formatContactTime(at, DUBAI, "ar")).toBe("10 مارس 2026، 02:05");
  });
});
