import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as exportSkipped from "~/routes/api.import.export-skipped";
import * as purchaseTemplate from "~/routes/api.import.purchase-history-template";
import * as page from "~/routes/_app.import-data";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { importFile, spreadsheet, uploadRequest, type SheetRow } from "../support/import-files";

/**
 * A purchase history (docs/decisions/020-purchase-history-imports.md): one item per row, rows of an
 * invoice one sale, new mobiles become clients, known ones get the sales, and the same file twice
 * adds nothing. Each test uses its own mobiles and invoice numbers on this file's fresh database.
 */

const HEADER = [
  "Customer Name",
  "Mobile",
  "Team",
  "Invoice No",
  "Invoice Date",
  "Store",
  "Item Type",
  "Metal",
  "Purity",
  "Net Weight",
  "Stone",
  "Stone Carats",
  "Item Code",
  "Certificate No",
  "Price",
  "Sold By",
] as const;

type Line = Partial<Record<(typeof HEADER)[number], string | number>>;
const rowOf = (line: Line): SheetRow => HEADER.map((h) => line[h]);

let cookie: string;
let importerId: string;
let associate: { id: string; email: string };
let seq = 0;
/** Unique local mobiles (05x xxx xxxx) per call. */
const nextMobile = () => `05${String(30_000_000 + ++seq * 7).slice(-8)}`;
const stored = (local: string) => `971${local.slice(1)}`;

beforeAll(async () => {
  const { user } = await createUser({ role: "sales_back", name: "Omar Importer" });
  importerId = user.id;
  cookie = await sessionCookieFor(user.id);
  const reem = await createUser({ name: "Reem Associate", email: "reem.associate@example.com" });
  associate = { id: reem.user.id, email: reem.user.email };
});

async function existingClient(mobileLocal: string, fullName: string, extra: { deletedAt?: Date } = {}) {
  return db.client.create({
    data: { fullName, mobileNumber: stored(mobileLocal), searchText: fullName.toLowerCase(), team: "team_a", ...extra },
  });
}

const salesOf = (mobileLocal: string) =>
  db.sale.findMany({
    where: { client: { mobileNumber: stored(mobileLocal) } },
    orderBy: [{ saleDate: "asc" }, { id: "asc" }],
    include: { items: { orderBy: { position: "asc" } } },
  });

describe.each(["xlsx", "csv"] as const)("a POS purchase history as .%s", (type) => {
  it("brings in each invoice as one sale with its items, for new and existing clients, exactly; twice adds nothing", async () => {
    const p = `${type.toUpperCase()}-`;
    const [known, fresh, other, gone] = [nextMobile(), nextMobile(), nextMobile(), nextMobile()];
    // Already a client, AED 90,000 from an earlier sale, and one invoice already recorded by hand.
    const existing = await existingClient(known, `Known ${type}`);
    await db.sale.create({
      data: {
        clientId: existing.id,
        saleDate: new Date("2024-06-01T00:00:00Z"),
        amountFils: 9_000_000n,
        invoiceNo: `${p}99`,
        liveInvoiceNo: `${p}99`,
        showroom: "dubai_mall",
      },
    });
    await db.client.update({ where: { id: existing.id }, data: { totalSalesFils: 9_000_000n, tier: "silver" } });
    await existingClient(gone, `Gone ${type}`, { deletedAt: new Date() });

    const base = { Team: "Team A", "Invoice Date": "15/01/2025", Store: "Dubai Mall" };
    const rows: SheetRow[] = [
      [...HEADER],
      // The known client: one invoice of two items reaching exactly AED 100,000 (Gold).
      rowOf({
        ...base,
        "Customer Name": `Known ${type}`,
        Mobile: known,
        "Invoice No": `${p}100`,
        "Item Type": "Bangle",
        Metal: "Gold",
        Purity: "21K",
        "Net Weight": "32.4",
        Price: "6,000.01",
      }),
      rowOf({
        ...base,
        "Customer Name": `Known ${type}`,
        Mobile: known,
        "Invoice No": `${p}100`,
        "Item Type": "Ring",
        Metal: "White gold",
        Purity: 18,
        Stone: "Diamond",
        "Stone Carats": "1.02",
        "Certificate No": "GIA 7788",
        Price: "3999.99",
        "Sold By": associate.email,
      }),
      // ... and the invoice already recorded: skipped.
      rowOf({
        ...base,
        "Customer Name": `Known ${type}`,
        Mobile: known,
        "Invoice No": `${p}99`,
        "Item Type": "Ring",
        Price: "500",
      }),
      // A new client: two invoices and a sale without an invoice number, created once from the first row.
      rowOf({
        ...base,
        "Customer Name": `Fresh ${type}`,
        Mobile: fresh,
        "Invoice No": `${p}101`,
        "Item Type": "Necklace",
        Metal: "Yellow gold",
        Purity: "22",
        "Net Weight": 45.125,
        Price: 18250.5,
        "Item Code": "NK-22",
      }),
      rowOf({
        ...base,
        "Customer Name": `Fresh ${type}`,
        Mobile: fresh,
        "Invoice No": `${p}101`,
        "Item Type": "Earrings",
        Metal: "Yellow gold",
        Purity: "22",
        "Net Weight": "8.2",
        Price: "4,100",
      }),
      rowOf({
        ...base,
        "Customer Name": `Fresh ${type} (2nd spelling)`,
        Mobile: fresh.replace(/^0/, "+971 "),
        "Invoice No": `${p}102`,
        "Invoice Date": "20/03/2025",
        Store: "sharjah",
        "Item Type": "Coin",
        Metal: "Gold",
        Purity: "24",
        "Net Weight": "10",
        Price: "3,200",
      }),
      rowOf({
        ...base,
        "Customer Name": `Fresh ${type}`,
        Mobile: fresh,
        "Invoice No": undefined,
        Store: undefined,
        "Invoice Date": "01/02/2025",
        "Item Type": "Pendant",
        Price: "750",
      }),
      // Another new client at another showroom, sold by someone the file names who is not staff.
      rowOf({
        ...base,
        "Customer Name": `Other ${type}`,
        Mobile: other,
        "Invoice No": `${p}103`,
        Store: "Abu Dhabi",
        "Item Type": "Watch",
        Price: "25000",
        "Sold By": "nobody@example.com",
      }),
      // A deleted client's mobile: skipped with today's message.
      rowOf({
        ...base,
        "Customer Name": `Gone ${type}`,
        Mobile: gone,
        "Invoice No": `${p}104`,
        "Item Type": "Ring",
        Price: "100",
      }),
      // Bad item cells: the sale is refused whole, in the file's own header names.
      rowOf({
        ...base,
        "Customer Name": `Other ${type}`,
        Mobile: other,
        "Invoice No": `${p}105`,
        "Item Type": "Ring",
        Price: "100",
      }),
      rowOf({
        ...base,
        "Customer Name": `Other ${type}`,
        Mobile: other,
        "Invoice No": `${p}105`,
        "Item Type": "Tiara",
        Purity: "19",
        "Net Weight": "heavy",
        Price: "100",
      }),
    ];
    const file = spreadsheet(rows, type);
    const { status, body } = await importFile(cookie, `pos.${type}`, file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, imported: 2, importedSales: 5, importedItems: 7, skipped: 2 });
    expect(body.message).toBe(
      "Imported 2 new clients and 5 sales (7 items). 2 rows skipped (already in the system). 2 rows have errors and were not imported.",
    );
    expect(body.skippedClients).toEqual([
      { name: `Known ${type}`, mobile: stored(known), reason: `Invoice ${p}99 at Dubai Mall is already recorded` },
      {
        name: `Gone ${type}`,
        mobile: stored(gone),
        reason: `This mobile number belongs to Gone ${type}, a deleted client. An admin can restore them.`,
      },
    ]);
    expect(body.errors).toEqual([
      `Row 11: Invoice ${p}105 at Dubai Mall was not imported: row 12 has errors`,
      'Row 12: Item Type "Tiara": Choose a category: Ring, Bangle, Bracelet, Necklace, Pendant, Earrings, Set, Watch, Coin / bar, or Other; ' +
        'Purity "19": Choose a karat: 18, 21, 22, 24 or none; Net Weight "heavy": Enter the weight in grams with up to 3 decimals, e.g. 32.405',
    ]);

    // The known client: the earlier sale and the new invoice, exactly AED 100,000.00, Gold.
    const knownAfter = await db.client.findUniqueOrThrow({ where: { id: existing.id } });
    expect([knownAfter.totalSalesFils, knownAfter.tier, knownAfter.lastPurchaseDate?.toISOString()]).toEqual([
      10_000_000n,
      "gold",
      "2025-01-15T00:00:00.000Z",
    ]);
    const [, invoice100] = await salesOf(known);
    expect(invoice100).toMatchObject({
      invoiceNo: `${p}100`,
      liveInvoiceNo: `${p}100`,
      showroom: "dubai_mall",
      amountFils: 1_000_000n,
      soldById: associate.id,
      createdById: importerId,
      voidedAt: null,
    });
    expect(
      invoice100!.items.map((i) => [
        i.category,
        i.metal,
        i.karat,
        i.weightMg,
        i.stone,
        i.stoneCaratPoints,
        i.certificateNo,
        i.priceFils,
      ]),
    ).toEqual([
      ["bangle", "yellow_gold", "21", 32_400, "none", null, null, 600_001n],
      ["ring", "white_gold", "18", null, "diamond", 102, "GIA 7788", 399_999n],
    ]);

    // The new client: created once, from the first row, with three sales.
    const freshAfter = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(fresh) } });
    expect(freshAfter).toMatchObject({
      fullName: `Fresh ${type}`,
      source: "client_import",
      createdById: importerId,
      totalSalesFils: 2_630_050n,
      tier: "silver",
    });
    expect(freshAfter.lastPurchaseDate?.toISOString()).toBe("2025-03-20T00:00:00.000Z");
    const freshSales = await salesOf(fresh);
    expect(
      freshSales.map((s) => [
        s.saleDate.toISOString().slice(0, 10),
        s.invoiceNo,
        s.showroom,
        s.amountFils,
        s.items.length,
        s.soldById,
      ]),
    ).toEqual([
      ["2025-01-15", `${p}101`, "dubai_mall", 2_235_050n, 2, importerId],
      ["2025-02-01", null, null, 75_000n, 1, importerId],
      ["2025-03-20", `${p}102`, "sharjah", 320_000n, 1, importerId],
    ]);
    expect(freshSales[0]!.items.map((i) => [i.category, i.karat, i.weightMg, i.itemCode, i.priceFils])).toEqual([
      ["necklace", "22", 45_125, "NK-22", 1_825_050n],
      ["earrings", "22", 8_200, null, 410_000n],
    ]);
    expect(freshSales[2]!.items[0]).toMatchObject({
      category: "coin_bar",
      metal: "yellow_gold",
      karat: "24",
      weightMg: 10_000,
    });
    // The refused invoice left the other client with its one good sale.
    expect(await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(other) } })).toMatchObject({
      totalSalesFils: 2_500_000n,
      tier: "silver",
    });
    expect((await salesOf(other)).map((s) => s.invoiceNo)).toEqual([`${p}103`]);
    expect(await db.sale.count({ where: { client: { mobileNumber: stored(gone) } } })).toBe(0);

    // Every sale is audited as recording it by hand is; every new client as created.
    const run = await db.importRun.findUniqueOrThrow({ where: { id: body.runId! } });
    expect(run).toMatchObject({
      status: "succeeded",
      imported: 2,
      importedSales: 5,
      importedItems: 7,
      skipped: 2,
      errorCount: 2,
    });
    const saleAudits = await db.auditLog.findMany({
      where: { action: "client.sale_recorded", details: { contains: run.id } },
    });
    expect(saleAudits).toHaveLength(5);
    expect(saleAudits.find((a) => a.targetId === String(existing.id))).toMatchObject({
      actorId: importerId,
      targetType: "client",
    });
    expect(JSON.parse(saleAudits.find((a) => a.targetId === String(existing.id))!.details!)).toEqual({
      saleId: invoice100!.id,
      amount: "10000.00",
      saleDate: "2025-01-15",
      invoiceNo: `${p}100`,
      showroom: "dubai_mall",
      items: 2,
      payments: [],
      importRunId: run.id,
    });
    expect(await db.auditLog.count({ where: { action: "client.created", details: { contains: run.id } } })).toBe(2);

    // The same file again: every invoice is already recorded, and the sale without an invoice
    // number is not added to a client who is now in the system.
    const salesBefore = await db.sale.count();
    const itemsBefore = await db.saleItem.count();
    const again = await importFile(cookie, `pos.${type}`, file);
    expect(again.body).toMatchObject({ success: true, imported: 0, importedSales: 0, importedItems: 0 });
    expect(again.body.message).toMatch(/^Imported 0 new clients and 0 sales \(0 items\)\. 9 rows skipped/);
    expect(again.body.skippedClients.map((s) => s.reason)).toEqual([
      `Invoice ${p}100 at Dubai Mall is already recorded`,
      `Invoice ${p}100 at Dubai Mall is already recorded`,
      `Invoice ${p}99 at Dubai Mall is already recorded`,
      `Invoice ${p}101 at Dubai Mall is already recorded`,
      `Invoice ${p}101 at Dubai Mall is already recorded`,
      `Invoice ${p}102 at Sharjah is already recorded`,
      "No invoice number: a client already in the system gets purchases only with their invoice number, so a file imported twice adds nothing",
      `Invoice ${p}103 at Abu Dhabi is already recorded`,
      `This mobile number belongs to Gone ${type}, a deleted client. An admin can restore them.`,
    ]);
    expect([await db.sale.count(), await db.saleItem.count()]).toEqual([salesBefore, itemsBefore]);
    expect((await db.client.findUniqueOrThrow({ where: { id: existing.id } })).totalSalesFils).toBe(10_000_000n);
  });
});

describe("batches end where a sale ends", () => {
  it("keeps an invoice across a batch boundary whole, and after a failure mid-way the same file finishes the job", async () => {
    const mobile = nextMobile();
    // 300 invoices of 3 items: batch boundaries fall inside invoices.
    const rows: SheetRow[] = [
      [...HEADER],
      ...Array.from({ length: 900 }, (_, i) =>
        rowOf({
          "Customer Name": "Batch Client",
          Mobile: mobile,
          Team: "Team B",
          "Invoice No": `B-${Math.floor(i / 3)}`,
          "Invoice Date": "2025-05-01",
          Store: "Al Ain",
          "Item Type": "Ring",
          Price: `${(i % 3) + 1}.01`,
        }),
      ),
    ];
    const bytes = spreadsheet(rows, "csv");
    const realTransaction = db.$transaction.bind(db);
    let calls = 0;
    const spy = vi.spyOn(db, "$transaction").mockImplementation((...args: Parameters<typeof db.$transaction>) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error("disk unplugged"));
      return realTransaction(...args);
    });
    const failed = await importFile(cookie, "batches.csv", bytes);
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ success: false, imported: 1, importedSales: 133, importedItems: 399 });
    expect(failed.body.message).toBe(
      "Import failed. Please check your file format and try again. Imported 1 new client and 133 sales (399 items). Import the same file again to finish.",
    );
    const client = await db.client.findUniqueOrThrow({ where: { mobileNumber: stored(mobile) } });
    // The first batch stopped before the invoice its 400th row was in: every sale has its 3 items.
    expect(client.totalSalesFils).toBe(133n * 603n);

    const again = await importFile(cookie, "batches.csv", bytes);
    expect(again.body).toMatchObject({
      success: true,
      imported: 0,
      importedSales: 167,
      importedItems: 501,
      skipped: 399,
    });
    const sales = await salesOf(mobile);
    expect(sales).toHaveLength(300);
    expect(sales.every((s) => s.items.length === 3 && s.amountFils === 603n)).toBe(true);
    expect(await db.client.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({
      totalSalesFils: 300n * 603n,
      tier: "bronze",
    });
  });
});

describe("a Payment Method column", () => {
  it("records how each sale was paid; imported cash counts in the 30-day cash window but is never flagged", async () => {
    const [cashMobile, cardMobile] = [nextMobile(), nextMobile()];
    const day = addDays(businessToday(), -3);
    const header = [
      "Customer Name",
      "Mobile",
      "Team",
      "Invoice No",
      "Invoice Date",
      "Store",
      "Item Type",
      "Price",
      "Payment Mode",
    ];
    const bytes = spreadsheet(
      [
        header,
        ["Cash Buyer", cashMobile, "Team A", "PM-1", day, "Dubai Mall", "Bangle", "30,000", "نقدًا"],
        ["Cash Buyer", cashMobile, "Team A", "PM-1", day, "Dubai Mall", "Ring", "20,000", ""],
        ["Card Buyer", cardMobile, "Team A", "PM-2", day, "Dubai Mall", "Ring", "1,000", "Visa"],
        ["Card Buyer", cardMobile, "Team A", "PM-3", day, "Dubai Mall", "Ring", "500", ""],
        ["Card Buyer", cardMobile, "Team A", "PM-4", day, "Dubai Mall", "Ring", "500", "Cheque"],
      ],
      "csv",
    );
    const result = await importFile(cookie, "payments.csv", bytes);
    expect(result.body).toMatchObject({ success: true, importedSales: 3 });
    expect(result.body.errors).toEqual([
      'Row 6: Payment Mode "Cheque": Choose a payment method: Cash, Card, Bank transfer, or Old gold',
    ]);
    const [cashSale] = await salesOf(cashMobile);
    const cardSales = await salesOf(cardMobile);
    const paymentsOf = (saleId: number) =>
      db.salePayment.findMany({ where: { saleId }, select: { method: true, amountFils: true } });
    expect(await paymentsOf(cashSale!.id)).toEqual([{ method: "cash", amountFils: 5_000_000n }]);
    expect(await paymentsOf(cardSales[0]!.id)).toEqual([{ method: "card", amountFils: 100_000n }]);
    // A sale whose file leaves the method out has none, shown as "not recorded" like older sales.
    expect(await paymentsOf(cardSales[1]!.id)).toEqual([]);
    expect(
      await db.cashTransaction.findMany({
        where: { client: { mobileNumber: stored(cashMobile) } },
        select: { kind: true, saleId: true, cashFils: true, reportStatus: true },
      }),
    ).toEqual([{ kind: "sale", saleId: cashSale!.id, cashFils: 5_000_000n, reportStatus: null }]);
    expect(await db.cashTransaction.count({ where: { client: { mobileNumber: stored(cardMobile) } } })).toBe(0);

    // AED 50,000 imported three days ago and 5,000 more in cash today reach the AED 55,000 window.
    const more = await outcome(
      await callRoute(
        salesApi.action,
        makeRequest(`/api/clients/${cashSale!.clientId}/sales`, {
          cookie,
          json: { saleDate: businessToday(), amount: "5000", payments: [{ method: "cash" }] },
        }),
        { id: String(cashSale!.clientId) },
      ),
    );
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ code: "cash_id_required" });
  });
});

describe("around a purchase history", () => {
  it("serves the purchase-history template, whose example invoice is recognised and skipped", async () => {
    const response = (await callRoute(
      purchaseTemplate.loader,
      makeRequest("/api/import/purchase-history-template", { cookie }),
    )) as Response;
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="Jewel_CRM_Purchase_History_Template.xlsx"',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    const book = XLSX.read(bytes);
    const [header] = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Purchases!, { header: 1 });
    expect(header!.slice(0, 17)).toEqual([
      "Full Name",
      "Mobile Number",
      "Team",
      "Invoice No",
      "Sale Date",
      "Showroom",
      "Item Category",
      "Metal",
      "Karat",
      "Weight (g)",
      "Stone",
      "Stone Carats",
      "Item Code",
      "Certificate No",
      "Item Price",
      "Payment Method",
      "Sold By",
    ]);
    expect(header).not.toContain("Total Sales (AED)");
    const { body } = await importFile(cookie, "Jewel_CRM_Purchase_History_Template.xlsx", bytes);
    expect(body).toMatchObject({ success: true, imported: 0, importedSales: 0, skipped: 2, errors: [] });
    expect(body.skippedClients.map((s) => s.reason)).toEqual([
      "Example row from the template",
      "Example row from the template",
    ]);
  });

  it("exports skipped purchase rows with their sale columns, which import once the client is restored", async () => {
    const { user } = await createUser({ name: "Restorer" });
    const restorer = await sessionCookieFor(user.id);
    const gone = nextMobile();
    const client = await existingClient(gone, "Gone Then Back", { deletedAt: new Date() });
    const line = {
      "Customer Name": "Gone Then Back",
      Mobile: gone,
      Team: "Team C",
      "Invoice No": "R-1",
      "Invoice Date": "03/04/2025",
      Store: "Online",
    };
    const file = spreadsheet(
      [
        [...HEADER],
        rowOf({ ...line, "Item Type": "Set", Purity: "875", "Net Weight": "61.5", Price: "=1+1" }),
        rowOf({ ...line, "Item Type": "Bracelet", Price: "1,000" }),
      ],
      "xlsx",
    );
    // "=1+1" is not a price: the formula-like cell is refused, never evaluated.
    const first = await importFile(restorer, "gone.xlsx", file);
    expect(first.body.errors[0]).toBe(
      'Row 2: Price "=1+1": Enter the price in AED as digits with up to 2 decimals, e.g. 1250.50',
    );

    const fixed = spreadsheet(
      [
        [...HEADER],
        rowOf({ ...line, "Item Type": "Set", Purity: "875", "Net Weight": "61.5", Price: "2000" }),
        rowOf({ ...line, "Item Type": "Bracelet", Price: "1,000" }),
      ],
      "xlsx",
    );
    const skipped = await importFile(restorer, "gone.xlsx", fixed);
    expect(skipped.body).toMatchObject({ imported: 0, importedSales: 0, skipped: 2 });
    const response = (await callRoute(
      exportSkipped.loader,
      makeRequest("/api/import/export-skipped", { cookie: restorer }),
    )) as Response;
    const exported = Buffer.from(await response.arrayBuffer());
    const cells = XLSX.utils.sheet_to_json<Record<string, string>>(XLSX.read(exported).Sheets["Skipped Customers"]!);
    expect(cells[0]).toMatchObject({
      Name: "Gone Then Back",
      Reason: "This mobile number belongs to Gone Then Back, a deleted client. An admin can restore them.",
      Team: "Mixed Products",
      "Invoice No": "R-1",
      "Sale Date": "2025-04-03",
      Showroom: "Online",
      "Item Category": "Set",
      Karat: "21K",
      "Weight (g)": "61.500",
      "Item Price": "2000.00",
    });

    await db.client.update({ where: { id: client.id }, data: { deletedAt: null } });
    const back = await importFile(restorer, "Skipped_Customers_Export.xlsx", exported);
    expect(back.body).toMatchObject({ success: true, imported: 0, importedSales: 1, importedItems: 2, errors: [] });
    expect(await db.client.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ totalSalesFils: 300_000n });
  });

  it("keeps a client file with sale-like columns but no Item Category or Invoice No a client file", async () => {
    const mobile = nextMobile();
    const file = spreadsheet(
      [
        ["Full Name", "Mobile Number", "Team", "Total Sales", "Last Purchase Date", "Store", "Metal", "Price"],
        ["Plain Client", mobile, "Team A", "1,500", "10/10/2024", "Dubai Mall", "Gold", "999"],
      ],
      "csv",
    );
    const { body } = await importFile(cookie, "plain.csv", file);
    expect(body).toMatchObject({ success: true, imported: 1, importedSales: 0, importedItems: 0 });
    expect(body.message).toBe("Imported 1 new client.");
    const sales = await salesOf(mobile);
    expect(sales.map((s) => [s.amountFils, s.description, s.invoiceNo, s.items.length])).toEqual([
      [150_000n, "Opening balance (import)", null, 0],
    ]);
  });

  it("refuses a purchase history without its sale columns, naming them", async () => {
    const { status, body } = await importFile(
      cookie,
      "half.csv",
      Buffer.from(`Name,Mobile,Team,Invoice No\nHalf,${nextMobile()},Team A,H-1\n`),
    );
    expect(status).toBe(400);
    expect(body.message).toBe(
      "Missing required columns: Sale Date, Item Category, Item Price. Use the headers of the template.",
    );
  });

  it("shows the sales on the result page without JavaScript", async () => {
    const mobile = nextMobile();
    const file = spreadsheet(
      [
        [...HEADER],
        rowOf({
          "Customer Name": "Page Client",
          Mobile: mobile,
          Team: "Team A",
          "Invoice No": "P-1",
          "Invoice Date": "2025-06-01",
          Store: "Dubai Gold Souk",
          "Item Type": "Ring",
          Price: "10",
        }),
      ],
      "csv",
    );
    const res = await outcome(
      await callRoute(page.action, uploadRequest("/import-data?kind=client", cookie, "page.csv", file)),
    );
    expect(res.status).toBe(302);
    const view = await outcome(await callRoute(page.loader, makeRequest(res.headers.get("Location")!, { cookie })));
    expect(view.body).toMatchObject({
      report: {
        view: {
          success: true,
          imported: 1,
          importedSales: 1,
          importedItems: 1,
          message: "Imported 1 new client and 1 sale (1 item).",
        },
      },
    });
  });
});
