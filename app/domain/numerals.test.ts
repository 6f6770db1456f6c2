import { describe, expect, it } from "vitest";
import { writeDigits, writeNumber } from "./numerals";

describe("the digit map (docs/decisions/021-arabic-and-english.md)", () => {
  it("writes every Western digit as its Arabic-Indic one", () => {
    expect(writeDigits("0123456789", "arab")).toBe("٠١٢٣٤٥٦٧٨٩");
    expect(writeDigits("23 نوفمبر 2026، 14:05", "arab")).toBe("٢٣ نوفمبر ٢٠٢٦، ١٤:٠٥");
  });

  it("leaves the text alone with Western digits", () => {
    expect(writeDigits("23 نوفمبر 2026", "latn")).toBe("23 نوفمبر 2026");
    expect(writeNumber("1,234.50", "latn")).toBe("1,234.50");
  });

  it("writes a number's separators as Intl does with -u-nu-arab", () => {
    const intl = new Intl.NumberFormat("ar-AE-u-nu-arab", { minimumFractionDigits: 2 });
    for (const [text, n] of [
      ["1,234.50", 1234.5],
      ["0.05", 0.05],
      ["1,234,567.00", 1_234_567],
    ] as const)
      expect(writeNumber(text, "arab")).toBe(intl.format(n));
  });
});
