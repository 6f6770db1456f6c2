import { describe, expect, it } from "vitest";
import { directionOf, intlLocale, isLanguage, isNumerals, localeOf, pageLocale, type Locale } from "./languages";

describe("languages", () => {
  it("knows English and Arabic only", () => {
    expect(isLanguage("ar")).toBe(true);
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("ar-AE")).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });

  it("writes Arabic right to left, English left to right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });

  it("formats Arabic with Western digits and English the British way", () => {
    const day = new Date("2026-01-03T00:00:00Z");
    const options = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
    expect(new Intl.DateTimeFormat(intlLocale("ar"), options).format(day)).toBe("3 يناير 2026");
    expect(new Intl.DateTimeFormat(intlLocale("en"), options).format(day)).toBe("3 January 2026");
  });

  it("gives Arabic-Indic digits to an Arabic page that chose them, never to an English one", () => {
    expect(pageLocale("ar", "arab")).toEqual({ language: "ar", numerals: "arab" });
    expect(pageLocale("en", "arab")).toEqual({ language: "en", numerals: "latn" });
    expect(pageLocale("ar", null)).toEqual({ language: "ar", numerals: "latn" });
    expect(pageLocale("ar", "hanidec")).toEqual({ language: "ar", numerals: "latn" });
    expect(isNumerals("arab")).toBe(true);
    expect(isNumerals("ARAB")).toBe(false);
    const day = new Date("2026-01-03T00:00:00Z");
    const options = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
    expect(new Intl.DateTimeFormat(intlLocale(pageLocale("ar", "arab")), options).format(day)).toBe("٣ يناير ٢٠٢٦");
    expect(intlLocale(pageLocale("en", "arab"))).toBe("en-GB");
  });

  it("reads a formatter's locale as a page's: a page's own as it is, anything else mended", () => {
    const arabic = pageLocale("ar", "arab");
    expect(localeOf(arabic)).toBe(arabic);
    expect(localeOf("ar")).toEqual({ language: "ar", numerals: "latn" });
    expect(localeOf({ language: "en", numerals: "arab" })).toEqual({ language: "en", numerals: "latn" });
    expect(localeOf({ language: "ar", numerals: "hanidec" } as unknown as Locale)).toEqual({
      language: "ar",
      numerals: "latn",
    });
  });
});
