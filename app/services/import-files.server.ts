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
  PURCHASE_TEMPLATE_EXAMPLES,
  PURCHASE_TEMPLATE_FIELDS,
  PURCHASE_TEMPLATE_FILE_NAME,
  SALE_IMPORT_COLUMNS,
  SKIPPED_EXPORT_FILE_NAME,
  ZOHO_TEMPLATE_FILE_NAME,
  ZOHO_TEMPLATE_HEADERS,
  type ImportKind,
} from "~/domain/import-columns";
import { EXPORTED_FIELDS, jsonName, spreadsheetHeader } from "~/domain/client-fields";
import type { SkippedRow } from "~/domain/import-report";
import {
  ITEM_CATEGORIES,
  ITEM_CATEGORY_LABELS,
  MAX_SALE_ITEMS,
  METAL_LABELS,
  METALS,
  SHOWROOM_LABELS,
  SHOWROOMS,
  STONE_LABELS,
  STONES,
} from "~/domain/sales";
import { MAX_UPLOAD_LABEL } from "~/domain/spreadsheet-file";
import { writeWorkbook } from "./import-spreadsheet.server";
import { lastSkippedClients } from "./import.server";

/** The downloadable workbooks of the Import Data page: the two templates and the skipped-clients export. */

export type SpreadsheetDownload = { fileName: string; bytes: Buffer };

/** The lists a client's cells are chosen from, for both templates' instructions. */
const CLIENT_LISTS: readonly (readonly string[])[] = [
  ["Country", COUNTRIES.map((c) => COUNTRY_LABELS[c]).join(", ")],
  ["Emirate (UAE only)", EMIRATES.map((e) => EMIRATE_LABELS[e]).join(", ")],
  ["Team", TEAMS.map((t) => `Team ${t.slice(-1).toUpperCase()} (${TEAM_LABELS[t]})`).join(", ")],
  ["Anniversary Type", ANNIVERSARY_TYPES.join(", ")],
  ["Contact OK", "Yes or No"],
];

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
  ...CLIENT_LISTS,
];

/** docs/decisions/020-purchase-history-imports.md, in the words of the person filling it in. */
const PURCHASE_INSTRUCTIONS: readonly (readonly string[])[] = [
  ["How to fill in this template"],
  ["Keep the header row. Replace the two example rows (they are skipped if left unchanged). One item per row."],
  [
    "Rows of one client, showroom and invoice number, one after another, are one sale (keep an invoice's rows together); a row without an invoice number is a sale of its own.",
  ],
  [
    "Every row needs Full Name, Mobile Number and Team (a new mobile becomes a client from its first row), a Sale Date, an Item Category and an Item Price. An invoice number needs its showroom.",
  ],
  [
    "A mobile already in the system gets the sales added; a deleted client's rows are skipped. An invoice already recorded at its showroom is skipped, so importing the same file twice adds nothing; for that reason a row without an invoice number is added only to a client this file brings in.",
  ],
  [
    `Weight (g): grams with up to 3 decimals (32.400). Stone Carats: up to 2 decimals (0.50). Item Price in AED (9,800.00). At most ${MAX_SALE_ITEMS} items in one sale.`,
  ],
  ["Sold By: a colleague's email (or name); left blank or unknown, the sale is recorded as sold by you."],
  [`Files: .xlsx, .xls or .csv, up to ${MAX_UPLOAD_LABEL}.`],
  [""],
  ["Showroom", SHOWROOMS.map((r) => SHOWROOM_LABELS[r]).join(", ")],
  ["Item Category", ITEM_CATEGORIES.map((c) => ITEM_CATEGORY_LABELS[c]).join(", ")],
  ["Metal", METALS.map((m) => METAL_LABELS[m]).join(", ")],
  ["Karat", "18, 21, 22, 24 or None (21K and the hallmark 875 work too)"],
  ["Stone", STONES.map((t) => STONE_LABELS[t]).join(", ")],
  ...CLIENT_LISTS,
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

/** GET /api/import/purchase-history-template: a purchase history's columns with one example invoice. */
export function purchaseHistoryTemplate(): SpreadsheetDownload {
  return {
    fileName: PURCHASE_TEMPLATE_FILE_NAME,
    bytes: writeWorkbook([
      {
        name: "Purchases",
        rows: [
          PURCHASE_TEMPLATE_FIELDS.map((f) => importColumn(f).header),
          ...PURCHASE_TEMPLATE_EXAMPLES.map((example) => PURCHASE_TEMPLATE_FIELDS.map((f) => example[f] ?? "")),
        ],
      },
      { name: "Instructions", rows: PURCHASE_INSTRUCTIONS },
    ]),
  };
}

/** The export's columns after Name, Mobile Number and Reason: the registry's other exported fields. */
const EXPORT_EXTRA_FIELDS = EXPORTED_FIELDS.filter((f) => f !== "fullName" && f !== "mobileNumber");

/**
 * Name, Mobile Number, Reason, then every other exported field under its template header, and the
 * sale columns when a purchase history's rows were skipped, so the rows can be corrected and
 * imported again (the import ignores the Reason column). Every cell is neutralised: a skipped
 * row's values came from an uploaded file and may hold a formula.
 */
export function skippedClientsWorkbook(skipped: readonly SkippedRow[]): Buffer {
  const sale = skipped.some((s) => s.values?.itemCategory !== undefined) ? SALE_IMPORT_COLUMNS : [];
  const rows = [
    ["Name", "Mobile Number", "Reason", ...EXPORT_EXTRA_FIELDS.map(spreadsheetHeader), ...sale.map((c) => c.header)],
    ...skipped.map((s) => [
      s.name,
      s.mobile,
      s.reason,
      ...EXPORT_EXTRA_FIELDS.map((f) => s.values?.[jsonName(f)] ?? ""),
      ...sale.map((c) => s.values?.[c.field] ?? ""),
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
