import { describe, expect, it } from "vitest";
import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { SEEDED_ITEM_CATEGORIES, SEEDED_SALE_LISTS, SEEDED_SHOWROOMS } from "../../tests/support/seeded-sale-lists";
import { matchHeaders, purchaseHistoryMapping } from "./import-columns";
import {
  purchaseCellValues,
  purchaseGrouper,
  readChoiceCell,
  readPaymentMethodCell,
  readPurchaseCells,
  readPurchaseRow,
  type ClosedGroup,
  type PendingPurchase,
} from "./import-purchases";
import type { CellValue } from "./spreadsheet-values";
import { english } from "~/i18n/english.server";

const TODAY = "2026-11-24";
const header = [
  "Name",
  "Mobile",
  "Team",
  "Invoice No",
  "Sale Date",
  "Store",
  "Item Category",
  "Metal",
  "Karat",
  "Weight (g)",
  "Stone",
  "Stone Carats",
  "Item Code",
  "Certificate No",
  "Price",
  "Mode of Payment",
  "Sold By",
] as const;
const mapping = purchaseHistoryMapping(matchHeaders(header));
type Cells = Partial<Record<(typeof header)[number], CellValue>>;
const cells = (values: Cells): CellValue[] => header.map((h) => values[h]);
const aisha: Cells = { Name: "Aisha Al Mansoori", Mobile: "050 123 4567", Team: "Team A" };
const bangle: Cells = {
  ...aisha,
  "Invoice No": "INV-1",
  "Sale Date": "15/01/2025",
  Store: "Dubai Mall",
  "Item Category": "Bangle",
  Price: "9,800.10",
};

/** Feeds the rows (row 2 onwards, as a spreadsheet numbers them) and answers every closed group. */
function group(rows: Cells[]): ClosedGroup[] {
  // Row errors say the sale rules in English, as the import does (app/i18n/english.server.ts).
  const grouper = purchaseGrouper(mapping, TODAY, SEEDED_SALE_LISTS);
  const closed = rows.map((values, i) =>
    grouper.feed(readPurchaseRow(i + 2, cells(values), mapping, { teams: SEEDED_TEAMS })),
  );
  return [...closed, grouper.finish()].filter((g): g is ClosedGroup => g !== null);
}

const sales = (groups: ClosedGroup[]): PendingPurchase[] => groups.flatMap((g) => (g.ok ? [g.purchase] : []));
const errors = (groups: ClosedGroup[]): string[] => groups.flatMap((g) => (g.ok ? [] : g.errors.map(english)));

describe("reading an item row's cells", () => {
  it.each([
    ["21", "21"],
    [21, "21"],
    ["21K", "21"],
    ["21 kt", "21"],
    ["21ct", "21"],
    ["875", "21"],
    ["750", "18"],
    ["916", "22"],
    ["24 Karat", "24"],
    ["None", "none"],
    ["N/A", "none"],
    ["19K", "19K"],
  ])("reads the karat %s as %s", (karat, code) => {
    expect(readPurchaseCells(cells({ Karat: karat }), mapping).item.karat).toBe(code);
  });

  it.each([
    ["Dubai Mall", "dubai_mall"],
    ["DUBAI-MALL", "dubai_mall"],
    ["dubai_gold_souk", "dubai_gold_souk"],
    ["Road Sales", "road_sales"],
    ["  الشارقة ", "sharjah"],
    ["Deira", "Deira"],
  ])("reads the showroom %s by key, English or Arabic name, whatever the case and punctuation", (store, code) => {
    const cell = readPurchaseCells(cells({ Store: store }), mapping).showroom;
    expect(readChoiceCell(SEEDED_SHOWROOMS, cell)).toBe(code);
  });

  it("reads categories, metals and stones by key, label or the plural a POS writes", () => {
    const read = (values: Cells) => {
      const item = readPurchaseCells(cells(values), mapping).item;
      return { ...item, category: readChoiceCell(SEEDED_ITEM_CATEGORIES, item.category) };
    };
    expect(read({ "Item Category": "خاتم" }).category).toBe("ring");
    expect(read({ "Item Category": "Rings", Metal: "Gold", Stone: "Diamonds" })).toMatchObject({
      category: "ring",
      metal: "yellow_gold",
      stone: "diamond",
    });
    expect(read({ "Item Category": "coin / bar", Metal: "WHITE GOLD", Stone: "pearl" })).toMatchObject({
      category: "coin_bar",
      metal: "white_gold",
      stone: "pearl",
    });
    // One part of a name that gives two words for one kind, in either language: "Coin / bar", an added "Anklet / Payal".
    const lists = [
      ...SEEDED_ITEM_CATEGORIES,
      { id: "a", key: "anklet", name: "Anklet / Payal", nameAr: "خلخال", active: true, position: 10 },
    ];
    for (const [text, key] of [
      ["Coin", "coin_bar"],
      ["BARS", "coin_bar"],
      ["payals", "anklet"],
      ["Tiara", "Tiara"],
    ])
      expect(readChoiceCell(lists, readPurchaseCells(cells({ "Item Category": text }), mapping).item.category)).toBe(
        key,
      );
    expect(read({ "Item Category": "Earring", Metal: "rose_gold" })).toMatchObject({
      category: "earrings",
      metal: "rose_gold",
      stone: undefined,
    });
  });

  it("reads weights, carats and prices exactly, number cells too", () => {
    const read = (values: Cells) => readPurchaseCells(cells(values), mapping).item;
    expect(read({ "Weight (g)": 32.4, "Stone Carats": 1.02, Price: 9800.1 })).toMatchObject({
      weightGrams: "32.4",
      stoneCarats: "1.02",
      price: "9800.1",
    });
    // A computed cell's binary noise is dropped; a real extra decimal is kept for the rules to refuse.
    expect(read({ "Weight (g)": 0.1 + 0.2, "Stone Carats": 0.1 + 0.2 })).toMatchObject({
      weightGrams: "0.300",
      stoneCarats: "0.30",
    });
    expect(read({ "Weight (g)": 32.4005 }).weightGrams).toBe("32.4005");
    expect(read({ "Weight (g)": "32.400 g", "Item Code": 1001 })).toMatchObject({
      weightGrams: "32.400 g",
      itemCode: "1001",
    });
  });

  it("reads the sale date as a day and reports an unreadable one in spreadsheet terms", () => {
    expect(readPurchaseCells(cells({ "Sale Date": 45672 }), mapping)).toMatchObject({
      saleDate: "2025-01-15",
      problems: [],
    });
    expect(readPurchaseCells(cells({ "Sale Date": "soon" }), mapping)).toMatchObject({ saleDate: undefined });
    const { problems } = readPurchaseCells(cells({ "Sale Date": "soon" }), mapping);
    expect(problems.map((problem) => english(problem))).toEqual(['Sale Date "soon" is not a date (use dd/mm/yyyy)']);
  });
});

describe("reading a Payment Method cell", () => {
  it("reads a method's key, an English name a POS prints, or its Arabic name, in any case and spacing", () => {
    const read = (texts: string[]) => texts.map(readPaymentMethodCell);
    expect(read(["cash", "CASH ", "Cash Payment", "كاش", "نقدًا", "نقدا"])).toEqual(Array(6).fill("cash"));
    expect(read(["Card", "credit card", "VISA", "بطاقة"])).toEqual(Array(4).fill("card"));
    expect(read(["bank_transfer", "Bank-Transfer", "Wire transfer", "تحويل  بنكي"])).toEqual(
      Array(4).fill("bank_transfer"),
    );
    expect(read(["old gold", "Gold Exchange", "ذهب قديم"])).toEqual(Array(3).fill("old_gold"));
    expect(read(["Cheque", "شيك", "cash card"])).toEqual([null, null, null]);
  });
});

describe("grouping rows into sales", () => {
  it("makes consecutive rows of one client, showroom and invoice one sale, the amount the exact sum", () => {
    const groups = group([
      { ...bangle, Metal: "Yellow gold", Karat: "21K", "Weight (g)": "32.4", "Sold By": "reem@example.com" },
      {
        ...bangle,
        "Item Category": "Earrings",
        Metal: "White gold",
        Karat: 18,
        "Weight (g)": 4.25,
        Stone: "Diamond",
        "Stone Carats": "0.5",
        "Certificate No": "GIA 22",
        Price: "12,500",
      },
      { ...bangle, "Invoice No": "INV-2", "Item Category": "Ring", Price: "0.01" },
    ]);
    expect(errors(groups)).toEqual([]);
    const [first, second] = sales(groups);
    expect(first).toMatchObject({
      mobile: "971501234567",
      client: { fullName: "Aisha Al Mansoori", team: "team_a" },
      saleDate: "2025-01-15",
      invoiceNo: "INV-1",
      showroom: "dubai_mall",
      soldBy: "reem@example.com",
      amountFils: 2_230_010n,
    });
    expect(first!.lines.map((l) => [l.row, l.item])).toEqual([
      [
        2,
        {
          category: "bangle",
          metal: "yellow_gold",
          karat: "21",
          weightMg: 32_400,
          stone: "none",
          stoneCaratPoints: null,
          itemCode: null,
          certificateNo: null,
          priceFils: 980_010n,
        },
      ],
      [
        3,
        {
          category: "earrings",
          metal: "white_gold",
          karat: "18",
          weightMg: 4_250,
          stone: "diamond",
          stoneCaratPoints: 50,
          itemCode: null,
          certificateNo: "GIA 22",
          priceFils: 1_250_000n,
        },
      ],
    ]);
    expect(second).toMatchObject({ invoiceNo: "INV-2", amountFils: 1n, lines: [{ row: 4 }] });
  });

  it("makes each row without an invoice number a sale of its own", () => {
    const row = { ...bangle, "Invoice No": undefined, Store: undefined };
    const found = sales(group([row, row]));
    expect(found.map((s) => [s.invoiceNo, s.showroom, s.lines.length, s.amountFils])).toEqual([
      [null, null, 1, 980_010n],
      [null, null, 1, 980_010n],
    ]);
  });

  it("takes one invoice number at two showrooms as two invoices", () => {
    const found = sales(group([bangle, { ...bangle, Store: "Sharjah" }]));
    expect(found.map((s) => [s.invoiceNo, s.showroom])).toEqual([
      ["INV-1", "dubai_mall"],
      ["INV-1", "sharjah"],
    ]);
  });

  it("refuses an invoice whose rows come back after other rows rather than making a second sale", () => {
    const groups = group([bangle, bangle, { ...bangle, "Invoice No": "INV-2" }, { ...bangle, Price: "5" }]);
    expect(sales(groups).map((s) => [s.invoiceNo, s.lines.length])).toEqual([
      ["INV-1", 2],
      ["INV-2", 1],
    ]);
    expect(errors(groups)).toEqual([
      "Row 5: Invoice INV-1 at Dubai Mall comes back after other rows (it was on rows 2–3): keep an invoice's rows together",
    ]);
  });

  it("refuses an invoice number another client's rows already used at that showroom", () => {
    const groups = group([bangle, { ...bangle, Name: "Bilal", Mobile: "050 765 4321" }]);
    expect(sales(groups)).toHaveLength(1);
    expect(errors(groups)).toEqual(["Row 3: Invoice INV-1 at Dubai Mall is already on row 2 for another client"]);
  });

  it("refuses a sale whole when one of its rows has errors, naming each bad cell by the file's header", () => {
    const groups = group([
      bangle,
      { ...bangle, Karat: "19K", "Weight (g)": "32.4.1", Price: "abc" },
      { ...bangle, Team: undefined, "Item Category": "Tiara" },
      { ...bangle, "Invoice No": "INV-2" },
    ]);
    expect(sales(groups).map((s) => s.invoiceNo)).toEqual(["INV-2"]);
    expect(errors(groups)).toEqual([
      "Row 2: Invoice INV-1 at Dubai Mall was not imported: row 3 has errors",
      'Row 3: Karat "19K": Choose a karat: 18, 21, 22, 24 or none; Weight (g) "32.4.1": Enter the weight in grams with up to 3 decimals, e.g. 32.405; Price "abc": Enter the price in AED as digits with up to 2 decimals, e.g. 1250.50',
      'Row 4: Team is required; Item Category "Tiara": Choose a category: Ring, Bangle, Bracelet, Necklace, Pendant, Earrings, Set, Watch, Coin / bar, or Other',
    ]);
  });

  it("applies the sale rules: a date, not in the future; a showroom of the shop; above AED 0", () => {
    const one = (values: Cells) => errors(group([values]));
    expect(one({ ...bangle, "Sale Date": undefined })).toEqual(["Row 2: Sale Date is required"]);
    expect(one({ ...bangle, "Sale Date": "soon" })).toEqual(['Row 2: Sale Date "soon" is not a date (use dd/mm/yyyy)']);
    expect(one({ ...bangle, "Sale Date": "01/01/2099" })).toEqual([
      'Row 2: Sale Date "2099-01-01": The sale date cannot be in the future',
    ]);
    // No showroom: the import gives the seller's home showroom (app/services/import.server.ts).
    expect(one({ ...bangle, Store: undefined })).toEqual([]);
    expect(one({ ...bangle, Store: "Deira" })[0]).toBe(
      'Row 2: Store "Deira": Choose a showroom: Dubai Gold Souk, Dubai Mall, Abu Dhabi, Sharjah, Al Ain, Online, or Road sales',
    );
    expect(one({ ...bangle, Price: "0" })).toEqual([
      "Row 2: Invoice INV-1 at Dubai Mall: A sale must be above AED 0: enter the amount or the items' prices",
    ]);
  });

  it("refuses rows of one invoice dated differently, and an invoice of more than 50 items", () => {
    expect(errors(group([bangle, { ...bangle, "Sale Date": "16/01/2025" }]))).toEqual([
      "Row 2: Invoice INV-1 at Dubai Mall was not imported: row 3 has errors",
      "Row 3: Sale Date 2025-01-16 differs from row 2 of the same invoice",
    ]);
    const many = errors(group(Array.from({ length: 51 }, () => bangle)));
    expect(many).toHaveLength(51);
    expect(many[50]).toBe("Row 52: Invoice INV-1 at Dubai Mall has 51 items: at most 50 in one sale");
  });

  it("takes the sale's payment method from the first row that names one, and refuses a second method or an unknown one", () => {
    const paid = sales(group([bangle, { ...bangle, "Item Category": "Ring", "Mode of Payment": "Cash" }]));
    expect(paid.map((s) => s.paymentMethod)).toEqual(["cash"]);
    expect(sales(group([bangle]))[0]!.paymentMethod).toBeNull();
    expect(
      errors(
        group([
          { ...bangle, "Mode of Payment": "Cash" },
          { ...bangle, "Mode of Payment": "Visa" },
        ]),
      ),
    ).toEqual([
      "Row 2: Invoice INV-1 at Dubai Mall was not imported: row 3 has errors",
      'Row 3: Mode of Payment "Visa" differs from row 2 of the same invoice',
    ]);
    expect(errors(group([{ ...bangle, "Mode of Payment": "Cheque" }]))).toEqual([
      'Row 2: Mode of Payment "Cheque": Choose a payment method: Cash, Card, Bank transfer, or Old gold',
    ]);
  });

  it("writes a sale line back as cells that read as the same item", () => {
    const [sale] = sales(group([{ ...bangle, Karat: "21", "Weight (g)": "32.4", Metal: "Gold" }]));
    const values = purchaseCellValues(sale!, sale!.lines[0]!.item, SEEDED_SALE_LISTS);
    expect(values).toMatchObject({
      invoiceNo: "INV-1",
      saleDate: "2025-01-15",
      showroom: "Dubai Mall",
      itemCategory: "Bangle",
      metal: "Yellow gold",
      karat: "21K",
      weightGrams: "32.400",
      price: "9800.10",
      paymentMethod: "",
    });
    const [cash] = sales(group([{ ...bangle, "Mode of Payment": "نقدًا" }]));
    expect(purchaseCellValues(cash!, cash!.lines[0]!.item, SEEDED_SALE_LISTS).paymentMethod).toBe("Cash");
    const reread = sales(
      group([
        {
          ...aisha,
          "Invoice No": values.invoiceNo,
          "Sale Date": values.saleDate,
          Store: values.showroom,
          "Item Category": values.itemCategory,
          Metal: values.metal,
          Karat: values.karat,
          "Weight (g)": values.weightGrams,
          Stone: values.stone,
          Price: values.price,
        },
      ]),
    );
    expect(reread[0]!.lines[0]!.item).toEqual(sale!.lines[0]!.item);
  });
});
