import { dateFromIso, type IsoDate } from "./calendar";
import { neutralizeCell } from "./csv-safety";

/**
 * The XML of a one-sheet .xlsx workbook written row by row (the client book's export streams it
 * into a zip, app/services/xlsx-stream.server.ts). Text cells are inline strings, neutralised
 * like every export's (app/domain/csv-safety.ts); amounts and days are real numbers and dates,
 * so a spreadsheet sums and sorts them.
 */

/** One cell: text, an amount (a decimal string such as "12500.50"), a calendar day, or empty. */
export type SheetCell = { text: string } | { amount: string } | { day: IsoDate } | null;

const NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NS_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles of STYLES_XML's cellXfs, by position. */
const STYLE = { amount: 1, day: 2, header: 3 } as const;

/**
 * Characters XML 1.0 cannot hold (most control characters, lone surrogates, U+FFFE/U+FFFF): a
 * spreadsheet refuses the whole file over one of them, so they are dropped.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the control characters are what it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Anything xmlText changes (most cells have none, and are returned as they are). */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const NEEDS_ESCAPING = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function xmlText(value: string): string {
  if (!NEEDS_ESCAPING.test(value)) return value;
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Spreadsheet day numbers count from 1899-12-30 (1900 date system). */
const EPOCH_MS = Date.UTC(1899, 11, 30);
/** Before 1 March 1900 the 1900 date system is off by a day (its phantom 29 February 1900). */
const FIRST_EXACT_DAY = "1900-03-01";

export function spreadsheetDay(day: IsoDate): number {
  return Math.round((dateFromIso(day).getTime() - EPOCH_MS) / 86_400_000);
}

const DECIMAL = /^-?\d{1,15}(\.\d{1,2})?$/;

function inlineText(ref: string, text: string, style?: number): string {
  const s = style === undefined ? "" : ` s="${style}"`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(neutralizeCell(text))}</t></is></c>`;
}

function cellXml(ref: string, cell: SheetCell): string {
  if (cell === null) return "";
  if ("text" in cell) return cell.text === "" ? "" : inlineText(ref, cell.text);
  // The decimal text as it is: exact, never through a float.
  if ("amount" in cell) {
    return DECIMAL.test(cell.amount)
      ? `<c r="${ref}" s="${STYLE.amount}"><v>${cell.amount}</v></c>`
      : inlineText(ref, cell.amount);
  }
  if (cell.day < FIRST_EXACT_DAY) return inlineText(ref, cell.day);
  return `<c r="${ref}" s="${STYLE.day}"><v>${spreadsheetDay(cell.day)}</v></c>`;
}

/** The first columns' letters, worked out once: a row of the export is written 100,000 times. */
const LETTERS = Array.from({ length: 64 }, (_, i) => columnLetters(i));

/** One `<row>` of the sheet; `rowNumber` counts from 1 (the header row). */
export function sheetRowXml(rowNumber: number, cells: readonly SheetCell[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(`${LETTERS[i] ?? columnLetters(i)}${rowNumber}`, cells[i]!);
  return `${xml}</row>`;
}

/** The sheet up to its first data row: the header row in bold, frozen at the top. */
export function sheetStartXml(headers: readonly string[]): string {
  const header = headers.map((h, i) => inlineText(`${columnLetters(i)}1`, h, STYLE.header)).join("");
  return (
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols><col min="1" max="${Math.max(1, headers.length)}" width="20" customWidth="1"/></cols>` +
    `<sheetData><row r="1">${header}</row>`
  );
}

export const SHEET_END_XML = "</sheetData></worksheet>";

const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  "</styleSheet>";

/** The workbook's parts other than the sheet, by their path in the zip; the sheet is SHEET_PATH. */
export const SHEET_PATH = "xl/worksheets/sheet1.xml";

export function workbookPartsXml(sheetName: string): { path: string; xml: string }[] {
  return [
    {
      path: "[Content_Types].xml",
      xml:
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        `<Override PartName="/${SHEET_PATH}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        "</Types>",
    },
    {
      path: "_rels/.rels",
      xml:
        `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
        `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      path: "xl/workbook.xml",
      xml:
        `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
        `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      path: "xl/_rels/workbook.xml.rels",
      xml:
        `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
        `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    { path: "xl/styles.xml", xml: STYLES_XML },
  ];
}
