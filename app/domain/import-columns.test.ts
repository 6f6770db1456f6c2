import { describe, expect, it } from "vitest";
import {
  CLIENT_TEMPLATE_FIELDS,
  CLIENT_TEMPLATE_FILE_NAME,
  fieldForHeader,
  importColumn,
  isPurchaseHistory,
  matchHeaders,
  missingRequiredColumns,
  normalizeHeader,
  PURCHASE_TEMPLATE_FIELDS,
  PURCHASE_TEMPLATE_FILE_NAME,
  purchaseHistoryMapping,
  SALE_IMPORT_COLUMNS,
  ZOHO_TEMPLATE_HEADERS,
} from "./import-columns";

describe("header matching", () => {
  it("ignores case, spaces and punctuation", () => {
    expect(normalizeHeader("  Mobile  No. ")).toBe("mobileno");
    expect(fieldForHeader("FULL NAME")).toBe("fullName");
    expect(fieldForHeader("full_name")).toBe("fullName");
    expect(fieldForHeader("Total Sales (AED)")).toBe("totalSalesValue");
    expect(fieldForHeader("date of birth")).toBe("dateOfBirth");
  });

  it.each([
    ["Mobile", "mobileNumber"],
    ["Phone", "mobileNumber"],
    ["Mobile Number", "mobileNumber"],
    ["Phone Number", "mobileNumber"],
    ["Name", "fullName"],
    ["Full Name", "fullName"],
    ["DOB", "dateOfBirth"],
    ["Date of Birth", "dateOfBirth"],
    ["Emirates ID Expiry Date", "emiratesIdExpiry"],
    ["Comments", "meetingComments"],
    ["Total Sales", "totalSalesValue"],
  ])("knows the alias %s", (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it("maps each field to its first column and lists the headers it does not read", () => {
    const mapping = matchHeaders(["Added Time", "Name", "Phone", "", "Mobile", "Email", "Referrer Name"]);
    expect(mapping.columns).toEqual({ fullName: 1, mobileNumber: 2, email: 5 });
    expect(mapping.ignored).toEqual(["Added Time", "Mobile", "Referrer Name"]);
  });

  it("requires a name column (or first/last name) and a mobile column", () => {
    expect(missingRequiredColumns(matchHeaders(["Email", "Team"]))).toEqual(["Full Name", "Mobile Number"]);
    expect(missingRequiredColumns(matchHeaders(["First Name", "Last Name", "Phone"]))).toEqual([]);
    expect(missingRequiredColumns(matchHeaders(["Name", "Mobile"]))).toEqual([]);
  });
});

describe("the sale columns of a purchase history", () => {
  it.each([
    ["Invoice No", "invoiceNo"],
    ["Invoice Number", "invoiceNo"],
    ["BILL NO.", "invoiceNo"],
    ["Invoice", "invoiceNo"],
    ["Sale Date", "saleDate"],
    ["Invoice Date", "saleDate"],
    ["Showroom", "showroom"],
    ["Store", "showroom"],
    ["Branch", "showroom"],
    ["Item Category", "itemCategory"],
    ["Item Type", "itemCategory"],
    ["Metal", "metal"],
    ["Karat", "karat"],
    ["Purity", "karat"],
    ["Weight (g)", "weightGrams"],
    ["Weight", "weightGrams"],
    ["Weight Grams", "weightGrams"],
    ["Net Weight", "weightGrams"],
    ["Stone", "stone"],
    ["Stone Carats", "stoneCarats"],
    ["Item Code", "itemCode"],
    ["Certificate No", "certificateNo"],
    ["Item Price", "price"],
    ["Price", "price"],
    ["Line Amount", "price"],
    ["Sold By", "soldBy"],
    ["Associate", "soldBy"],
  ])("knows %s", (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it("never takes a header from a client field: each sale header and alias reads as its own column", () => {
    for (const column of SALE_IMPORT_COLUMNS)
      for (const name of [column.header, column.field, ...column.aliases])
        expect(fieldForHeader(name)).toBe(column.field);
    // The client's own Category and Purchase Date keep their meaning.
    expect(fieldForHeader("Category")).toBe("category");
    expect(fieldForHeader("Purchase Date")).toBe("lastPurchaseDate");
  });

  it("makes a file with an Item Category or an Invoice No column a purchase history, and only those", () => {
    expect(isPurchaseHistory(matchHeaders(["Name", "Mobile", "Item Category", "Price"]))).toBe(true);
    expect(isPurchaseHistory(matchHeaders(["Name", "Mobile", "Invoice No"]))).toBe(true);
    expect(isPurchaseHistory(matchHeaders(["Name", "Mobile", "Store", "Metal", "Price", "Category"]))).toBe(false);
  });

  it("reads a purchase history's Purchase Date as the sale date, and not its client total", () => {
    const mapping = purchaseHistoryMapping(
      matchHeaders(["Name", "Mobile", "Purchase Date", "Total Sales", "Item Type", "Price", "Team"]),
    );
    expect(mapping.columns).toEqual({
      fullName: 0,
      mobileNumber: 1,
      saleDate: 2,
      itemCategory: 4,
      price: 5,
      team: 6,
    });
    expect(mapping.headers.saleDate).toBe("Purchase Date");
    expect(mapping.ignored).toEqual(["Total Sales"]);
    // With a Sale Date of its own the client's last purchase column is left unread.
    const both = purchaseHistoryMapping(matchHeaders(["Name", "Mobile", "Last Purchase Date", "Sale Date"]));
    expect(both.columns).toMatchObject({ saleDate: 3 });
    expect(both.columns.lastPurchaseDate).toBeUndefined();
    expect(both.ignored).toEqual(["Last Purchase Date"]);
  });

  it("requires a sale date, an item category and a price column of a purchase history", () => {
    expect(missingRequiredColumns(purchaseHistoryMapping(matchHeaders(["Name", "Mobile", "Invoice No"])))).toEqual([
      "Sale Date",
      "Item Category",
      "Item Price",
    ]);
    expect(
      missingRequiredColumns(purchaseHistoryMapping(matchHeaders(["Name", "Mobile", "Date", "Item Type", "Price"]))),
    ).toEqual(["Sale Date"]);
  });
});

describe("templates", () => {
  it("names the client template after the product", () => {
    expect(CLIENT_TEMPLATE_FILE_NAME).toBe("Jewel_CRM_Import_Template.xlsx");
  });

  it("prints headers that the import reads back as the same fields", () => {
    for (const field of CLIENT_TEMPLATE_FIELDS) expect(fieldForHeader(importColumn(field).header)).toBe(field);
    const zoho = matchHeaders(ZOHO_TEMPLATE_HEADERS.map((h) => h.header));
    expect(missingRequiredColumns(zoho)).toEqual([]);
    expect(zoho.ignored).toEqual(["Added Time", "Referrer Name"]);
  });

  it("prints a purchase-history template that reads back as a purchase history with every column", () => {
    expect(PURCHASE_TEMPLATE_FILE_NAME).toBe("Jewel_CRM_Purchase_History_Template.xlsx");
    for (const field of PURCHASE_TEMPLATE_FIELDS) expect(fieldForHeader(importColumn(field).header)).toBe(field);
    const mapping = matchHeaders(PURCHASE_TEMPLATE_FIELDS.map((f) => importColumn(f).header));
    expect(isPurchaseHistory(mapping)).toBe(true);
    expect(missingRequiredColumns(purchaseHistoryMapping(mapping))).toEqual([]);
    expect(PURCHASE_TEMPLATE_FIELDS).not.toContain("totalSalesValue");
  });
});
