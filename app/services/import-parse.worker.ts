// Runs in a worker thread (started by import-parse.server.ts): parses uploaded spreadsheets off the
// request thread, one at a time, and hands each one's rows over a chunk at a time, each when the
// import asks for it, read as the import asks (~/domain/import-reading): the worker checks the next
// rows while the import writes the last ones. Once a file's last rows are handed over, the worker
// waits for the next file.
import { parentPort } from "node:worker_threads";
import { readImportRow, type ReadRow, type RowReading } from "~/domain/import-reading";
import type { SpreadsheetType } from "~/domain/spreadsheet-file";
import type { CellValue } from "~/domain/spreadsheet-values";
import type { Message } from "~/domain/messages";
import { readSpreadsheet, type SheetRow } from "./import-spreadsheet.server";

/**
 * What the import sends: a file to parse (its bytes transferred to the worker), or "next" for more
 * rows, read as `reading` says.
 */
export type ParseRequest =
  { kind: "parse"; bytes: Uint8Array; type: SpreadsheetType } | { kind: "next"; reading: RowReading };
export type ParseMessage =
  | { kind: "opened"; ok: false; message: Message }
  | { kind: "opened"; ok: true; header: CellValue[]; rowCount: number }
  | { kind: "rows"; rows: ReadRow[]; done: boolean };

/** Rows per message: small enough that the import's memory holds one chunk, big enough to be cheap. */
const CHUNK_ROWS = 1000;

const port = parentPort!;
/** The file being handed over; null between files, so a parsed file is not held on to. */
let file: { rows: Iterator<SheetRow>; date1904: boolean } | null = null;

function open(bytes: Uint8Array, type: SpreadsheetType): ParseMessage {
  const read = readSpreadsheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type);
  if (!read.ok) return { kind: "opened", ok: false, message: read.message };
  const { header, rowCount, date1904 } = read.sheet;
  file = { rows: read.sheet.rows()[Symbol.iterator](), date1904 };
  return { kind: "opened", ok: true, header, rowCount };
}

function nextChunk(reading: RowReading): ParseMessage {
  const chunk: ReadRow[] = [];
  const options = { date1904: file?.date1904 };
  let next = file?.rows.next() ?? { done: true as const, value: undefined };
  while (!next.done) {
    chunk.push(readImportRow(reading, next.value.rowNumber, next.value.cells, options));
    if (chunk.length >= CHUNK_ROWS) break;
    next = file!.rows.next();
  }
  if (next.done) file = null;
  return { kind: "rows", rows: chunk, done: Boolean(next.done) };
}

port.on("message", (request: ParseRequest) => {
  port.postMessage(request.kind === "parse" ? open(request.bytes, request.type) : nextChunk(request.reading));
});
