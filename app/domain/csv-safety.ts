/**
 * Spreadsheet formula injection: a cell starting with =, +, -, @, tab or carriage return can run
 * as a formula when a CSV or workbook is opened in Excel. Such cells get a leading apostrophe,
 * which Excel shows as text. Used by every export (skipped clients, leads).
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised, and quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null | undefined): string {
  const text = neutralizeCell(value === null || value === undefined ? "" : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with CRLF line ends (what Excel expects) and a BOM so Arabic names open correctly. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return "\uFEFF" + [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
