import { describe, expect, it } from "vitest";
import { contactedRecently, formatContactTime, lastContactWords, recentContactSince } from "./contact-recency";
import { i18nInstance } from "~/i18n/catalogs";
import { english } from "~/i18n/english.server";
import { say } from "~/i18n/messages";

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

describe("lastContactWords", () => {
  const at = new Date("2026-03-08T08:00:00Z");

  it("counts the shop's days, not 24-hour blocks", () => {
    const ago = (when: Date) => lastContactWords({ at: when, type: "call", byName: null }, now, DUBAI)!.values!.ago;
    expect(ago(new Date("2026-03-10T00:30:00Z"))).toEqual({ code: "leads:contact.today" });
    // 23:00 UTC on the 9th is already the 10th in Dubai.
    expect(ago(new Date("2026-03-09T23:00:00Z"))).toEqual({ code: "leads:contact.today" });
    expect(ago(new Date("2026-03-09T19:00:00Z"))).toEqual({ code: "leads:contact.yesterday" });
    expect(ago(at)).toEqual({ code: "leads:contact.daysAgo", values: { count: 2 } });
  });

  it("reads as the channel, the age and the first name of who made it, in English and in Arabic", () => {
    const words = (type: string, byName: string | null) => lastContactWords({ at, type, byName }, now, DUBAI)!;
    expect(english(words("whatsapp", "Reem Al Falasi"))).toBe("WhatsApp 2 days ago · Reem");
    expect(english(words("call", null))).toBe("Call 2 days ago");
    expect(english(words("carrier-pigeon", "Ben"))).toBe("Contacted 2 days ago · Ben");
    const { t } = i18nInstance({ language: "ar", numerals: "arab" });
    expect(say(t, words("whatsapp", "Reem Al Falasi"))).toBe("واتساب منذ يومين · <bdi>Reem</bdi>");
    expect(lastContactWords(null, now, DUBAI)).toBeNull();
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
