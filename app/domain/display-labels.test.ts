import { describe, expect, it } from "vitest";
import { addDays } from "./calendar";
import { formatCount, fullDayLabel } from "./display-labels";

describe("display labels without Intl", () => {
  it("writes a day in full as en-GB does, across months, years and a leap day", () => {
    expect(fullDayLabel("2026-11-23")).toBe("Monday, 23 November 2026");
    expect(fullDayLabel("2024-02-29")).toBe("Thursday, 29 February 2024");
    const intl = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeZone: "UTC" });
    for (let day = 0; day < 800; day += 7) {
      const iso = addDays("2023-12-25", day);
      expect(fullDayLabel(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it("writes a day in full as ar-AE with Western digits does", () => {
    expect(fullDayLabel("2026-11-23", "ar")).toBe("الاثنين، 23 نوفمبر 2026");
    const intl = new Intl.DateTimeFormat("ar-AE-u-nu-latn", { dateStyle: "full", timeZone: "UTC" });
    for (let day = 0; day < 400; day += 5) {
      const iso = addDays("2023-12-25", day);
      expect(fullDayLabel(iso, "ar")).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it("writes a day in full as ar-AE with Arabic-Indic digits does, only when the locale has them", () => {
    const arab = { language: "ar", numerals: "arab" } as const;
    expect(fullDayLabel("2026-11-23", arab)).toBe("الاثنين، ٢٣ نوفمبر ٢٠٢٦");
    expect(fullDayLabel("2026-11-23", { language: "ar", numerals: "latn" })).toBe("الاثنين، 23 نوفمبر 2026");
    // The preference means nothing to English words.
    expect(fullDayLabel("2026-11-23", { language: "en", numerals: "arab" })).toBe("Monday, 23 November 2026");
    const intl = new Intl.DateTimeFormat("ar-AE-u-nu-arab", { dateStyle: "full", timeZone: "UTC" });
    for (let day = 0; day < 400; day += 5) {
      const iso = addDays("2023-12-25", day);
      expect(fullDayLabel(iso, arab)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it("groups thousands like en-GB", () => {
    const intl = new Intl.NumberFormat("en-GB");
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, 5_000_000])
      expect(formatCount(n)).toBe(intl.format(n));
  });

  it("groups thousands with Arabic-Indic digits like ar-AE-u-nu-arab", () => {
    const intl = new Intl.NumberFormat("ar-AE-u-nu-arab");
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567])
      expect(formatCount(n, { language: "ar", numerals: "arab" })).toBe(intl.format(n));
    expect(formatCount(12_345, "ar")).toBe("12,345");
  });
});
