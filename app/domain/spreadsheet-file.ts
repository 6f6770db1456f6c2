/**
 * What an uploaded spreadsheet is, judged by its name AND its first bytes (a renamed .txt or .exe
 * is refused), and the limits that keep a small upload from becoming a large job.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "10 MB";

/**
 * An .xlsx is a zip: 10 MB of deflated XML can expand to gigabytes. A 10 MB workbook of real client
 * rows unpacks to well under this; more means a zip bomb or a file we should not hold in memory.
 */
export const MAX_XLSX_UNCOMPRESSED_BYTES = 160 * 1024 * 1024;
/** A workbook has a few dozen parts; thousands of tiny entries are another way to exhaust the parser. */
export const MAX_XLSX_ENTRIES = 1000;

export const SPREADSHEET_TYPES = ["xlsx", "xls", "csv"] as const;
export type SpreadsheetType = (typeof SPREADSHEET_TYPES)[number];

export const INVALID_FILE_TYPE = {
  title: "Invalid File Type",
  description: "Please select an Excel (.xlsx, .xls) or CSV file",
} as const;
export const INVALID_FILE_TYPE_MESSAGE = `${INVALID_FILE_TYPE.title}: ${INVALID_FILE_TYPE.description}`;
export const FILE_TOO_LARGE_MESSAGE = `File Too Large: the limit is ${MAX_UPLOAD_LABEL}. Split the file and import the parts.`;

/** The `accept` attribute of the file inputs (a hint to the picker; the server decides). */
export const SPREADSHEET_ACCEPT =
  ".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv";

export function spreadsheetTypeOfName(fileName: string): SpreadsheetType | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return (SPREADSHEET_TYPES as readonly string[]).includes(ext ?? "") ? (ext as SpreadsheetType) : null;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The type only when the extension and the content agree: xlsx = zip, xls = OLE2, csv = text without NUL bytes. */
export function sniffSpreadsheetType(fileName: string, bytes: Uint8Array): SpreadsheetType | null {
  const byName = spreadsheetTypeOfName(fileName);
  if (byName === "xlsx") return startsWith(bytes, ZIP_MAGIC) ? "xlsx" : null;
  if (byName === "xls") return startsWith(bytes, OLE2_MAGIC) ? "xls" : null;
  if (byName === "csv") return bytes.length > 0 && !bytes.includes(0) && !startsWith(bytes, ZIP_MAGIC) ? "csv" : null;
  return null;
}

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};
export type ZipDirectory =
  { ok: true; entries: ZipEntry[]; declaredUncompressed: number } | { ok: false; reason: string };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/**
 * Reads a zip's central directory without unpacking anything, and applies the entry-count and
 * declared-size caps. The end record is found the way SheetJS finds it (the last one in the file),
 * so we judge the same directory the parser will read. ZIP64 is refused: no 10 MB workbook needs it.
 */
export function readZipDirectory(bytes: Uint8Array): ZipDirectory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: "not a zip file" };
  const count = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff)
    return { ok: false, reason: "ZIP64 archives are not supported" };
  if (count > MAX_XLSX_ENTRIES) return { ok: false, reason: `more than ${MAX_XLSX_ENTRIES} parts` };

  const entries: ZipEntry[] = [];
  let declaredUncompressed = 0;
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE)
      return { ok: false, reason: "damaged zip directory" };
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      return { ok: false, reason: "ZIP64 archives are not supported" };
    }
    if (localHeaderOffset + 30 > bytes.length) return { ok: false, reason: "damaged zip directory" };
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    declaredUncompressed += uncompressedSize;
    if (declaredUncompressed > MAX_XLSX_UNCOMPRESSED_BYTES)
      return { ok: false, reason: "unpacks to more than the size limit" };
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries, declaredUncompressed };
}

/** Where an entry's data starts: after its local header, whose name and extra lengths may differ from the directory's. */
export function zipEntryDataOffset(bytes: Uint8Array, entry: ZipEntry): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  return at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
}
