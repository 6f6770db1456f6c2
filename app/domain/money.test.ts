import { describe, expect, it } from "vitest";
import { filsToDecimalString, formatAed, formatAmount, parseAedToFils, sumFils } from "./money";

describe("money in fils", () => {
  it.each([
    ["1250", 125000n],
    ["1,250.5", 125050n],
    ["AED 1,250.50", 125050n],
    ["1250.50 AED", 125050n],
    ["0.01", 1n],
    [" 300 ", 30000n],
    [1250.5, 125050n],
  ])("parses %s", (input, expected) => {
    expect(parseAedToFils(input)).toBe(expected);
  });

  it.each(["", "abc", "-5", "1.234", "1.2.3", "1250,50", "12,50", "1,2500", null])("refuses %s", (input) => {
    expect(parseAedToFils(input)).toBeNull();
  });

  it("sums exactly where floats drift", () => {
    // 0.1 + 0.2 !== 0.3 in floating point; in fils it is exact.
    const total = sumFils([parseAedToFils("0.10")!, parseAedToFils("0.20")!]);
    expect(filsToDecimalString(total)).toBe("0.30");
    const many = sumFils(Array.from({ length: 1000 }, () => parseAedToFils("999999.99")!));
    expect(filsToDecimalString(many)).toBe("999999990.00");
  });

  it("formats for screens and the API", () => {
    expect(formatAed(123456789n)).toBe("AED 1,234,567.89");
    expect(formatAmount(100000n)).toBe("1,000.00");
    expect(filsToDecimalString(5n)).toBe("0.05");
  });

  it("groups every amount's thousands as en-US does, at each length and sign", () => {
    const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let digits = 1; digits <= 15; digits++) {
      for (const fils of [10n ** BigInt(digits - 1), 10n ** BigInt(digits) - 1n, 10n ** BigInt(digits) / 7n]) {
        // Up to 15 digits an amount survives a float and Intl's rounding to cents: a fair judge of the grouping.
        expect(formatAmount(fils)).toBe(intl.format(Number(fils) / 100));
        expect(formatAmount(-fils)).toBe(intl.format(-Number(fils) / 100));
      }
    }
    expect(formatAmount(0n)).toBe("0.00");
    expect(formatAmount(123456789012345678901n)).toBe("1,234,567,890,123,456,789.01");
  });

  it("writes AED as ar-AE does, with Western digits, in Arabic", () => {
    expect(formatAed(123456789n, "ar")).toBe("1,234,567.89 د.إ");
    // The same digits and grouping as Intl, without building a formatter.
    const intl = new Intl.NumberFormat("ar-AE-u-nu-latn", { minimumFractionDigits: 2 });
    expect(formatAed(123456789n, "ar").split(" ")[0]).toBe(intl.format(1234567.89));
  });

  it("writes AED with Arabic-Indic digits when an Arabic page has them, and parses only what it must", () => {
    const arab = { language: "ar", numerals: "arab" } as const;
    expect(formatAed(123456789n, arab)).toBe("١٬٢٣٤٬٥٦٧٫٨٩ د.إ");
    const intl = new Intl.NumberFormat("ar-AE-u-nu-arab", { minimumFractionDigits: 2 });
    expect(formatAed(123456789n, arab).split(" ")[0]).toBe(intl.format(1234567.89));
    // English ignores the choice; the API's decimal string never changes.
    expect(formatAed(5n, { language: "en", numerals: "arab" })).toBe("AED 0.05");
    expect(filsToDecimalString(123456789n)).toBe("1234567.89");
  });
});
