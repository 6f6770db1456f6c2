import { describe, expect, it } from "vitest";
import { matchHeaders } from "./import-columns";
import { CLIENT_FILE_HEADER } from "../../tests/support/import-header";
import { isBlankRow, validateImportRow } from "./import-rows";
import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { english } from "~/i18n/english.server";
import { i18nInstance } from "~/i18n/catalogs";
import { sayPlain } from "~/i18n/messages";

const header = [...CLIENT_FILE_HEADER, "Anniversary Type"];
const mapping = matchHeaders(header);
const row = (values: Partial<Record<(typeof header)[number], string | number>>) => header.map((h) => values[h]);
/** A row read with the teams the migration seeds, as the import reads it with the shop's; its error as the JSON says it. */
const validate = (...[n, cells, m, options]: Parameters<typeof validateImportRow>) => {
  const read = validateImportRow(n, cells, m, { teams: SEEDED_TEAMS, ...options });
  return read.ok ? read : { ...read, error: english(read.error) };
};
const valid = { "Full Name": "Aisha Al Mansoori", "Mobile Number": "050 123 4567", Team: "Team A" };

describe("an import row goes through the New Client rules", () => {
  it("normalises a valid row: mobile, trimmed name, spreadsheet names of country/emirate/team, dates and amount", () => {
    const result = validate(
      2,
      row({
        ...valid,
        "Full Name": "  Aisha Al Mansoori ",
        Country: "United Arab Emirates",
        Emirate: "Ras Al Khaimah",
        Team: "Mixed Products",
        "Total Sales (AED)": "AED 12,500.50",
        "Last Purchase Date": 45672,
        "Date of Birth": "15/03/1990",
        "Anniversary Type": "wedding",
      }),
      mapping,
    );
    expect(result).toMatchObject({
      ok: true,
      client: {
        fullName: "Aisha Al Mansoori",
        mobileNumber: "971501234567",
        country: "uae",
        emirate: "ras_al_khaimah",
        team: "team_c",
        totalSalesFils: 1_250_050n,
        lastPurchaseDate: "2025-01-15",
        dateOfBirth: "1990-03-15",
        anniversaryType: "Wedding Anniversary",
      },
    });
  });

  it("applies the defaults: UAE, Dubai, no sales", () => {
    const result = validate(2, row(valid), mapping);
    expect(result).toMatchObject({ ok: true, client: { country: "uae", emirate: "dubai", totalSalesFils: 0n } });
  });

  it("sets the emirate to none outside the UAE", () => {
    const result = validate(2, row({ ...valid, Country: "KSA", Emirate: "Dubai" }), mapping);
    expect(result).toMatchObject({ ok: true, client: { country: "saudi_arabia", emirate: "none" } });
  });

  it("numbers the error by the spreadsheet row and says what is missing", () => {
    expect(validate(7, row({ "Mobile Number": "0501234567" }), mapping)).toEqual({
      ok: false,
      error: "Row 7: Name is required; Team is required",
      name: null,
      mobile: "971501234567",
    });
  });

  it("shows a refused value with its column", () => {
    const result = validate(3, row({ ...valid, "Mobile Number": "12ab", Country: "Narnia", Email: "aisha@" }), mapping);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe(
      'Row 3: Mobile Number "12ab": Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567); Country "Narnia": Choose a country from the list; Email "aisha@": Invalid email address',
    );
  });

  it("names the column as the file's own header calls it", () => {
    const zoho = matchHeaders(["Name", "Phone", "DOB", "Team"]);
    expect(validate(9, ["Aisha", "12ab", "soon", "A"], zoho)).toMatchObject({
      ok: false,
      error:
        'Row 9: DOB "soon" is not a date (use dd/mm/yyyy); Phone "12ab": Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567)',
    });
  });

  it("says a row's error in the reader's language, the file's headers and cells quoted as they are", () => {
    const zoho = matchHeaders(["Name", "Phone", "DOB", "Team"]);
    const read = validateImportRow(9, ["Aisha", "", "soon", "Z"], zoho, { teams: SEEDED_TEAMS });
    if (read.ok) throw new Error("the row should be refused");
    const arabic = sayPlain(i18nInstance({ language: "ar", numerals: "latn" }).t, read.error);
    expect(arabic).toMatch(/^الصف 9: DOB «soon» ليس تاريخًا \(اكتبه بالشكل dd\/mm\/yyyy\)؛ /);
    expect(arabic).toContain("Team «Z»: ");
    expect(arabic).not.toMatch(/is not a date|Choose a team/);
  });

  it("explains an unreadable date in spreadsheet terms", () => {
    const result = validate(4, row({ ...valid, "Date of Birth": "31/02/1990" }), mapping);
    expect(result).toMatchObject({
      ok: false,
      error: 'Row 4: Date of Birth "31/02/1990" is not a date (use dd/mm/yyyy)',
    });
  });

  it("needs a purchase date for a sales amount, and says so once when the date is unreadable", () => {
    const missing = validate(5, row({ ...valid, "Total Sales (AED)": "1,000" }), mapping);
    expect(missing).toMatchObject({
      ok: false,
      error: "Row 5: Purchase date is required when entering a sales amount",
    });
    const unreadable = validate(
      5,
      row({ ...valid, "Total Sales (AED)": "1,000", "Last Purchase Date": "soon" }),
      mapping,
    );
    expect(unreadable).toMatchObject({
      ok: false,
      error: 'Row 5: Last Purchase Date "soon" is not a date (use dd/mm/yyyy)',
    });
  });

  it("refuses an amount it cannot read", () => {
    const result = validate(
      6,
      row({ ...valid, "Total Sales (AED)": "lots", "Last Purchase Date": "01/01/2025" }),
      mapping,
    );
    expect(result).toMatchObject({
      ok: false,
      error: 'Row 6: Total Sales (AED) "lots": Enter an amount in AED, e.g. 1250.50',
    });
  });

  it("reads the preference columns: a size as a number cell, lists by label, a budget as an amount", () => {
    const columns = matchHeaders([
      "Name",
      "Phone",
      "Team",
      "Ring Size",
      "Metals",
      "Preferred Stones",
      "Styles",
      "Budget",
    ]);
    const result = validate(
      2,
      ["Aisha", "0501234567", "Team A", 14, "White Gold; yellow gold", "Pearl", "Classic, Minimal", "AED 7,500"],
      columns,
    );
    expect(result).toMatchObject({
      ok: true,
      client: {
        ringSize: "14",
        preferredMetals: ["yellow_gold", "white_gold"],
        preferredStones: ["pearl"],
        styles: ["Classic", "Minimal"],
        budgetBand: "5k_20k",
      },
    });
    const bad = validate(3, ["Aisha", "0501234567", "Team A", 14, "Gold", "", "", ""], columns);
    expect(bad).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Row 3: Metals "Gold": Choose metals from: Yellow gold/) as string,
    });
  });

  it("joins Zoho's split name columns", () => {
    const zoho = matchHeaders(["First Name", "Last Name", "Phone", "Team"]);
    const result = validate(2, ["Aisha", "Al Mansoori", "+971 50 123 4567", "team_a"], zoho);
    expect(result).toMatchObject({ ok: true, client: { fullName: "Aisha Al Mansoori", mobileNumber: "971501234567" } });
  });
});

describe("blank rows", () => {
  it("are rows of empty or whitespace cells", () => {
    expect(isBlankRow([])).toBe(true);
    expect(isBlankRow([undefined, "  ", null])).toBe(true);
    expect(isBlankRow([undefined, "x"])).toBe(false);
    expect(isBlankRow([0])).toBe(false);
  });
});
