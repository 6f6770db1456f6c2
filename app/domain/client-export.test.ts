import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import {
  CLIENT_EXPORT_CSV_START,
  CLIENT_EXPORT_HEADERS,
  clientExportCells,
  clientExportFileName,
  clientExportHref,
  csvLine,
  parseExportFormat,
  type ExportedClient,
} from "./client-export";
import { parseClientListQuery } from "./client-filters";
import { maskEmiratesId } from "./client-privacy";
import { sheetRowXml } from "./xlsx-xml";

const client: ExportedClient = {
  fullName: "=cmd|' /C calc'!A0",
  fullNameAr: null,
  preferredLanguage: "en",
  mobileNumber: "971501234567",
  country: "uae",
  emirate: "dubai",
  area: "+Jumeirah",
  team: "team_a",
  totalSalesFils: 1_250_050n,
  lastPurchaseDate: new Date("2026-01-15T00:00:00Z"),
  dateOfBirth: new Date("1990-03-15T00:00:00Z"),
  email: "@aisha@example.com",
  emiratesId: maskEmiratesId("784-1990-1234567-1"),
  emiratesIdExpiry: null,
  pepStatus: "No",
  anniversaryType: null,
  anniversaryDate: null,
  preferredTime: "Evenings; -2",
  preferredCollection: null,
  meetingComments: "Prefers WhatsApp\n=1+1",
  contactOk: "Yes",
  category: null,
  ringSize: "14",
  bangleSize: null,
  preferredMetals: "yellow_gold,white_gold",
  preferredStones: null,
  styles: "Classic",
  budgetBand: null,
  tier: "silver",
  owner: { name: "Reem Owner" },
};

const byHeader = (cells: ReturnType<typeof clientExportCells>) =>
  Object.fromEntries(CLIENT_EXPORT_HEADERS.map((h, i) => [h, cells[i]]));

describe("the client book's export rows", () => {
  it("has a column per exported field of the registry, under the import template's headers, then tier and owner", () => {
    expect(CLIENT_EXPORT_HEADERS.slice(0, 3)).toEqual(["Full Name", "Full Name (Arabic)", "Mobile Number"]);
    expect(CLIENT_EXPORT_HEADERS).toContain("Total Sales (AED)");
    expect(CLIENT_EXPORT_HEADERS).toContain("Emirates ID");
    expect(CLIENT_EXPORT_HEADERS.slice(-2)).toEqual(["Tier", "Owner"]);
    // Picture links are never exported.
    expect(CLIENT_EXPORT_HEADERS.some((h) => /picture/i.test(h))).toBe(false);
  });

  it("builds a client's cells: labels for codes, exact amounts, calendar days, the tier and the owner", () => {
    const cells = byHeader(clientExportCells(client, SEEDED_TEAMS));
    expect(cells["Country"]).toEqual({ text: "United Arab Emirates" });
    expect(cells["Emirate"]).toEqual({ text: "Dubai" });
    expect(cells["Total Sales (AED)"]).toEqual({ amount: "12500.50" });
    expect(cells["Last Purchase Date"]).toEqual({ day: "2026-01-15" });
    expect(cells["Date of Birth"]).toEqual({ day: "1990-03-15" });
    expect(cells["Emirates ID Expiry"]).toBeNull();
    expect(cells["Tier"]).toEqual({ text: "Silver" });
    expect(cells["Owner"]).toEqual({ text: "Reem Owner" });
  });

  it("writes the Emirates ID as the viewer was given it: masked stays masked", () => {
    const cells = clientExportCells(client, SEEDED_TEAMS);
    const csv = csvLine(cells);
    expect(csv).toContain('"784-****-*******-1"');
    expect(csv).not.toContain("1990-1234567");
    expect(sheetRowXml(2, cells)).toContain("784-****-*******-1");
  });

  it("neutralises every cell that would start a formula, in the CSV and in the workbook", () => {
    const cells = clientExportCells(client, SEEDED_TEAMS);
    const csv = csvLine(cells);
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).toContain(`"'+Jumeirah"`);
    expect(csv).toContain(`"'@aisha@example.com"`);
    expect(csv).toContain(`"Evenings; '-2"`);
    expect(csv).toContain(`"Prefers WhatsApp\n'=1+1"`);
    const xml = sheetRowXml(2, cells);
    expect(xml).toContain(">'=cmd|' /C calc'!A0<");
    expect(xml).toContain(">'+Jumeirah<");
    expect(xml).toContain(">Prefers WhatsApp\n'=1+1<");
    expect(xml).not.toMatch(/>[=+@-]/);
  });

  it("quotes every CSV field and ends lines with CRLF, after a BOM and the header line", () => {
    const line = csvLine([{ text: "a" }, null, { amount: "1.00" }, { day: "2026-01-02" }]);
    expect(line).toBe('"a","","1.00","2026-01-02"\r\n');
    expect(CLIENT_EXPORT_CSV_START.startsWith('\uFEFF"Full Name","Full Name (Arabic)","Mobile Number",')).toBe(true);
    expect(CLIENT_EXPORT_CSV_START.endsWith('"Tier","Owner"\r\n')).toBe(true);
  });
});

describe("the export's request", () => {
  it("takes xlsx (also by default) or csv, nothing else", () => {
    expect(parseExportFormat(null)).toBe("xlsx");
    expect(parseExportFormat("CSV")).toBe("csv");
    expect(parseExportFormat("xlsx")).toBe("xlsx");
    expect(parseExportFormat("pdf")).toBeNull();
  });

  it("names the file with the day", () => {
    expect(clientExportFileName("2026-11-25", "xlsx")).toBe("client-book-2026-11-25.xlsx");
    expect(clientExportFileName("2026-11-25", "csv")).toBe("client-book-2026-11-25.csv");
  });

  it("links to the list's filters and sort, not its page or page size", () => {
    const query = parseClientListQuery(new URLSearchParams("tier=gold&sort=-totalSalesValue&page=3&limit=50"));
    expect(clientExportHref(query, "csv")).toBe("/api/clients/export?tier=gold&sort=-totalSalesValue&format=csv");
  });
});
