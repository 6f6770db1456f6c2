import { inflateRawSync } from "node:zlib";
import * as XLSX from "@e965/xlsx";
import { csvRecords } from "~/domain/spreadsheet-csv";
import {
  MAX_XLSX_UNCOMPRESSED_BYTES,
  readZipDirectory,
  zipEntryDataOffset,
  type SpreadsheetType,
} from "~/domain/spreadsheet-file";
import type { CellValue } from "~/domain/spreadsheet-values";
import { IMPORT_FAILURES } from "~/domain/import-report";
import type { Message } from "~/domain/messages";

/**
 * Spreadsheet files in and out, through SheetJS CE (@e965/xlsx, pinned: the npm `xlsx` 0.18.5 has
 * advisories for crafted files, see ../shared/STACK-NOTES.md). Uploaded .xlsx zips are measured
 * before SheetJS unpacks them.
 */

export type SheetRow = { rowNumber: number; cells: CellValue[] };

export type ReadSheet = {
  header: CellValue[];
  /** Data rows after the header, counted with the blank ones, for progress. */
  rowCount: number;
  rows: () => Iterable<SheetRow>;
  date1904: boolean;
};

export type ReadSheetResult = { ok: true; sheet: ReadSheet } | { ok: false; message: Message };

const UNREADABLE = IMPORT_FAILURES.unreadable;
const TOO_BIG_UNPACKED = IMPORT_FAILURES.tooBigUnpacked;

/**
 * Unpacks every entry the way SheetJS will (from its local header to the end of its deflate
 * stream) with a hard output cap, discarding the output. Declared sizes can lie; this cannot.
 */
function checkXlsxZip(bytes: Buffer): Message | null {
  const directory = readZipDirectory(bytes);
  if (!directory.ok)
    return directory.reason.includes("size limit") || directory.reason.includes("parts")
      ? TOO_BIG_UNPACKED
      : UNREADABLE;
  let unpacked = 0;
  for (const entry of directory.entries) {
    const start = zipEntryDataOffset(bytes, entry);
    if (start > bytes.length) return UNREADABLE;
    if (entry.method === 0) {
      unpacked += entry.compressedSize;
    } else if (entry.method === 8) {
      try {
        unpacked += inflateRawSync(bytes.subarray(start), {
          maxOutputLength: Math.max(1, MAX_XLSX_UNCOMPRESSED_BYTES - unpacked),
        }).byteLength;
      } catch (error) {
        return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? TOO_BIG_UNPACKED : UNREADABLE;
      }
    } else {
      return UNREADABLE;
    }
    if (unpacked > MAX_XLSX_UNCOMPRESSED_BYTES) return TOO_BIG_UNPACKED;
  }
  return null;
}

/** CSV text: UTF-8 (with or without BOM), else the Windows-1252 that older Excel versions save. */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const READ_OPTIONS: XLSX.ParsingOptions = {
  dense: true,
  // Only the first sheet is the client list; cell text, styles and formulas are not needed.
  sheets: 0,
  cellDates: false,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  cellText: false,
  bookVBA: false,
};

const NO_ROWS = IMPORT_FAILURES.noRows;

function isBlank(cells: readonly CellValue[]): boolean {
  return cells.every((v) => v === undefined || v === null || String(v).trim() === "");
}

/** The plain values of a dense sheet row (missing cells stay undefined). */
function rowValues(row: XLSX.CellObject[] | undefined): CellValue[] {
  if (!row) return [];
  const cells = new Array<CellValue>(row.length);
  for (let c = 0; c < row.length; c++) cells[c] = row[c]?.v;
  return cells;
}

/** Records of a CSV parsed together: few enough that the parsed cells stay small. */
const CSV_CHUNK_RECORDS = 2000;

/**
 * A CSV is parsed a chunk of records at a time, so memory holds the text and one chunk, not a
 * sheet of every row: the garbage collector then keeps the process small through a 100,000-row file.
 * raw: cells stay text, so "0501234567" keeps its 0 and "03/04/1990" is not read month-first.
 */
function readCsv(text: string): ReadSheetResult {
  const { separator, bounds } = csvRecords(text);
  const recordCount = bounds.length / 2;
  const parseRecords = (from: number, to: number): CellValue[][] => {
    const chunk = text.slice(bounds[from * 2], bounds[(to - 1) * 2 + 1]);
    const book = XLSX.read(chunk, { ...READ_OPTIONS, type: "string", raw: true, FS: separator });
    const data = (book.Sheets[book.SheetNames[0]!] as XLSX.DenseWorkSheet)["!data"] ?? [];
    return Array.from({ length: to - from }, (_, r) => rowValues(data[r]));
  };
  let headerIndex = 0;
  let header: CellValue[] = [];
  for (; headerIndex < recordCount; headerIndex++) {
    header = parseRecords(headerIndex, headerIndex + 1)[0]!;
    if (!isBlank(header)) break;
  }
  if (headerIndex >= recordCount) return { ok: false, message: NO_ROWS };
  return {
    ok: true,
    sheet: {
      header,
      rowCount: recordCount - headerIndex - 1,
      date1904: false,
      *rows() {
        for (let from = headerIndex + 1; from < recordCount; from += CSV_CHUNK_RECORDS) {
          const to = Math.min(recordCount, from + CSV_CHUNK_RECORDS);
          const rows = parseRecords(from, to);
          for (let i = 0; i < rows.length; i++) yield { rowNumber: from + i + 1, cells: rows[i]! };
        }
      },
    },
  };
}

/** The first sheet of an uploaded workbook or CSV, as rows of plain cell values. Its rows can be read once. */
export function readSpreadsheet(bytes: Buffer, type: SpreadsheetType): ReadSheetResult {
  if (type === "csv") {
    try {
      return readCsv(decodeCsv(bytes));
    } catch {
      return { ok: false, message: UNREADABLE };
    }
  }
  if (type === "xlsx") {
    const problem = checkXlsxZip(bytes);
    if (problem) return { ok: false, message: problem };
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { ...READ_OPTIONS, type: "buffer" });
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""];
  if (!sheet || !sheet["!ref"]) return { ok: false, message: NO_ROWS };
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const data = (sheet as XLSX.DenseWorkSheet)["!data"] ?? [];

  // A sheet's declared range can run far past its last row (formatting); the dense data ends at the last cell.
  const lastRow = Math.min(range.e.r, data.length - 1);
  let headerRow = range.s.r;
  while (headerRow <= lastRow && isBlank(rowValues(data[headerRow]))) headerRow++;
  if (headerRow > lastRow) return { ok: false, message: NO_ROWS };

  return {
    ok: true,
    sheet: {
      header: rowValues(data[headerRow]),
      rowCount: lastRow - headerRow,
      date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
      // Each row is released once read, so a big workbook's memory shrinks as the import goes.
      *rows() {
        for (let r = headerRow + 1; r <= lastRow; r++) {
          const cells = rowValues(data[r]);
          data[r] = [];
          yield { rowNumber: r + 1, cells };
        }
      },
    },
  };
}

/** A cell to write: text, or a number shown in an Excel number format ("#,##0.00"). */
export type WorkbookCell = string | { number: number; format: string };

const cellText = (cell: WorkbookCell | undefined) =>
  cell === undefined ? "" : typeof cell === "string" ? cell : cell.number.toFixed(2);

/**
 * An .xlsx of text cells and plain numbers (nothing is a date or formula) with readable column
 * widths: those of the header row's columns (the first row unless `headerRow` says), from the
 * longest cell under it. Lines above the header (a title) run across the columns.
 */
export function writeWorkbook(
  sheets: readonly { name: string; rows: readonly (readonly WorkbookCell[])[]; headerRow?: number }[],
): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const { name, rows, headerRow = 0 } of sheets) {
    const sheet = XLSX.utils.aoa_to_sheet(
      rows.map((row) => row.map((cell) => (typeof cell === "string" ? cell : cell.number))),
    );
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (typeof cell !== "string") (sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject).z = cell.format;
      }),
    );
    const table = rows.slice(headerRow);
    const widths =
      table[0]?.map((_, c) => Math.min(60, Math.max(10, ...table.map((row) => cellText(row[c]).length + 2)))) ?? [];
    sheet["!cols"] = widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(workbook, sheet, name);
  }
  return XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A workbook download with its file name. */
export function spreadsheetResponse(download: { fileName: string; bytes: Buffer }): Response {
  return new Response(new Uint8Array(download.bytes), {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Content-Length": String(download.bytes.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
