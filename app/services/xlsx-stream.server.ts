import { Readable, pipeline } from "node:stream";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import {
  SHEET_END_XML,
  SHEET_PATH,
  sheetRowXml,
  sheetStartXml,
  workbookPartsXml,
  type SheetCell,
} from "~/domain/xlsx-xml";

/**
 * A one-sheet .xlsx written as it is read: the sheet's XML is deflated into the zip a batch of
 * rows at a time, so a workbook of 100,000 rows never sits in memory (SheetJS, which the imports
 * use, builds the whole workbook first). The zip is the plain kind every spreadsheet opens: the
 * sheet's entry gives its checksum and sizes after its data (a data descriptor), the directory
 * comes last. Zip64 is not written: the parts must stay under 4 GB (a sheet of 100,000 clients is
 * about 60 MB of XML).
 */

const LIMIT_4GB = 0xffffffff;
/** General purpose flags: names are UTF-8 (bit 11); sizes follow the data (bit 3). */
const UTF8 = 0x0800;
const DESCRIPTOR = 0x0008;
const DEFLATE = 8;
const VERSION = 20;

type Entry = { name: Buffer; flags: number; crc: number; compressed: number; size: number; offset: number };

/** MS-DOS time and date, as zip headers store them. */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function localHeader(entry: Entry, when: { time: number; date: number }): Buffer {
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(VERSION, 4);
  head.writeUInt16LE(entry.flags, 6);
  head.writeUInt16LE(DEFLATE, 8);
  head.writeUInt16LE(when.time, 10);
  head.writeUInt16LE(when.date, 12);
  // With a data descriptor these three are zero here and given after the data.
  head.writeUInt32LE(entry.crc, 14);
  head.writeUInt32LE(entry.compressed, 18);
  head.writeUInt32LE(entry.size, 22);
  head.writeUInt16LE(entry.name.length, 26);
  head.writeUInt16LE(0, 28);
  return Buffer.concat([head, entry.name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(entry.crc, 4);
  d.writeUInt32LE(entry.compressed, 8);
  d.writeUInt32LE(entry.size, 12);
  return d;
}

function directoryRecord(entry: Entry, when: { time: number; date: number }): Buffer {
  const r = Buffer.alloc(46);
  r.writeUInt32LE(0x02014b50, 0);
  r.writeUInt16LE(VERSION, 4);
  r.writeUInt16LE(VERSION, 6);
  r.writeUInt16LE(entry.flags, 8);
  r.writeUInt16LE(DEFLATE, 10);
  r.writeUInt16LE(when.time, 12);
  r.writeUInt16LE(when.date, 14);
  r.writeUInt32LE(entry.crc, 16);
  r.writeUInt32LE(entry.compressed, 20);
  r.writeUInt32LE(entry.size, 24);
  r.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number, attributes: none.
  r.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([r, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const e = Buffer.alloc(22);
  e.writeUInt32LE(0x06054b50, 0);
  e.writeUInt16LE(count, 8);
  e.writeUInt16LE(count, 10);
  e.writeUInt32LE(size, 12);
  e.writeUInt32LE(offset, 16);
  return e;
}

function checkSize(n: number): number {
  if (n > LIMIT_4GB) throw new Error("The workbook is larger than a zip without Zip64 can hold");
  return n;
}

/** Deflates the chunks as they come, counting what went in (checksum, size) for the entry's descriptor. */
async function* deflating(chunks: AsyncIterable<Buffer>, entry: Entry): AsyncGenerator<Buffer> {
  async function* counted() {
    for await (const chunk of chunks) {
      entry.crc = crc32(chunk, entry.crc);
      entry.size = checkSize(entry.size + chunk.length);
      yield chunk;
    }
  }
  const deflate = createDeflateRaw();
  // One chunk (a batch of rows) waits ahead of the deflater, not sixteen. pipeline ends both on an
  // error or an early stop, and the loop below then throws or returns.
  pipeline(Readable.from(counted(), { highWaterMark: 1 }), deflate, () => undefined);
  for await (const part of deflate as AsyncIterable<Buffer>) {
    entry.compressed = checkSize(entry.compressed + part.length);
    yield part;
  }
}

/** The sheet's XML: its start with the header row, then each batch of rows as one chunk. */
async function* sheetXml(headers: readonly string[], batches: AsyncIterable<SheetCell[][]>): AsyncGenerator<Buffer> {
  yield Buffer.from(sheetStartXml(headers));
  let rowNumber = 1;
  for await (const batch of batches) {
    yield Buffer.from(batch.map((cells) => sheetRowXml(++rowNumber, cells)).join(""));
  }
  yield Buffer.from(SHEET_END_XML);
}

/** The .xlsx file's bytes, chunk by chunk, as `batches` of rows arrive. */
export async function* xlsxChunks(
  sheetName: string,
  headers: readonly string[],
  batches: AsyncIterable<SheetCell[][]>,
  now: Date = new Date(),
): AsyncGenerator<Buffer> {
  const when = dosDateTime(now);
  const entries: Entry[] = [];
  let offset = 0;
  const emit = (bytes: Buffer) => {
    offset = checkSize(offset + bytes.length);
    return bytes;
  };
  for (const part of workbookPartsXml(sheetName)) {
    const data = Buffer.from(part.xml);
    const packed = deflateRawSync(data);
    const entry: Entry = {
      name: Buffer.from(part.path),
      flags: UTF8,
      crc: crc32(data),
      compressed: packed.length,
      size: data.length,
      offset,
    };
    entries.push(entry);
    yield emit(localHeader(entry, when));
    yield emit(packed);
  }
  const sheet: Entry = {
    name: Buffer.from(SHEET_PATH),
    flags: UTF8 | DESCRIPTOR,
    crc: 0,
    compressed: 0,
    size: 0,
    offset,
  };
  entries.push(sheet);
  yield emit(localHeader(sheet, when));
  for await (const part of deflating(sheetXml(headers, batches), sheet)) yield emit(part);
  yield emit(dataDescriptor(sheet));
  const directory = Buffer.concat(entries.map((e) => directoryRecord(e, when)));
  const directoryOffset = offset;
  yield emit(directory);
  yield endOfDirectory(entries.length, directory.length, directoryOffset);
}
