import { describe, expect, it } from "vitest";
import {
  CLIENT_TEMPLATE_FIELDS,
  CLIENT_TEMPLATE_FILE_NAME,
  fieldForHeader,
  importColumn,
  matchHeaders,
  missingRequiredColumns,
  normalizeHeader,
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
});
