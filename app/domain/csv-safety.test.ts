import { describe, expect, it } from "vitest";
import { csvField, neutralizeCell, neutralizeRows, toCsv } from "./csv-safety";

describe("formula neutralisation", () => {
  it.each(["=1+1", "+971", "-5", "@SUM(A1)", "\tx", "\rx", "＝1+1", " =1+1"])("neutralises %j", (cell) => {
    expect(neutralizeCell(cell)).toMatch(/^ ?'/);
    expect(neutralizeCell(cell).replace("'", "")).toBe(cell);
  });

  it.each([
    ["x;=cmd|' /C calc'!A0", "x;'=cmd|' /C calc'!A0"],
    ["x,=1+1", "x,'=1+1"],
    ["x\t@SUM(A1)", "x\t'@SUM(A1)"],
    ["line one\n+971 50", "line one\n'+971 50"],
    ["a|-2", "a|'-2"],
    ["a; =1", "a; '=1"],
    ["=a;=b", "'=a;'=b"],
  ])("neutralises a formula after a separator: %j", (cell, safe) => {
    expect(neutralizeCell(cell)).toBe(safe);
  });

  it("leaves ordinary text alone", () => {
    expect(neutralizeCell("Aisha Khan")).toBe("Aisha Khan");
    expect(neutralizeCell("971501234567")).toBe("971501234567");
    expect(neutralizeCell("Al-Hashimi, 22K gold; A+ client")).toBe("Al-Hashimi, 22K gold; A+ client");
  });

  it("neutralises every cell of a workbook table", () => {
    expect(
      neutralizeRows([
        ["Name", "=1"],
        ["x;@y", "ok"],
      ]),
    ).toEqual([
      ["Name", "'=1"],
      ["x;'@y", "ok"],
    ]);
  });
});

describe("CSV quoting", () => {
  it("quotes every field, doubling quotes inside", () => {
    expect(csvField('Gold, "22k"')).toBe('"Gold, ""22k"""');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("Aisha")).toBe('"Aisha"');
    expect(csvField(80)).toBe('"80"');
    expect(csvField(null)).toBe('""');
  });

  it("keeps a semicolon-separated formula inside its quoted, neutralised field", () => {
    expect(csvField("x;=cmd|' /C calc'!A0")).toBe(`"x;'=cmd|' /C calc'!A0"`);
  });

  it("builds a CSV with a BOM and CRLF", () => {
    expect(toCsv(["Name", "Score"], [["=cmd", 80]])).toBe('\uFEFF"Name","Score"\r\n"\'=cmd","80"\r\n');
  });
});
