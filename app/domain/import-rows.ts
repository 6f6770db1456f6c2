import { parseNewClientInput, type NewClientInput } from "./client-input";
import { ANNIVERSARY_TYPES, COUNTRIES, COUNTRY_LABELS, EMIRATES, EMIRATE_LABELS } from "./client-enums";
import {
  importColumn,
  isSaleField,
  normalizeHeader,
  type ColumnKind,
  type HeaderMapping,
  type ImportField,
} from "./import-columns";
import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";
import { normalizeMobile } from "./mobile";
import { findChoice, type ShopChoice } from "./shop-lists";
import { amountCellText, cellText, sheetDateToIso, type CellValue } from "./spreadsheet-values";

/**
 * One spreadsheet row → one new client, through the same rules as the New Client form
 * (parseNewClientInput). This module only turns spreadsheet forms into the forms those rules take:
 * Excel dates into "YYYY-MM-DD", "United Arab Emirates" into "uae", a team's name (English or Arabic) into its key.
 */

/** Names people write for the enumerated values, keyed like headers (case and punctuation ignored). */
export function lookup(pairs: readonly (readonly [string, string])[]): Map<string, string> {
  return new Map(pairs.map(([name, value]) => [normalizeHeader(name), value]));
}

const COUNTRY_NAMES = lookup([
  ...COUNTRIES.map((c) => [c, c] as const),
  ...COUNTRIES.map((c) => [COUNTRY_LABELS[c], c] as const),
  ["UAE", "uae"],
  ["U.A.E.", "uae"],
  ["Emirates", "uae"],
  ["KSA", "saudi_arabia"],
  ["Saudi", "saudi_arabia"],
  ["RSA", "south_africa"],
]);

const EMIRATE_NAMES = lookup([
  ...EMIRATES.map((e) => [e, e] as const),
  ...EMIRATES.map((e) => [EMIRATE_LABELS[e], e] as const),
  ["AUH", "abu_dhabi"],
  ["DXB", "dubai"],
  ["SHJ", "sharjah"],
  ["RAK", "ras_al_khaimah"],
  ["UAQ", "umm_al_quwain"],
  ["Fujeirah", "fujairah"],
  ["None", "none"],
]);

/**
 * A Team cell: the shop's team it names (its key, or its English or Arabic name, any case and spacing), or
 * "Team A" / "A", the way files written before the teams had names refer to the keys the migration seeded
 * (team_a…); anything else goes through as written, for the client rules to refuse naming the active teams.
 */
export function teamCell(teams: readonly ShopChoice[], value: CellValue): string | undefined {
  const text = cellText(value);
  if (text === undefined) return undefined;
  const row = findChoice(teams, text);
  if (row) return row.key;
  const letter = /^(?:team[\s_-]*)?([a-z])$/i.exec(text.trim())?.[1];
  const byLetter = letter ? teams.find((team) => team.key === `team_${letter.toLowerCase()}`) : undefined;
  return byLetter?.key ?? text;
}

const ANNIVERSARY_NAMES = lookup([
  ...ANNIVERSARY_TYPES.map((a) => [a, a] as const),
  ["Wedding", "Wedding Anniversary"],
  ["Work", "Work Anniversary"],
  ["Business", "Business Anniversary"],
  ["Engagement", "Engagement Anniversary"],
]);

/** Known names become codes; anything else goes through as written, for the rules to refuse with its value shown. */
export function enumerated(names: Map<string, string>, value: CellValue): string | undefined {
  const text = cellText(value);
  if (text === undefined) return undefined;
  return names.get(normalizeHeader(text)) ?? text;
}

const ENUM_NAMES: Partial<Record<ColumnKind, Map<string, string>>> = {
  country: COUNTRY_NAMES,
  emirate: EMIRATE_NAMES,
  anniversaryType: ANNIVERSARY_NAMES,
};

const NO_TEAMS: readonly ShopChoice[] = [];

/** `teams`: the shop's teams (readShopLists), which a Team cell names. */
export type RowReadOptions = {
  date1904?: boolean;
  teams?: readonly ShopChoice[];
};

/** A row with nothing in it (trailing blank lines, spacer rows) is not a client and not an error. */
export function isBlankRow(cells: readonly CellValue[]): boolean {
  return cells.every((c) => cellText(c) === undefined);
}

/**
 * One thing wrong with a row: a message (quoting the file's own header and cell), or English the purchase
 * rows still write as it is (shown isolated, as typed text is).
 */
export type RowProblem = Message | string;

/** `problems` are cells we could not read, keyed by field, in spreadsheet terms. */
type RowFields = { input: Record<string, unknown>; problems: Map<string, Message> };

/** A date cell as "YYYY-MM-DD" (undefined when blank), or the problem in spreadsheet terms. */
export function dateCell(
  field: ImportField,
  value: CellValue,
  mapping: HeaderMapping,
  options: RowReadOptions,
): { ok: true; iso: string | undefined } | { ok: false; problem: Message } {
  const date = sheetDateToIso(value, options.date1904);
  if (date.ok) return { ok: true, iso: date.iso ?? undefined };
  return {
    ok: false,
    problem: message(MESSAGE_CODES.importNotADate, {
      header: headerOf(field, mapping),
      value: shorten(cellText(value) ?? ""),
    }),
  };
}

/** The row's client cells under the client rules' field names, plus the dates we could not read. */
export function rowFields(
  cells: readonly CellValue[],
  mapping: HeaderMapping,
  options: RowReadOptions = {},
): RowFields {
  const input: Record<string, unknown> = {};
  const problems = new Map<string, Message>();
  for (const [field, index] of Object.entries(mapping.columns) as [ImportField, number][]) {
    // A purchase history's sale cells are read by import-purchases.ts.
    if (isSaleField(field)) continue;
    const value = cells[index];
    const column = importColumn(field);
    switch (column.kind) {
      case "date": {
        const date = dateCell(field, value, mapping, options);
        if (date.ok) input[field] = date.iso;
        else problems.set(field, date.problem);
        break;
      }
      case "amount":
        input[field] = amountCellText(value);
        break;
      case "text":
        input[field] = cellText(value);
        break;
      case "team":
        input[field] = teamCell(options.teams ?? NO_TEAMS, value);
        break;
      default:
        input[field] = enumerated(ENUM_NAMES[column.kind]!, value);
    }
  }
  // Zoho's Name field can come split in two columns.
  if (input.fullName === undefined && (input.firstName !== undefined || input.lastName !== undefined)) {
    input.fullName = [input.firstName, input.lastName].filter(Boolean).join(" ");
  }
  delete input.firstName;
  delete input.lastName;
  return { input, problems };
}

/** A field as this spreadsheet's header calls it, for error messages. */
export function headerOf(path: string, mapping: HeaderMapping): string {
  const field = path as ImportField;
  return mapping.headers[field] ?? importColumn(field)?.header ?? path;
}

/** A cell's text as an error message quotes it. */
export function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A refused cell: its header and value as the file has them, then the rule's refusal. */
export function refusedCell(header: string, given: string, said: RowProblem): Message {
  return message(MESSAGE_CODES.importRefusedCell, { header, value: shorten(given), said: asPart(said) });
}

const asPart = (problem: RowProblem): Message =>
  typeof problem === "string" ? message(MESSAGE_CODES.importAsWritten, { text: problem }) : problem;

/**
 * "Row 7: …": the row as the spreadsheet shows it, then what is wrong with it, each part said in the reader's
 * language ("; " between them).
 */
export function rowError(rowNumber: number, problems: readonly RowProblem[]): Message {
  const detail = problems
    .map(asPart)
    .reduce<Message | undefined>(
      (first, next) => (first ? message(MESSAGE_CODES.importProblems, { first, next }) : next),
      undefined,
    );
  return message(MESSAGE_CODES.importRowError, { row: rowNumber, detail: detail ?? "" });
}

/** The client fields a row gives a value (a blank cell reads as undefined or ""). */
function filledFields(input: Record<string, unknown>): string[] {
  return Object.keys(input).filter((name) => input[name] !== undefined && input[name] !== null && input[name] !== "");
}

/** The client cells of a row: the client, or what is wrong (without the "Row N:"), and the name and mobile it gives. */
export type ClientRowCheck =
  | { ok: true; client: NewClientInput; filled: string[] }
  | { ok: false; messages: RowProblem[]; name: string | null; mobile: string | null };

export function checkClientRow(
  cells: readonly CellValue[],
  mapping: HeaderMapping,
  options: RowReadOptions = {},
): ClientRowCheck {
  const { input, problems } = rowFields(cells, mapping, options);
  const parsed = parseNewClientInput(input, options.teams ?? NO_TEAMS);
  // The fields whose cells are not blank: an import that updates a client fills only those.
  if (parsed.ok && problems.size === 0) return { ok: true, client: parsed.value, filled: filledFields(input) };
  const messages: RowProblem[] = [...problems.values()];
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      // An unreadable date was reported above in spreadsheet terms (and "date required" would mislead).
      if (problems.has(issue.path)) continue;
      const given = input[issue.path];
      // "Team is required" names its field; a refused value is shown with its column.
      messages.push(
        typeof given === "string" ? refusedCell(headerOf(issue.path, mapping), given, issue.message) : issue.message,
      );
    }
  }
  const name = typeof input.fullName === "string" && input.fullName.trim() !== "" ? input.fullName.trim() : null;
  const mobile = typeof input.mobileNumber === "string" ? normalizeMobile(input.mobileNumber) || null : null;
  return { ok: false, messages, name, mobile };
}

export type ImportRowResult =
  | { ok: true; client: NewClientInput; filled: string[] }
  | { ok: false; error: Message; name: string | null; mobile: string | null };

/**
 * Validates one data row. `rowNumber` is the row as the spreadsheet shows it (the header is row 1),
 * so an error reads "Row 7: …" and points at the row the user sees in Excel.
 */
export function validateImportRow(
  rowNumber: number,
  cells: readonly CellValue[],
  mapping: HeaderMapping,
  options: RowReadOptions = {},
): ImportRowResult {
  const checked = checkClientRow(cells, mapping, options);
  if (checked.ok) return checked;
  const { messages, name, mobile } = checked;
  return { ok: false, error: rowError(rowNumber, messages), name, mobile };
}
