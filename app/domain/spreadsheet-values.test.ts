import { describe, expect, it } from "vitest";
import { parseAedToFils } from "./money";
import { amountCellText, cellText, decimalCellText, excelSerialToIso, sheetDateToIso } from "./spreadsheet-values";

describe("Excel date serials", () => {
  it.each([
    [1, "1900-01-01"],
    [59, "1900-02-28"],
    [61, "1900-03-01"],
    [25569, "1970-01-01"],
    [32947, "1990-03-15"],
    [45672, "2025-01-15"],
    [45672.75, "2025-01-15"],
    [2958465, "9999-12-31"],
  ])("serial %s is %s", (serial, iso) => {
    expect(excelSerialToIso(serial)).toBe(iso);
  });

  it("refuses Excel's fictitious 29 February 1900, zero, negatives and overflow", () => {
    for (const serial of [60, 0, -5, 2958466, Number.NaN]) expect(excelSerialToIso(serial)).toBeNull();
  });

  it("counts from 1904 in workbooks using the 1904 date system", () => {
    expect(excelSerialToIso(0, true)).toBe("1904-01-01");
    expect(excelSerialToIso(31485, true)).toBe("1990-03-15");
  });
});

describe("spreadsheet dates", () => {
  it.each([
    ["number cell (serial)", 32947, "1990-03-15"],
    ["serial written as text in a CSV", "32947", "1990-03-15"],
    ["ISO", "1990-03-15", "1990-03-15"],
    ["ISO with a time", "1990-03-15T00:00:00", "1990-03-15"],
    ["ISO with a space and time", "1990-03-15 10:30:00", "1990-03-15"],
    ["dd/mm/yyyy", "15/03/1990", "1990-03-15"],
    ["d/m/yyyy", "5/3/1990", "1990-03-05"],
    ["dd-mm-yyyy", "15-03-1990", "1990-03-15"],
    ["dd.mm.yyyy", "15.03.1990", "1990-03-15"],
    ["day-first, never month-first", "03/04/1990", "1990-04-03"],
    ["d MMM yyyy", "15 Mar 1990", "1990-03-15"],
    ["Zoho's dd-MMM-yyyy", "15-Mar-1990", "1990-03-15"],
    ["MMMM d, yyyy", "March 15, 1990", "1990-03-15"],
    ["padded with spaces", "  15/03/1990 ", "1990-03-15"],
  ])("reads %s", (_form, value, iso) => {
    expect(sheetDateToIso(value)).toEqual({ ok: true, iso });
  });

  it("treats a blank cell as no date", () => {
    expect(sheetDateToIso(undefined)).toEqual({ ok: true, iso: null });
    expect(sheetDateToIso("   ")).toEqual({ ok: true, iso: null });
  });

  it.each([["31/02/1990"], ["15/13/1990"], ["1990-02-30"], ["yesterday"], ["15/03/90"], ["Smarch 3, 1990"], [true]])(
    "refuses %s",
    (value) => {
      expect(sheetDateToIso(value as string)).toEqual({ ok: false });
    },
  );
});

describe("spreadsheet amounts", () => {
  it.each([
    ["number cell", 12500, 1_250_000n],
    ["number cell with fils", 1250.5, 125_050n],
    ["float noise from a formula", 1234.5600000000002, 123_456n],
    ["commas", "12,500.50", 1_250_050n],
    ["AED prefix", "AED 12,500", 1_250_000n],
    ["AED suffix", "12500.5 AED", 1_250_050n],
    ["spaces", "  300 ", 30_000n],
  ])("reads a %s", (_form, value, fils) => {
    expect(parseAedToFils(amountCellText(value))).toBe(fils);
  });

  it("keeps a real third decimal for validation to refuse rather than rounding money", () => {
    expect(amountCellText(12.345)).toBe("12.345");
    expect(parseAedToFils(amountCellText(12.345))).toBeNull();
  });

  it("reads weights to 3 decimals the same way", () => {
    expect(decimalCellText(32.4, 3)).toBe("32.4");
    expect(decimalCellText(0.1 + 0.2, 3)).toBe("0.300");
    expect(decimalCellText(32.4005, 3)).toBe("32.4005");
    expect(decimalCellText(" 32.400 g ", 3)).toBe("32.400 g");
  });

  it("treats a blank cell as no amount", () => {
    expect(amountCellText("")).toBeUndefined();
    expect(amountCellText(null)).toBeUndefined();
  });
});

describe("text cells", () => {
  it("keeps every digit of long numbers (mobiles, Emirates IDs) and trims text", () => {
    expect(cellText(971501234567)).toBe("971501234567");
    expect(cellText(784199012345671)).toBe("784199012345671");
    expect(cellText("  Aisha  ")).toBe("Aisha");
    expect(cellText("   ")).toBeUndefined();
  });
});
