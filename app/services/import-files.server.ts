import { neutralizeRows } from "~/domain/csv-safety";
import {
  ANNIVERSARY_TYPES,
  COUNTRY_LABELS,
  COUNTRIES,
  EMIRATE_LABELS,
  EMIRATES,
  TEAM_LABELS,
  TEAMS,
} from "~/domain/client-enums";
import {
  CLIENT_TEMPLATE_EXAMPLE,
  CLIENT_TEMPLATE_FIELDS,
  CLIENT_TEMPLATE_FILE_NAME,
  importColumn,
  SKIPPED_EXPORT_FILE_NAME,
  ZOHO_TEMPLATE_FILE_NAME,
  ZOHO_TEMPLATE_HEADERS,
  type ImportKind,
} from "~/domain/import-columns";
import { EXPORTED_FIELDS, jsonName, spreadsheetHeader } from "~/domain/client-fields";
import type { SkippedRow } from "~/domain/import-report";
import { MAX_UPLOAD_LABEL } from "~/domain/spreadsheet-file";
import { writeWorkbook } from "./import-spreadsheet.server";
import { lastSkippedClients } from "./import.server";

/** The downloadable workbooks of the Import Data page: the two templates and the skipped-clients export. */

export type SpreadsheetDownload = { fileName: string; bytes: Buffer };

const INSTRUCTIONS: readonly (readonly string[])[] = [
  ["How to fill in this template"],
  ["Keep the header row. Replace the example row (it is skipped if left unchanged). One client per row."],
  [
    "Full Name, Mobile Number and Team are required. Mobiles may be written 050 123 4567, +971 50 123 4567 or 971501234567.",
  ],
  ["Dates: dd/mm/yyyy (15/03/1990), yyyy-mm-dd or an Excel date. Amounts in AED: 12500, 12,500.50 or AED 12,500."],
  ["A Total Sales amount needs a Last Purchase Date: it becomes the client's opening purchase."],
  ["Rows whose mobile number is already in the system, or repeats an earlier row, are skipped and listed."],
  [`Files: .xlsx, .xls or .csv, up to ${MAX_UPLOAD_LABEL}.`],
  [""],
  ["Country", COUNTRIES.map((c) => COUNTRY_LABELS[c]).join(", ")],
  ["Emirate (UAE only)", EMIRATES.map((e) => EMIRATE_LABELS[e]).join(", ")],
  ["Team", TEAMS.map((t) => `Team ${t.slice(-1).toUpperCase()} (${TEAM_LABELS[t]})`).join(", ")],
  ["Anniversary Type", ANNIVERSARY_TYPES.join(", ")],
  ["Contact OK", "Yes or No"],
];

export function importTemplate(kind: ImportKind): SpreadsheetDownload {
  if (kind === "zoho") {
    return {
      fileName: ZOHO_TEMPLATE_FILE_NAME,
      bytes: writeWorkbook([
        {
          name: "Form Entries",
          rows: [ZOHO_TEMPLATE_HEADERS.map((h) => h.header), ZOHO_TEMPLATE_HEADERS.map((h) => h.example)],
        },
        { name: "Instructions", rows: INSTRUCTIONS },
      ]),
    };
  }
  return {
    fileName: CLIENT_TEMPLATE_FILE_NAME,
    bytes: writeWorkbook([
      {
        name: "Clients",
        rows: [
          CLIENT_TEMPLATE_FIELDS.map((f) => importColumn(f).header),
          CLIENT_TEMPLATE_FIELDS.map((f) => CLIENT_TEMPLATE_EXAMPLE[f] ?? ""),
        ],
      },
      { name: "Instructions", rows: INSTRUCTIONS },
    ]),
  };
}

/** The export's columns after Name, Mobile Number and Reason: the registry's other exported fields. */
const EXPORT_EXTRA_FIELDS = EXPORTED_FIELDS.filter((f) => f !== "fullName" && f !== "mobileNumber");

/**
 * Name, Mobile Number, Reason, then every other exported field under its template header, so the
 * rows can be corrected and imported again (the import ignores the Reason column). Every cell is
 * neutralised: a skipped row's values came from an uploaded file and may hold a formula.
 */
export function skippedClientsWorkbook(skipped: readonly SkippedRow[]): Buffer {
  const rows = [
    ["Name", "Mobile Number", "Reason", ...EXPORT_EXTRA_FIELDS.map(spreadsheetHeader)],
    ...skipped.map((s) => [
      s.name,
      s.mobile,
      s.reason,
      ...EXPORT_EXTRA_FIELDS.map((f) => s.values?.[jsonName(f)] ?? ""),
    ]),
  ];
  return writeWorkbook([{ name: "Skipped Customers", rows: neutralizeRows(rows) }]);
}

/** GET /api/import/export-skipped: the requesting user's last import's skipped rows, or null when there are none. */
export async function skippedClientsExport(userId: string): Promise<SpreadsheetDownload | null> {
  const skipped = await lastSkippedClients(userId);
  if (!skipped || skipped.length === 0) return null;
  return { fileName: SKIPPED_EXPORT_FILE_NAME, bytes: skippedClientsWorkbook(skipped) };
}
