import { describe, expect, it } from "vitest";
import { english } from "~/i18n/english.server";
import { MESSAGE_CODES } from "./message-codes";
import type { Message } from "./messages";
import { CLIENT_FILE_HEADER } from "../../tests/support/import-header";
import { matchHeaders, purchaseHistoryMapping } from "./import-columns";
import { readImportRow } from "./import-reading";
import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";

const clients = { kind: "clients", mapping: matchHeaders(CLIENT_FILE_HEADER), teams: SEEDED_TEAMS } as const;
const purchaseHeader = ["Name", "Mobile", "Team", "Invoice No", "Sale Date", "Item Category", "Price"];
const purchases = {
  kind: "purchases",
  mapping: purchaseHistoryMapping(matchHeaders(purchaseHeader)),
  teams: SEEDED_TEAMS,
} as const;

describe("reading an import's data rows", () => {
  it("reads a blank row as no row at all, in either kind of file", () => {
    expect(readImportRow(clients, 7, ["", " ", undefined], {})).toEqual({ rowNumber: 7, read: null });
    expect(readImportRow(purchases, 8, [], {})).toEqual({ rowNumber: 8, read: null });
  });

  it("reads a client row by the New Client rules, its dates in the workbook's own date system", () => {
    // Full Name, Mobile Number, Country, Emirate, Team, Total Sales (AED), Last Purchase Date
    const cells = ["Aisha", "050 123 4567", "UAE", "Dubai", "Team A", "1,000", 45672];
    expect(readImportRow(clients, 2, cells, {})).toMatchObject({
      rowNumber: 2,
      read: { ok: true, client: { mobileNumber: "971501234567", lastPurchaseDate: "2025-01-15" } },
    });
    expect(readImportRow(clients, 2, cells, { date1904: true })).toMatchObject({
      read: { ok: true, client: { lastPurchaseDate: "2029-01-16" } },
    });
    const refused = readImportRow(clients, 3, ["Aisha", "12ab", "", "", "Team A"], {});
    expect(refused).toMatchObject({
      read: { ok: false, error: { code: MESSAGE_CODES.importRowError, values: { row: 3 } }, name: "Aisha" },
    });
    expect(english((refused.read as { error: Message }).error)).toMatch(/^Row 3: Mobile Number "12ab": Enter a valid/);
  });

  it("reads a purchase history's row as its client checked and its sale cells", () => {
    const cells = ["Aisha", "050 123 4567", "Team A", "INV-1", "15/01/2025", "Bangle", "9,800.10"];
    expect(readImportRow(purchases, 4, cells, {})).toMatchObject({
      rowNumber: 4,
      read: {
        rowNumber: 4,
        client: { ok: true, client: { fullName: "Aisha" } },
        // The category as written: the grouper finds its row in the shop's categories (import-purchases.ts).
        cells: { invoiceNo: "INV-1", saleDate: "2025-01-15", item: { category: "Bangle", price: "9,800.10" } },
      },
    });
  });
});
