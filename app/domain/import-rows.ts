import { parseNewClientInput, type NewClientInput } from "./client-input";
import {
  ANNIVERSARY_TYPES,
  COUNTRIES,
  COUNTRY_LABELS,
  EMIRATES,
  EMIRATE_LABELS,
  TEAMS,
  TEAM_LABELS,
} from "./client-enums";
import { importColumn, normalizeHeader, type ColumnKind, type HeaderMapping, type ImportField } from "./import-columns";
import { normalizeMobile } from "./mobile";
import { amountCellText, cellText, sheetDateToIso, type CellValue } from "./spreadsheet-values";

/**
 * One spreadsheet row → one new client, through the same rules as the New Client form
 * (parseNewClientInput). This module only turns spreadsheet forms into the forms those rules take:
 * Excel dates into "YYYY-MM-DD", "United Arab Emirates" into "uae", "Team A" into "team_a".
 */

/** Names people write for the enumerated values, keyed like headers (case and punctuation ignored). */
function lookup(pairs: readonly (readonly [string, string])[]): Map<string, string> {
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

const TEAM_NAMES = lookup([
  ...TEAMS.map((t) => [t, t] as const),
  ...TEAMS.map((t) => [TEAM_LABELS[t], t] as const),
  ...TEAMS.map((t) => [`Team ${t.slice(-1)}`, t] as const),
  ...TEAMS.map((t) => [t.slice(-1), t] as const),
  ["Full Selection", "team_a"],
  ["Luxury", "team_a"],
  ["Mixed", "team_c"],
]);

const ANNIVERSARY_NAMES = lookup([
  ...ANNIVERSARY_TYPES.map((a) => [a, a] as const),
  ["Wedding", "Wedding Anniversary"],
  ["Work", "Work Anniversary"],
  ["Business", "Business Anniversary"],
  ["Engagement", "Engagement Anniversary"],
]);

/** Known names become codes; anything else goes through as written, for the client rules to refuse with its value shown. */
function enumerated(names: Map<string, string>, value: CellValue): string | undefined {
  const text = cellText(value);
  if (text === undefined) return undefined;
  return names.get(normalizeHeader(text)) ?? text;
}

const ENUM_NAMES: Partial<Record<ColumnKind, Map<string, string>>> = {
  country: COUNTRY_NAMES,
  emirate: EMIRATE_NAMES,
  team: TEAM_NAMES,
  anniversaryType: ANNIVERSARY_NAMES,
};

export type RowReadOptions = { date1904?: boolean };

/** A row with nothing in it (trailing blank lines, spacer rows) is not a client and not an error. */
export function isBlankRow(cells: readonly CellValue[]): boolean {
  return cells.every((c) => cellText(c) === undefined);
}

/** `problems` are cells we could not read, keyed by field, in spreadsheet terms. */
type RowFields = { input: Record<string, unknown>; problems: Map<string, string> };

/** The row's cells under the client rules' field names, plus the dates we could not read. */
export function rowFields(
  cells: readonly CellValue[],
  mapping: HeaderMapping,
  options: RowReadOptions = {},
): RowFields {
  const input: Record<string, unknown> = {};
  const problems = new Map<string, string>();
  for (const [field, index] of Object.entries(mapping.columns) as [ImportField, number][]) {
    const value = cells[index];
    const column = importColumn(field);
    switch (column.kind) {
      case "date": {
        const date = sheetDateToIso(value, options.date1904);
        if (date.ok) input[field] = date.iso ?? undefined;
        else
          problems.set(
            field,
            `${mapping.headers[field] ?? column.header} "${shorten(cellText(value) ?? "")}" is not a date (use dd/mm/yyyy)`,
          );
        break;
      }
      case "amount":
        input[field] = amountCellText(value);
        break;
      case "text":
        input[field] = cellText(value);
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

/** A client rules' field as this spreadsheet's header calls it, for error messages. */
function headerOf(path: string, mapping: HeaderMapping): string {
  const field = path as ImportField;
  return mapping.headers[field] ?? importColumn(field)?.header ?? path;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export type ImportRowResult =
  { ok: true; client: NewClientInput } | { ok: false; error: string; name: string | null; mobile: string | null };

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
  const { input, problems } = rowFields(cells, mapping, options);
  const parsed = parseNewClientInput(input);
  if (parsed.ok && problems.size === 0) return { ok: true, client: parsed.value };
  const messages = [...problems.values()];
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      // An unreadable date was reported above in spreadsheet terms (and "date required" would mislead).
      if (problems.has(issue.path)) continue;
      const given = input[issue.path];
      // "Team is required" names its field; a refused value is shown with its column.
      messages.push(
        typeof given === "string"
          ? `${headerOf(issue.path, mapping)} "${shorten(given)}": ${issue.message}`
          : issue.message,
      );
    }
  }
  const name = typeof input.fullName === "string" && input.fullName.trim() !== "" ? input.fullName.trim() : null;
  const mobile = typeof input.mobileNumber === "string" ? normalizeMobile(input.mobileNumber) || null : null;
  return { ok: false, error: `Row ${rowNumber}: ${messages.join("; ")}`, name, mobile };
}
