import { describe, expect, it } from "vitest";
import { csvRecords } from "./spreadsheet-csv";

const records = (text: string) => {
  const { bounds, separator } = csvRecords(text);
  const out: string[] = [];
  for (let i = 0; i < bounds.length; i += 2) out.push(text.slice(bounds[i], bounds[i + 1]));
  return { separator, out };
};

describe("CSV records", () => {
  it("splits on CRLF, LF and lone CR, keeping empty lines as empty records", () => {
    expect(records("a,b\r\nc,d\ne,f\rg,h").out).toEqual(["a,b", "c,d", "e,f", "g,h"]);
    expect(records("a,b\n\nc,d\n").out).toEqual(["a,b", "", "c,d"]);
  });

  it("keeps line breaks, separators and doubled quotes inside a quoted field", () => {
    expect(records('name,notes\n"Al Mansoori, Aisha","line one\nline ""two"""\nnext,x').out).toEqual([
      "name,notes",
      '"Al Mansoori, Aisha","line one\nline ""two"""',
      "next,x",
    ]);
  });

  it("treats a quote inside an unquoted field as text, as Excel and the parser do", () => {
    expect(records("name,height\nSam 5'10\",x\nnext,y").out).toEqual(["name,height", "Sam 5'10\",x", "next,y"]);
  });

  it("finds the separator: semicolons, tabs, or Excel's sep= line", () => {
    expect(records("Name;Mobile;Team\nA;1;x").separator).toBe(";");
    expect(records("Name\tMobile\nA\t1").separator).toBe("\t");
    expect(records("Name,Mobile\nA,1").separator).toBe(",");
    expect(records("sep=;\r\nName;Mobile, no\nA;1")).toEqual({ separator: ";", out: ["Name;Mobile, no", "A;1"] });
  });
});
