// Runs in a worker thread (started by import-parse.server.ts): parses one uploaded spreadsheet off
// the request thread, then hands its rows over a chunk at a time, each when the import asks for it.
import { parentPort, workerData } from "node:worker_threads";
import type { SpreadsheetType } from "~/domain/spreadsheet-file";
import type { CellValue } from "~/domain/spreadsheet-values";
import { readSpreadsheet, type SheetRow } from "./import-spreadsheet.server";

export type ParseRequest = { bytes: Uint8Array; type: SpreadsheetType };
export type ParseMessage =
  | { kind: "opened"; ok: false; message: string }
  | { kind: "opened"; ok: true; header: CellValue[]; rowCount: number; date1904: boolean }
  | { kind: "rows"; rows: SheetRow[]; done: boolean };

/** Rows per message: small enough that the import's memory holds one chunk, big enough to be cheap. */
const CHUNK_ROWS = 1000;

const port = parentPort!;
const { bytes, type } = workerData as ParseRequest;
const read = readSpreadsheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type);
if (!read.ok) {
  port.postMessage({ kind: "opened", ok: false, message: read.message } satisfies ParseMessage);
} else {
  const { header, rowCount, date1904 } = read.sheet;
  const rows = read.sheet.rows()[Symbol.iterator]();
  port.postMessage({ kind: "opened", ok: true, header, rowCount, date1904 } satisfies ParseMessage);
  port.on("message", () => {
    const chunk: SheetRow[] = [];
    let next = rows.next();
    while (!next.done) {
      chunk.push(next.value);
      if (chunk.length >= CHUNK_ROWS) break;
      next = rows.next();
    }
    port.postMessage({ kind: "rows", rows: chunk, done: Boolean(next.done) } satisfies ParseMessage);
  });
}
