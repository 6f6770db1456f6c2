import {
  clientField,
  IMPORTABLE_FIELDS,
  jsonName,
  type ClientFieldKind,
  type ClientJsonName,
  type ImportableFieldName,
} from "./client-fields";
import { PRODUCT_NAME } from "./product";

/**
 * The columns an import understands and how a spreadsheet's header row is matched to them: case,
 * spaces and punctuation do not matter ("MOBILE no." = "Mobile No"), and each field has a few
 * common aliases (each field's are in the registry, client-fields.ts). Both imports match against
 * the same table, so a client file with "Phone" or a Zoho export with "Mobile Number" works either
 * way; only the templates' headers differ.
 */

export const IMPORT_KINDS = ["client", "zoho"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  client: "Client Data Import",
  zoho: "Zoho Form Import",
};

/** How a column's cells are read before the client rules (or the sale rules) see them. */
export type ColumnKind =
  | "text"
  | "date"
  | "amount"
  | "country"
  | "emirate"
  | "team"
  | "anniversaryType"
  | "showroom"
  | "itemCategory"
  | "metal"
  | "karat"
  | "stone"
  | "grams"
  | "carats"
  | "paymentMethod";

const COLUMN_KIND: Record<ClientFieldKind, ColumnKind> = {
  name: "text",
  nameAr: "text",
  mobile: "text",
  text: "text",
  longText: "text",
  email: "text",
  date: "date",
  money: "amount",
  country: "country",
  emirate: "emirate",
  team: "team",
  language: "text",
  anniversaryType: "anniversaryType",
  contactOk: "text",
  active: "text",
  // Preferences are read from their cell's text by the client rules ("Yellow gold, Rose gold").
  size: "text",
  metals: "text",
  stones: "text",
  tags: "text",
  budgetBand: "text",
};

/** Zoho's Name field can come split in two columns; they are joined into the full name. */
type SplitNameField = "firstName" | "lastName";

/**
 * The sale columns of a purchase-history file, one item per row (docs/decisions/020-purchase-history-imports.md),
 * named as the sale JSON names them; the item's category is "itemCategory" because a client has a category too.
 */
export const SALE_IMPORT_FIELDS = [
  "invoiceNo",
  "saleDate",
  "showroom",
  "itemCategory",
  "metal",
  "karat",
  "weightGrams",
  "stone",
  "stoneCarats",
  "itemCode",
  "certificateNo",
  "price",
  "paymentMethod",
  "soldBy",
] as const;
export type SaleImportField = (typeof SALE_IMPORT_FIELDS)[number];

export type ClientImportField = { [K in ImportableFieldName]: ClientJsonName<K> }[ImportableFieldName] | SplitNameField;
export type ImportField = ClientImportField | SaleImportField;

export type ImportColumn = { field: ImportField; header: string; aliases: readonly string[]; kind: ColumnKind };

const SPLIT_NAME_COLUMNS: readonly ImportColumn[] = [
  { field: "firstName", header: "First Name", aliases: ["Name (First)", "Given Name"], kind: "text" },
  { field: "lastName", header: "Last Name", aliases: ["Name (Last)", "Surname", "Family Name"], kind: "text" },
];

/** Every importable client field (the registry's), in template order, with the header the client template prints. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = IMPORTABLE_FIELDS.flatMap((name) => {
  const spec = clientField(name);
  if (!spec.import) return [];
  const column: ImportColumn = {
    field: jsonName(name),
    header: spec.import.header,
    aliases: spec.import.aliases,
    kind: COLUMN_KIND[spec.kind],
  };
  return name === "fullName" ? [column, ...SPLIT_NAME_COLUMNS] : [column];
});

/**
 * The sale columns with the headers the purchase-history template prints and the ones POS
 * exports use. None of them is also a client header: "Category" stays the client's category, and
 * "Purchase Date" the client's last purchase (read as the sale date when a file has no Sale Date).
 */
export const SALE_IMPORT_COLUMNS: readonly (ImportColumn & { field: SaleImportField })[] = [
  {
    field: "invoiceNo",
    header: "Invoice No",
    aliases: ["Invoice", "Invoice Number", "Bill No", "Bill Number", "Receipt No", "Receipt Number"],
    kind: "text",
  },
  {
    field: "saleDate",
    header: "Sale Date",
    aliases: ["Invoice Date", "Bill Date", "Date of Sale", "Sales Date", "Transaction Date"],
    kind: "date",
  },
  {
    field: "showroom",
    header: "Showroom",
    aliases: ["Store", "Store Name", "Branch", "Shop", "Outlet"],
    kind: "showroom",
  },
  {
    field: "itemCategory",
    header: "Item Category",
    aliases: ["Item Type", "Product Category", "Product Type", "Jewellery Type", "Jewelry Type"],
    kind: "itemCategory",
  },
  { field: "metal", header: "Metal", aliases: ["Metal Type", "Metal Colour", "Metal Color"], kind: "metal" },
  { field: "karat", header: "Karat", aliases: ["Purity", "Karatage", "Gold Purity"], kind: "karat" },
  {
    field: "weightGrams",
    header: "Weight (g)",
    aliases: ["Weight", "Weight Grams", "Net Weight", "Net Wt", "Gold Weight"],
    kind: "grams",
  },
  { field: "stone", header: "Stone", aliases: ["Stone Type", "Gemstone"], kind: "stone" },
  {
    field: "stoneCarats",
    header: "Stone Carats",
    aliases: ["Carats", "Stone Weight", "Stone Weight (ct)", "Diamond Weight", "Carat Weight"],
    kind: "carats",
  },
  {
    field: "itemCode",
    header: "Item Code",
    aliases: ["SKU", "Product Code", "Barcode", "Tag No", "Item No"],
    kind: "text",
  },
  {
    field: "certificateNo",
    header: "Certificate No",
    aliases: ["Certificate", "Certificate Number", "Cert No"],
    kind: "text",
  },
  {
    field: "price",
    header: "Item Price",
    aliases: ["Price", "Line Amount", "Item Amount", "Amount", "Line Total", "Selling Price"],
    kind: "amount",
  },
  {
    field: "paymentMethod",
    header: "Payment Method",
    aliases: ["Payment", "Payment Mode", "Payment Type", "Mode of Payment", "Paid By", "Tender", "Tender Type"],
    kind: "paymentMethod",
  },
  {
    field: "soldBy",
    header: "Sold By",
    aliases: ["Associate", "Sales Associate", "Salesperson", "Sales Person", "Associate Email"],
    kind: "text",
  },
];

const SALE_FIELDS: ReadonlySet<ImportField> = new Set(SALE_IMPORT_FIELDS);

export function isSaleField(field: ImportField): field is SaleImportField {
  return SALE_FIELDS.has(field);
}

const COLUMN_BY_FIELD = new Map<ImportField, ImportColumn>(
  [...IMPORT_COLUMNS, ...SALE_IMPORT_COLUMNS].map((c) => [c.field, c]),
);

export function importColumn(field: ImportField): ImportColumn {
  return COLUMN_BY_FIELD.get(field)!;
}

/** A header cell's text: spreadsheets hold strings, numbers or booleans; nothing else is a header. */
function headerText(cell: unknown): string {
  return typeof cell === "string" ? cell : typeof cell === "number" || typeof cell === "boolean" ? String(cell) : "";
}

/** "Mobile  No." → "mobileno": case, spaces and punctuation do not matter. */
export function normalizeHeader(header: unknown): string {
  return headerText(header)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const FIELD_BY_HEADER = new Map<string, ImportField>();
// Client columns first: a header both could claim keeps its client meaning.
for (const column of [...IMPORT_COLUMNS, ...SALE_IMPORT_COLUMNS]) {
  for (const name of [column.header, column.field, ...column.aliases]) {
    const key = normalizeHeader(name);
    if (!FIELD_BY_HEADER.has(key)) FIELD_BY_HEADER.set(key, column.field);
  }
}

export function fieldForHeader(header: unknown): ImportField | null {
  return FIELD_BY_HEADER.get(normalizeHeader(header)) ?? null;
}

/**
 * Which spreadsheet column feeds each field (the first matching column wins), the header as the
 * file writes it (messages use the user's words), and the headers nobody reads.
 */
export type HeaderMapping = {
  columns: Partial<Record<ImportField, number>>;
  headers: Partial<Record<ImportField, string>>;
  ignored: string[];
};

export function matchHeaders(headerRow: readonly unknown[]): HeaderMapping {
  const columns: Partial<Record<ImportField, number>> = {};
  const headers: Partial<Record<ImportField, string>> = {};
  const ignored: string[] = [];
  headerRow.forEach((cell, index) => {
    const text = headerText(cell).trim();
    if (text === "") return;
    const field = fieldForHeader(text);
    if (field && columns[field] === undefined) {
      columns[field] = index;
      headers[field] = text;
    } else ignored.push(text);
  });
  return { columns, headers, ignored };
}

/**
 * A file with an Item Category or an Invoice No column is a purchase history: each row is one item
 * bought by the row's client (docs/decisions/020-purchase-history-imports.md).
 */
export function isPurchaseHistory(mapping: HeaderMapping): boolean {
  return mapping.columns.itemCategory !== undefined || mapping.columns.invoiceNo !== undefined;
}

/**
 * A purchase history's items are the client's purchases, so the client's Total Sales and Last
 * Purchase Date are not read from it; a Last Purchase Date ("Purchase Date") column is the items'
 * sale date when the file has no Sale Date column.
 */
export function purchaseHistoryMapping(mapping: HeaderMapping): HeaderMapping {
  const { totalSalesValue: _total, lastPurchaseDate, ...columns } = mapping.columns;
  const { totalSalesValue: totalHeader, lastPurchaseDate: dateHeader, ...headers } = mapping.headers;
  const ignored = [...mapping.ignored];
  if (totalHeader !== undefined) ignored.push(totalHeader);
  if (lastPurchaseDate !== undefined && columns.saleDate === undefined) {
    columns.saleDate = lastPurchaseDate;
    headers.saleDate = dateHeader;
  } else if (dateHeader !== undefined) ignored.push(dateHeader);
  return { columns, headers, ignored };
}

/**
 * Without a name and a mobile column no row can be a client, and without a sale date, an item
 * category and a price no row of a purchase history can be a sale: the file is refused as a whole.
 */
export function missingRequiredColumns(mapping: HeaderMapping): string[] {
  const missing: string[] = [];
  if (mapping.columns.fullName === undefined && mapping.columns.firstName === undefined)
    missing.push(importColumn("fullName").header);
  if (mapping.columns.mobileNumber === undefined) missing.push(importColumn("mobileNumber").header);
  if (isPurchaseHistory(mapping)) {
    for (const field of ["saleDate", "itemCategory", "price"] as const)
      if (mapping.columns[field] === undefined) missing.push(importColumn(field).header);
  }
  return missing;
}

/** The client template: every importable field with its human header (first/last name are Zoho's split form). */
export const CLIENT_TEMPLATE_FIELDS: readonly ImportField[] = IMPORT_COLUMNS.map((c) => c.field).filter(
  (f) => f !== "firstName" && f !== "lastName",
);

/** The mobile of the templates' example rows: a row left unchanged is recognised and skipped, not imported. */
export const TEMPLATE_EXAMPLE_MOBILE = "971500000000";

/** The example row of the client template (from the registry). */
export const CLIENT_TEMPLATE_EXAMPLE: Partial<Record<ImportField, string>> = Object.fromEntries(
  IMPORTABLE_FIELDS.flatMap((name) => {
    const spec = clientField(name);
    return spec.import ? [[jsonName(name), spec.import.example]] : [];
  }),
);

/** Read from the items in a purchase history, so not columns of its template. */
const CLIENT_PURCHASE_FIELDS: readonly ImportField[] = ["totalSalesValue", "lastPurchaseDate"];
const PURCHASE_TEMPLATE_LEAD: readonly ImportField[] = ["fullName", "mobileNumber", "team"];

/**
 * The purchase-history template: what a new client needs first, then the sale columns, then the
 * client's other fields (used only when the row's mobile is new).
 */
export const PURCHASE_TEMPLATE_FIELDS: readonly ImportField[] = [
  ...PURCHASE_TEMPLATE_LEAD,
  ...SALE_IMPORT_FIELDS,
  ...CLIENT_TEMPLATE_FIELDS.filter((f) => !PURCHASE_TEMPLATE_LEAD.includes(f) && !CLIENT_PURCHASE_FIELDS.includes(f)),
];

/** Its example rows: one invoice of two items for the example client, skipped if left unchanged. */
export const PURCHASE_TEMPLATE_EXAMPLES: readonly Partial<Record<ImportField, string>>[] = [
  {
    ...CLIENT_TEMPLATE_EXAMPLE,
    invoiceNo: "INV-10234",
    saleDate: "15/01/2025",
    showroom: "Dubai Mall",
    itemCategory: "Bangle",
    metal: "Yellow gold",
    karat: "21K",
    weightGrams: "32.400",
    stone: "None",
    itemCode: "BG-2101",
    price: "9,800.00",
    paymentMethod: "Card",
  },
  {
    ...CLIENT_TEMPLATE_EXAMPLE,
    invoiceNo: "INV-10234",
    saleDate: "15/01/2025",
    showroom: "Dubai Mall",
    itemCategory: "Earrings",
    metal: "White gold",
    karat: "18K",
    weightGrams: "4.250",
    stone: "Diamond",
    stoneCarats: "0.50",
    itemCode: "ER-1808",
    certificateNo: "GIA 2211334455",
    price: "12,500.00",
    paymentMethod: "Card",
  },
];

/** A Zoho Forms customer export: its usual headers, including the ones the import ignores ("Added Time"). */
export const ZOHO_TEMPLATE_HEADERS: readonly { header: string; example: string }[] = [
  { header: "Added Time", example: "15-Jan-2025 10:32:11" },
  { header: "Name", example: "Aisha Al Mansoori (example, replace me)" },
  { header: "Phone", example: "+971 50 000 0000" },
  { header: "Email", example: "aisha@example.com" },
  { header: "Date of Birth", example: "15-Mar-1990" },
  { header: "Emirates ID", example: "784-1990-1234567-1" },
  { header: "Emirates ID Expiry Date", example: "31-Dec-2027" },
  { header: "Country", example: "United Arab Emirates" },
  { header: "Emirate", example: "Dubai" },
  { header: "Area", example: "Jumeirah" },
  { header: "Anniversary Type", example: "Wedding Anniversary" },
  { header: "Anniversary Date", example: "20-Nov-2015" },
  { header: "Preferred Time", example: "Evening" },
  { header: "Preferred Collection", example: "Bridal" },
  { header: "Comments", example: "Met at the Dubai Mall pop-up" },
  { header: "Contact OK", example: "Yes" },
  { header: "Team", example: "Team A" },
  { header: "Referrer Name", example: "" },
];

/** '<Product>_Import_Template.xlsx', from the one product-name constant. */
export const CLIENT_TEMPLATE_FILE_NAME = `${PRODUCT_NAME.replace(/\s+/g, "_")}_Import_Template.xlsx`;
export const PURCHASE_TEMPLATE_FILE_NAME = `${PRODUCT_NAME.replace(/\s+/g, "_")}_Purchase_History_Template.xlsx`;
export const ZOHO_TEMPLATE_FILE_NAME = "Zoho_Customer_Import_Template.xlsx";
export const SKIPPED_EXPORT_FILE_NAME = "Skipped_Customers_Export.xlsx";
export const POSSIBLE_DUPLICATES_FILE_NAME = "Possible_Duplicates_Export.xlsx";
