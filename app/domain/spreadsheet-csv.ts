/**
 * Where each record of a CSV text starts and ends, so a big file can be handed to the spreadsheet
 * parser a few thousand rows at a time instead of as one 100,000-row sheet held in memory.
 * Quoting follows the parser's own rule: a field that starts with a quote runs to its closing
 * quote ("" inside is a quote), so line breaks inside it do not end the record.
 */

export type CsvRecords = {
  separator: string;
  /** Flat [start, end) pairs into the text, one pair per record (an empty line is an empty record). */
  bounds: number[];
};

const CANDIDATE_SEPARATORS = [",", ";", "\t", "|"];

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The field separator: Excel's "sep=;" first line when present, else whichever of , ; tab |
 * appears most in the first line (comma on a tie), as semicolon CSVs from European Excel need.
 */
function detectSeparator(text: string): { separator: string; bodyStart: number } {
  const sepLine = /^sep=(.)(\r\n|\r|\n)/.exec(text);
  if (sepLine) return { separator: sepLine[1]!, bodyStart: sepLine[0].length };
  const firstLine = text.slice(0, 4096).split(/\r\n|\r|\n/, 1)[0] ?? "";
  let best = ",";
  let bestCount = 0;
  for (const candidate of CANDIDATE_SEPARATORS) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return { separator: best, bodyStart: 0 };
}

export function csvRecords(text: string): CsvRecords & { bodyStart: number } {
  const { separator, bodyStart } = detectSeparator(text);
  const sep = separator.charCodeAt(0);
  const bounds: number[] = [];
  let recordStart = bodyStart;
  let fieldStart = true;
  let quoted = false;
  let inQuotes = false;
  for (let i = bodyStart; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (fieldStart) {
      quoted = c === QUOTE;
      fieldStart = false;
    }
    if (c === QUOTE) {
      if (quoted) inQuotes = !inQuotes;
    } else if (inQuotes) {
      continue;
    } else if (c === sep) {
      fieldStart = true;
    } else if (c === LF || c === CR) {
      bounds.push(recordStart, i);
      if (c === CR && text.charCodeAt(i + 1) === LF) i++;
      recordStart = i + 1;
      fieldStart = true;
    }
  }
  if (recordStart < text.length) bounds.push(recordStart, text.length);
  return { separator, bounds, bodyStart };
}
