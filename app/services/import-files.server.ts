import type { TFunction } from "i18next";
import { neutralizeRows } from "~/domain/csv-safety";
import { ANNIVERSARY_TYPES, COUNTRY_LABELS, COUNTRIES, EMIRATE_LABELS, EMIRATES } from "~/domain/client-enums";
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
  POSSIBLE_DUPLICATES_FILE_NAME,
  ZOHO_TEMPLATE_FILE_NAME,
  ZOHO_TEMPLATE_HEADERS,
  type ImportKind,
} from "~/domain/import-columns";
import { EXPORTED_FIELDS, jsonName, spreadsheetHeader } from "~/domain/client-fields";
import { UPLOAD_LIMIT, type SkippedRow } from "~/domain/import-report";
import { MAX_SALE_ITEMS, METAL_LABELS, METALS, STONE_LABELS, STONES, type SaleLists } from "~/domain/sales";
import { activeChoices, type ShopChoice, type ShopLists } from "~/domain/shop-lists";
import { say, sayPlain } from "~/i18n/messages";
import { writeWorkbook } from "./import-spreadsheet.server";
import { lastSkippedClients, possibleDuplicateRows } from "./import.server";

/** The downloadable workbooks of the Import Data page: the two templates and the skipped-clients export. */

export type SpreadsheetDownload = { fileName: string; bytes: Buffer };

/**
 * The lists a client's cells are chosen from, for both templates' instructions. The values stay as the
 * import reads them (English); the row's name is in the downloader's language.
 */
const clientLists = (t: TFunction, teams: readonly ShopChoice[]): string[][] => [
  [t("import:templates.lists.country"), COUNTRIES.map((c) => COUNTRY_LABELS[c]).join(", ")],
  [t("import:templates.lists.emirate"), EMIRATES.map((e) => EMIRATE_LABELS[e]).join(", ")],
  // The shop's active teams (docs/decisions/041-shop-lists-as-data.md); a cell may give a key or either name.
  [t("import:templates.lists.team"), namesOf(teams)],
  [t("import:templates.lists.anniversaryType"), ANNIVERSARY_TYPES.join(", ")],
  [t("import:templates.lists.contactOk"), t("import:templates.lists.contactOkValues")],
];

const filesLine = (t: TFunction) => t("import:templates.files", { max: say(t, UPLOAD_LIMIT) });

/**
 * The instructions sheet in the downloader's language (docs/decisions/021-arabic-and-english.md); the header
 * row the import reads stays as it is.
 */
const instructions = (t: TFunction, teams: readonly ShopChoice[]): string[][] => [
  [t("import:templates.howTo")],
  [t("import:templates.client.keepHeader")],
  [t("import:templates.client.required")],
  [t("import:templates.client.formats")],
  [t("import:templates.client.openingPurchase")],
  [t("import:templates.client.skipped")],
  [filesLine(t)],
  [""],
  ...clientLists(t, teams),
];

const namesOf = (rows: readonly ShopChoice[]) =>
  activeChoices(rows)
    .map((row) => (row.nameAr ? `${row.name} (${row.nameAr})` : row.name))
    .join(", ");

/** docs/decisions/020-purchase-history-imports.md, in the words of the person filling it in. */
const purchaseInstructions = (t: TFunction, lists: TemplateLists): string[][] => [
  [t("import:templates.howTo")],
  [t("import:templates.purchases.keepHeader")],
  [t("import:templates.purchases.oneSale")],
  [t("import:templates.purchases.required")],
  [t("import:templates.purchases.existing")],
  [t("import:templates.purchases.figures", { max: MAX_SALE_ITEMS })],
  [t("import:templates.purchases.paymentMethod")],
  [t("import:templates.purchases.soldBy")],
  [filesLine(t)],
  [""],
  // The shop's active rows (docs/decisions/041-shop-lists-as-data.md); a cell may give a key or either name.
  [t("import:templates.lists.showroom"), namesOf(lists.showrooms)],
  [t("import:templates.lists.itemCategory"), namesOf(lists.itemCategories)],
  [t("import:templates.lists.metal"), METALS.map((m) => METAL_LABELS[m]).join(", ")],
  [t("import:templates.lists.karat"), t("import:templates.lists.karatValues")],
  [t("import:templates.lists.stone"), STONES.map((stone) => STONE_LABELS[stone]).join(", ")],
  ...clientLists(t, lists.teams),
];

/** The shop's lists a purchase history's instructions name. */
type TemplateLists = SaleLists & Pick<ShopLists, "teams">;

/** The client (or Zoho) template, its instructions in `t`'s language: the downloader's; `teams`: the shop's. */
export function importTemplate(kind: ImportKind, t: TFunction, teams: readonly ShopChoice[]): SpreadsheetDownload {
  if (kind === "zoho") {
    return {
      fileName: ZOHO_TEMPLATE_FILE_NAME,
      bytes: writeWorkbook([
        {
          name: "Form Entries",
          rows: [ZOHO_TEMPLATE_HEADERS.map((h) => h.header), ZOHO_TEMPLATE_HEADERS.map((h) => h.example)],
        },
        { name: t("import:templates.instructionsSheet"), rows: instructions(t, teams) },
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
      { name: t("import:templates.instructionsSheet"), rows: instructions(t, teams) },
    ]),
  };
}

/** GET /api/import/purchase-history-template: a purchase history's columns with one example invoice. */
export function purchaseHistoryTemplate(t: TFunction, lists: TemplateLists): SpreadsheetDownload {
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
      { name: t("import:templates.instructionsSheet"), rows: purchaseInstructions(t, lists) },
    ]),
  };
}

/** The export's columns after Name, Mobile Number and Reason: the registry's other exported fields. */
const EXPORT_EXTRA_FIELDS = EXPORTED_FIELDS.filter((f) => f !== "fullName" && f !== "mobileNumber");

/**
 * Name, Mobile Number, Reason, then every other exported field under its template header, and the
 * sale columns when a purchase history's rows were skipped, so the rows can be corrected and
 * imported again (the import ignores the Reason column, so only it, its reasons and the sheet's name are
 * in the downloader's language). Every cell is neutralised: a skipped row's values came from an uploaded
 * file and may hold a formula.
 */
export function skippedClientsWorkbook(skipped: readonly SkippedRow[], t: TFunction): Buffer {
  const sale = skipped.some((s) => s.values?.itemCategory !== undefined) ? SALE_IMPORT_COLUMNS : [];
  const rows = [
    [
      "Name",
      "Mobile Number",
      t("import:templates.reasonHeader"),
      ...EXPORT_EXTRA_FIELDS.map(spreadsheetHeader),
      ...sale.map((c) => c.header),
    ],
    ...skipped.map((s) => [
      s.name,
      s.mobile,
      sayPlain(t, s.reason),
      ...EXPORT_EXTRA_FIELDS.map((f) => s.values?.[jsonName(f)] ?? ""),
      ...sale.map((c) => s.values?.[c.field] ?? ""),
    ]),
  ];
  return writeWorkbook([{ name: t("import:templates.skippedSheet"), rows: neutralizeRows(rows) }]);
}

/** GET /api/import/export-skipped: the requesting user's last import's skipped rows, or null when there are none. */
export async function skippedClientsExport(userId: string, t: TFunction): Promise<SpreadsheetDownload | null> {
  const skipped = await lastSkippedClients(userId);
  if (!skipped || skipped.length === 0) return null;
  return { fileName: SKIPPED_EXPORT_FILE_NAME, bytes: skippedClientsWorkbook(skipped, t) };
}

/**
 * GET /api/import/export-possible-duplicates: one of the user's imports' new clients that look like
 * an existing client, in the skipped export's columns (the reason names that client), or null.
 */
export async function possibleDuplicatesExport(
  runId: string,
  userId: string,
  t: TFunction,
): Promise<SpreadsheetDownload | null> {
  const rows = await possibleDuplicateRows(runId, userId);
  if (!rows || rows.length === 0) return null;
  return { fileName: POSSIBLE_DUPLICATES_FILE_NAME, bytes: skippedClientsWorkbook(rows, t) };
}
