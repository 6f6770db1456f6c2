import { describe, expect, it } from "vitest";
import { columnLetters, sheetRowXml, sheetStartXml, spreadsheetDay, workbookPartsXml, xmlText } from "./xlsx-xml";

describe("sheet XML", () => {
  it("names columns as a spreadsheet does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });

  it("escapes markup and drops the characters XML cannot hold", () => {
    expect(xmlText(`<b>"Tom" & Jerry</b>`)).toBe("&lt;b&gt;&quot;Tom&quot; &amp; Jerry&lt;/b&gt;");
    expect(xmlText("a\u0000b\u0007c\u001Fd\tline\nnext")).toBe("abcd\tline\nnext");
    expect(xmlText("lone \uD800 surrogate, pair \uD83D\uDC8D kept")).toBe("lone  surrogate, pair \uD83D\uDC8D kept");
  });

  it("counts days from 30 December 1899", () => {
    expect(spreadsheetDay("1900-03-01")).toBe(61);
    expect(spreadsheetDay("2026-11-25")).toBe(46351);
  });

  it("writes text neutralised, amounts exactly and days as dates", () => {
    const row = sheetRowXml(2, [
      { text: '=HYPERLINK("http://x")' },
      { amount: "12500.05" },
      { day: "1990-03-15" },
      null,
      { text: "" },
      { text: "Aisha & Co" },
    ]);
    expect(row).toBe(
      '<row r="2">' +
        '<c r="A2" t="inlineStr"><is><t xml:space="preserve">\'=HYPERLINK(&quot;http://x&quot;)</t></is></c>' +
        '<c r="B2" s="1"><v>12500.05</v></c>' +
        `<c r="C2" s="2"><v>${spreadsheetDay("1990-03-15")}</v></c>` +
        '<c r="F2" t="inlineStr"><is><t xml:space="preserve">Aisha &amp; Co</t></is></c>' +
        "</row>",
    );
  });

  it("writes a day before March 1900 as text, where the 1900 system miscounts", () => {
    expect(sheetRowXml(3, [{ day: "1899-05-01" }])).toContain('<t xml:space="preserve">1899-05-01</t>');
  });

  it("writes an amount that is not a plain decimal as text", () => {
    expect(sheetRowXml(2, [{ amount: "1e5" }])).toContain('t="inlineStr"');
  });

  it("starts the sheet with a bold, frozen header row and names the sheet in the workbook", () => {
    const start = sheetStartXml(["Full Name", "=Total"]);
    expect(start).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(start).toContain('<c r="A1" s="3" t="inlineStr"><is><t xml:space="preserve">Full Name</t></is></c>');
    expect(start).toContain("'=Total");
    const workbook = workbookPartsXml("Clients").find((p) => p.path === "xl/workbook.xml")!;
    expect(workbook.xml).toContain('<sheet name="Clients" sheetId="1" r:id="rId1"/>');
  });
});
