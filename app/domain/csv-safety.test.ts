import { describe, expect, it } from "vitest";
import { csvField, neutralizeCell, toCsv } from "./csv-safety";

describe("formula neutralisation", () => {
  it.each(["=1+1", "+971", "-5", "@SUM(A1)", "\tx", "\rx"])("neutralises %j", (cell) => {
    expect(neutralizeCell(cell)).toBe(`'${cell}`);
  });
  it("leaves ordinary text alone", () => {
    expect(neutralizeCell("Aisha Khan")).toBe("Aisha Khan");
    expect(neutralizeCell("971501234567")).toBe("971501234567");
  });
});

describe("CSV quoting", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvField('Gold, "22k"')).toBe('"Gold, ""22k"""');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField(null)).toBe("");
  });
  it("builds a CSV with a BOM and CRLF", () => {
    expect(toCsv(["Name", "Score"], [["=cmd", 80]])).toBe("\uFEFFName,Score\r\n'=cmd,80\r\n");
  });
});
