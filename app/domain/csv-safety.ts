/**
 * Spreadsheet formula injection: a cell starting with =, +, -, @ (or their full-width forms), tab
 * or carriage return can run as a formula when a CSV or workbook is opened in Excel. A spreadsheet
 * may also split a field on a separator of its own locale (`;` where the decimal mark is a comma,
 * tab, `|`), so a formula may start after any separator inside a field too: `x;=cmd|' /C calc'!A0`.
 * Every such start gets an apostrophe, which Excel shows as text, and every CSV field is quoted.
 * The one rule of every export (leads CSV, skipped clients workbook).
 */
const FORMULA_START = /(^|[,;\t\r\n|])([ \t]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r])/g;

export function neutralizeCell(value: string): string {
  return value.replace(FORMULA_START, "$1$2'");
}

/** One CSV field: neutralised and always quoted, so no separator inside it splits it. */
export function csvField(value: string | number | null | undefined): string {
  const text = neutralizeCell(value === null || value === undefined ? "" : String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

/** Every cell of an exported table neutralised (for workbooks, whose cells are not quoted). */
export function neutralizeRows(rows: readonly (readonly string[])[]): string[][] {
  return rows.map((row) => row.map(neutralizeCell));
}

/** CSV text with CRLF line ends (what Excel expects) and a BOM so Arabic names open correctly. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return "\uFEFF" + [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
