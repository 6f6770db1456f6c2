import { describe, expect, it } from "vitest";
import { displayName, formatDay, formatMonth } from "./client-display";
import { clientMessage, DEFAULT_MESSAGE_BOOK } from "./message-templates";
import { PRODUCT_NAME } from "./product";

describe("customer display", () => {
  it("formats calendar days without a locale", () => {
    expect(formatDay("2024-03-05")).toBe("5 Mar 2024");
    expect(formatDay("1999-12-31")).toBe("31 Dec 1999");
    expect(formatMonth("2026-03")).toBe("Mar 2026");
    expect(formatDay(null)).toBe("—");
  });

  it("writes a day and a month short, the Arabic month names as ar-AE's", () => {
    expect(formatDay("2026-03-05")).toBe("5 Mar 2026");
    expect(formatDay("2026-03-05", "ar")).toBe("5 مارس 2026");
    expect(formatMonth("2026-12")).toBe("Dec 2026");
    expect(formatMonth("2026-12", "ar")).toBe("ديسمبر 2026");
  });

  it("writes a day and a month with Arabic-Indic digits only on an Arabic page that has them", () => {
    const arab = { language: "ar", numerals: "arab" } as const;
    expect(formatDay("2026-03-05", arab)).toBe("٥ مارس ٢٠٢٦");
    expect(formatMonth("2026-12", arab)).toBe("ديسمبر ٢٠٢٦");
    expect(formatDay(null, arab)).toBe("—");
    expect(formatDay("2026-03-05", { language: "en", numerals: "arab" })).toBe("5 Mar 2026");
  });

  it("writes a stored day (UTC midnight) as it writes the day's ISO text", () => {
    const arab = { language: "ar", numerals: "arab" } as const;
    for (let day = -280_000; day < 340_000; day += 997) {
      const stored = new Date(day * 86_400_000);
      const iso = stored.toISOString().slice(0, 10);
      for (const locale of ["en", "ar", arab] as const) expect(formatDay(stored, locale)).toBe(formatDay(iso, locale));
    }
    expect(formatDay(new Date("2026-03-05T00:00:00Z"), arab)).toBe("٥ مارس ٢٠٢٦");
  });

  it("greets the client by first name", () => {
    expect(clientMessage(DEFAULT_MESSAGE_BOOK, "greeting", { fullName: "  Aisha Al Mansoori" })).toBe(
      `Hello Aisha, greetings from ${PRODUCT_NAME}!`,
    );
  });

  it("shows the Arabic name on an Arabic page when there is one", () => {
    const client = { fullName: "Aisha Al Mansoori", fullNameAr: "عائشة المنصوري" };
    expect(displayName(client, "ar")).toBe("عائشة المنصوري");
    expect(displayName(client, "en")).toBe("Aisha Al Mansoori");
    expect(displayName({ fullName: "Aisha", fullNameAr: " " }, "ar")).toBe("Aisha");
  });
});
