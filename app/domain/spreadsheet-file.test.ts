import { describe, expect, it } from "vitest";
import {
  MAX_XLSX_ENTRIES,
  MAX_XLSX_UNCOMPRESSED_BYTES,
  readZipDirectory,
  sniffSpreadsheetType,
  spreadsheetTypeOfName,
  zipEntryDataOffset,
} from "./spreadsheet-file";

/** A stored (uncompressed) zip whose directory may claim other sizes than the data has. */
function zip(entries: { name: string; data: Uint8Array; claimedSize?: number }[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = new TextEncoder().encode(e.name);
    const local = new Uint8Array(30 + name.length + e.data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.claimedSize ?? e.data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    local.set(e.data, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint32(20, e.data.length, true);
    cv.setUint32(24, e.claimedSize ?? e.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + directorySize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const text = (s: string) => new TextEncoder().encode(s);
const OLE2 = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);

describe("file type by name and content", () => {
  it("knows the three extensions, in any case", () => {
    expect(spreadsheetTypeOfName("Clients.XLSX")).toBe("xlsx");
    expect(spreadsheetTypeOfName("old.xls")).toBe("xls");
    expect(spreadsheetTypeOfName("export.csv")).toBe("csv");
    expect(spreadsheetTypeOfName("notes.txt")).toBeNull();
    expect(spreadsheetTypeOfName("csv")).toBeNull();
  });

  it("accepts a file only when its bytes match its extension", () => {
    const xlsx = zip([{ name: "[Content_Types].xml", data: text("<Types/>") }]);
    expect(sniffSpreadsheetType("a.xlsx", xlsx)).toBe("xlsx");
    expect(sniffSpreadsheetType("a.xls", OLE2)).toBe("xls");
    expect(sniffSpreadsheetType("a.csv", text("Name,Mobile\r\nAisha,0501234567\r\n"))).toBe("csv");
  });

  it("refuses a renamed text file, a zip posing as CSV, binary CSV and an empty file", () => {
    expect(sniffSpreadsheetType("a.xlsx", text("Name,Mobile"))).toBeNull();
    expect(sniffSpreadsheetType("a.xls", text("Name,Mobile"))).toBeNull();
    expect(sniffSpreadsheetType("a.xls", zip([{ name: "x", data: text("x") }]))).toBeNull();
    expect(sniffSpreadsheetType("a.csv", zip([{ name: "x", data: text("x") }]))).toBeNull();
    expect(sniffSpreadsheetType("a.csv", new Uint8Array([0x4e, 0x00, 0x61]))).toBeNull();
    expect(sniffSpreadsheetType("a.csv", new Uint8Array())).toBeNull();
    expect(sniffSpreadsheetType("a.txt", text("Name,Mobile"))).toBeNull();
  });
});

describe("zip directory caps", () => {
  it("lists the entries with their sizes and where their data starts", () => {
    const bytes = zip([
      { name: "a.xml", data: text("hello") },
      { name: "b.xml", data: text("world!") },
    ]);
    const dir = readZipDirectory(bytes);
    expect(dir.ok).toBe(true);
    if (!dir.ok) return;
    expect(dir.entries.map((e) => [e.name, e.uncompressedSize])).toEqual([
      ["a.xml", 5],
      ["b.xml", 6],
    ]);
    expect(dir.declaredUncompressed).toBe(11);
    const second = dir.entries[1]!;
    const start = zipEntryDataOffset(bytes, second);
    expect(new TextDecoder().decode(bytes.subarray(start, start + 6))).toBe("world!");
  });

  it("refuses a zip that claims to unpack past the cap", () => {
    const half = MAX_XLSX_UNCOMPRESSED_BYTES / 2 + 1;
    const dir = readZipDirectory(
      zip([
        { name: "a", data: text("x"), claimedSize: half },
        { name: "b", data: text("y"), claimedSize: half },
      ]),
    );
    expect(dir).toEqual({ ok: false, reason: "unpacks to more than the size limit" });
  });

  it("refuses a zip of too many entries", () => {
    const many = Array.from({ length: MAX_XLSX_ENTRIES + 1 }, (_, i) => ({ name: `f${i}`, data: text("") }));
    expect(readZipDirectory(zip(many))).toEqual({ ok: false, reason: `more than ${MAX_XLSX_ENTRIES} parts` });
  });

  it("refuses bytes that are not a zip", () => {
    expect(readZipDirectory(text("Name,Mobile\r\n".repeat(10))).ok).toBe(false);
  });
});
