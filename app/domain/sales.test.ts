import { describe, expect, it } from "vitest";
import { SEEDED_SALE_LISTS } from "../../tests/support/seeded-sale-lists";
import { MESSAGE_CODES } from "./message-codes";
import { AED } from "./money";
import {
  canVoidSale,
  formItemsTotal,
  itemSummary,
  KARAT_LABELS,
  KARATS,
  METAL_LABELS,
  METALS,
  mgToGrams,
  parseCaratsToPoints,
  parseGramsToMg,
  pointsToCarats,
  saleFormInput,
  saleFormValues,
  saleInputSchema,
  saleIssuePlace,
  STONE_LABELS,
  STONES,
  storedItems,
  sumItemPrices,
  totalWeightMg,
} from "./sales";
import { tierForTotal } from "./tiers";

const TODAY = "2026-11-24";
const parse = (body: unknown) => saleInputSchema(TODAY, SEEDED_SALE_LISTS).safeParse(body);
const item = (extra: Record<string, unknown> = {}) => ({ category: "bangle", price: "9800", ...extra });

describe("enumerations", () => {
  it("has a label for every value of every list, and the lists the issue names", () => {
    for (const [values, labels] of [
      [METALS, METAL_LABELS],
      [KARATS, KARAT_LABELS],
      [STONES, STONE_LABELS],
    ] as const) {
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
    }
    expect(KARATS).toEqual(["18", "21", "22", "24", "none"]);
    expect(METALS).toContain("none");
    expect(STONES).toEqual(["none", "diamond", "ruby", "emerald", "sapphire", "pearl", "other"]);
  });
});

describe("weights and carats are exact integers", () => {
  it.each([
    ["32.4", 32_400],
    ["32.405", 32_405],
    ["0.001", 1],
    [" 1,000.5 g", 1_000_500],
    [32.4, 32_400],
    ["7", 7_000],
  ])("%s g → %s mg", (text, mg) => {
    expect(parseGramsToMg(text)).toBe(mg);
  });

  it.each(["32.4055", "-1", "abc", "", "1e3", "3..2", "32,4", "1,00.5", "12,5 g"])("refuses %j as a weight", (text) => {
    expect(parseGramsToMg(text)).toBeNull();
  });

  it("parses carats to hundredths and prints both back", () => {
    expect(parseCaratsToPoints("1.02")).toBe(102);
    expect(parseCaratsToPoints("1.02 ct")).toBe(102);
    expect(parseCaratsToPoints("0.5")).toBe(50);
    expect(parseCaratsToPoints("1.025")).toBeNull();
    expect(pointsToCarats(102)).toBe("1.02");
    expect(pointsToCarats(5)).toBe("0.05");
    expect(mgToGrams(32_400)).toBe("32.400");
    expect(mgToGrams(1)).toBe("0.001");
  });

  it("adds weights where floats would drift (0.1 g + 0.2 g is 0.300 g)", () => {
    const total = totalWeightMg([
      { weightMg: parseGramsToMg("0.1") },
      { weightMg: parseGramsToMg("0.2") },
      { weightMg: null },
    ]);
    expect(mgToGrams(total)).toBe("0.300");
  });
});

describe("a sale's amount is the sum of its items", () => {
  it("adds prices exactly in fils", () => {
    expect(sumItemPrices([{ priceFils: 10n }, { priceFils: 20n }])).toBe(30n);
    expect(sumItemPrices([])).toBe(0n);
  });

  it("takes the amount from the items, reading the JSON names into exact columns", () => {
    const result = parse({
      saleDate: TODAY,
      showroom: "dubai_mall",
      invoiceNo: "INV-1",
      items: [
        item({ metal: "yellow_gold", karat: 21, weightGrams: "32.4", price: "9800.10" }),
        item({ category: "ring", stone: "diamond", stoneCarats: "1.02", certificateNo: "GIA 123", price: 15_000.2 }),
      ],
    });
    expect(result.success).toBe(true);
    const sale = result.data!;
    expect(sale.amountFils).toBe(980_010n + 1_500_020n);
    expect(sale.items[0]).toMatchObject({ karat: "21", metal: "yellow_gold", weightMg: 32_400, priceFils: 980_010n });
    expect(sale.items[1]).toMatchObject({ stone: "diamond", stoneCaratPoints: 102, certificateNo: "GIA 123" });
  });

  it("refuses an amount that disagrees with the items, and accepts one that agrees", () => {
    const wrong = parse({ saleDate: TODAY, amount: "100", items: [item({ price: "99.99" })] });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues[0]).toMatchObject({
      message: MESSAGE_CODES.saleAmountNotSum,
      params: { amount: "99.99" },
    });
    expect(parse({ saleDate: TODAY, amount: "99.99", items: [item({ price: "99.99" })] }).success).toBe(true);
  });

  it("refuses amounts, prices, weights and carats past their bounds, under the field, and never overflows", () => {
    const refusal = (body: Record<string, unknown>) => {
      const result = parse({ saleDate: TODAY, ...body });
      expect(result.success).toBe(false);
      const [issue] = result.error!.issues;
      return { path: issue!.path.join("."), message: issue!.message };
    };
    const tooMuch = { path: "amount", message: MESSAGE_CODES.amountTooLarge };
    expect(refusal({ amount: "100000000000000000000" })).toEqual(tooMuch);
    expect(refusal({ amount: 1e21 }).path).toBe("amount");
    expect(refusal({ amount: "100,000,000.01" })).toEqual(tooMuch);
    expect(parse({ saleDate: TODAY, amount: "100,000,000.00" }).data?.amountFils).toBe(AED(100_000_000));
    expect(refusal({ items: [item({ price: "100000000.01" })] })).toEqual({
      path: "items.0.price",
      message: MESSAGE_CODES.amountTooLarge,
    });
    // Two items each within the bound whose sum is not.
    expect(refusal({ items: [item({ price: "60000000" }), item({ price: "60000000" })] })).toEqual({
      path: "items",
      message: MESSAGE_CODES.amountTooLarge,
    });
    expect(refusal({ items: [item({ weightGrams: "10000.001" })] })).toEqual({
      path: "items.0.weightGrams",
      message: MESSAGE_CODES.weightTooLarge,
    });
    expect(parse({ saleDate: TODAY, items: [item({ weightGrams: "10,000" })] }).data?.items[0]?.weightMg).toBe(
      10_000_000,
    );
    for (const [field, value] of [
      ["amount", "-5"],
      ["amount", "12.345"],
      ["amount", "32,4"],
      ["amount", "1,23"],
    ] as const)
      expect(refusal({ [field]: value }).path, `${field} ${value}`).toBe(field);
    expect(refusal({ items: [item({ weightGrams: "32,4" })] }).path).toBe("items.0.weightGrams");
    expect(refusal({ items: [item({ weightGrams: "1.0005" })] }).path).toBe("items.0.weightGrams");
  });

  it("keeps today's single-amount sale: above 0, not in the future", () => {
    expect(parse({ saleDate: TODAY, amount: "1250.50" }).data?.amountFils).toBe(125_050n);
    expect(parse({ saleDate: TODAY, amount: "0" }).success).toBe(false);
    expect(parse({ saleDate: TODAY }).success).toBe(false);
    expect(parse({ saleDate: "2026-11-25", amount: "1" }).success).toBe(false);
    expect(parse({ saleDate: "2026-02-30", amount: "1" }).success).toBe(false);
  });

  it("reads a showroom and a category by id, key or either name, any case; refuses an inactive one naming the active ones", () => {
    const read = (showroom: string, category: string) => {
      const result = parse({ saleDate: TODAY, showroom, items: [item({ category })] });
      return result.success ? [result.data.showroom, result.data.items[0]!.category] : null;
    };
    expect(read("دبي مول", "خاتم")).toEqual(["dubai_mall", "ring"]);
    expect(read("  DUBAI   mall ", "COIN / BAR")).toEqual(["dubai_mall", "coin_bar"]);
    expect(read("sharjah", "earrings")).toEqual(["sharjah", "earrings"]);
    const closed = {
      ...SEEDED_SALE_LISTS,
      showrooms: SEEDED_SALE_LISTS.showrooms.map((r) => (r.key === "al_ain" ? { ...r, active: false } : r)),
    };
    const refused = saleInputSchema(TODAY, closed).safeParse({ saleDate: TODAY, amount: "5", showroom: "Al Ain" });
    const issue = refused.error!.issues[0]!;
    expect(issue.message).toBe(MESSAGE_CODES.chooseShowroom);
    const names = (issue as unknown as { params: { choices: { names: { name: string }[] } } }).params.choices.names;
    expect(names.map((n) => n.name)).not.toContain("Al Ain");
    expect(names.map((n) => n.name)).toContain("Dubai Mall");
    const noCategory = parse({ saleDate: TODAY, items: [item({ category: "" })] });
    expect(noCategory.error!.issues[0]).toMatchObject({
      path: ["items", 0, "category"],
      message: MESSAGE_CODES.chooseItemCategory,
    });
  });

  it("refuses unknown enumerations and junk", () => {
    expect(parse({ saleDate: TODAY, items: [item({ karat: 14 })] }).success).toBe(false);
    expect(parse({ saleDate: TODAY, items: [item({ category: "tiara" })] }).success).toBe(false);
    expect(parse({ saleDate: TODAY, items: [item({ price: "" })] }).success).toBe(false);
    expect(parse({ saleDate: TODAY, amount: "5", showroom: "mars" }).success).toBe(false);
    // No showroom with an invoice is the seller's home showroom, decided when the sale is recorded.
    expect(parse({ saleDate: TODAY, amount: "5", invoiceNo: "A1" }).success).toBe(true);
    expect(parse(null).success).toBe(false);
    expect(parse({ saleDate: TODAY, items: "x" }).success).toBe(false);
  });
});

describe("items as stored", () => {
  it("numbers the items and carries the sale's day and marks its first item of each category, so the report counts the sale once there", () => {
    const day = new Date("2026-03-01T00:00:00.000Z");
    const items = storedItems([{ category: "ring" }, { category: "earrings" }, { category: "ring" }], day);
    expect(items.map((i) => [i.category, i.position, i.firstOfCategory, i.saleDate])).toEqual([
      ["ring", 0, true, day],
      ["earrings", 1, true, day],
      ["ring", 2, false, day],
    ]);
  });
});

describe("the plain form", () => {
  const form = (fields: Record<string, string>) => saleFormValues((name) => fields[name] ?? "");

  it("skips blank rows and names errors by the row on screen", () => {
    const values = form({
      rows: "3",
      saleDate: TODAY,
      "item-0-category": "ring",
      "item-0-price": "10",
      "item-2-category": "bangle",
      "item-2-price": "12.5.1",
    });
    expect(values.items).toHaveLength(3);
    const { input, rowOf } = saleFormInput(values);
    expect(rowOf).toEqual([0, 2]);
    const result = saleInputSchema(TODAY, SEEDED_SALE_LISTS).safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(saleIssuePlace(issue.path, rowOf)).toEqual({ row: 3, field: "price" });
    expect(saleIssuePlace(["amount"], rowOf)).toBeNull();
  });

  it("keeps the running total exact from what is typed", () => {
    const values = form({ rows: "4", "item-0-price": "0.10", "item-1-price": "0.20", "item-3-weightGrams": "1.5" });
    expect(formItemsTotal(values.items)).toEqual({ totalFils: 30n, weightMg: 1_500, count: 3 });
  });
});

describe("tier after a void", () => {
  it("a client at exactly AED 100,000 whose 1 fils sale is voided drops below Gold", () => {
    const sales = [{ priceFils: AED(100_000) - 1n }, { priceFils: 1n }];
    expect(tierForTotal(sumItemPrices(sales))).toBe("gold");
    expect(tierForTotal(sumItemPrices(sales.slice(0, 1)))).toBe("silver");
  });
});

describe("who may void", () => {
  const recorded = new Date("2026-11-24T08:00:00Z"); // 12:00 in Dubai
  const sale = { createdById: "u1", createdAt: recorded, voidedAt: null };

  it("lets the recorder void on the same shop day, an admin any day, nobody twice", () => {
    expect(canVoidSale({ id: "u1", role: "sales_front" }, sale, new Date("2026-11-24T19:59:00Z"))).toBe(true);
    // 20:00 UTC is midnight in Dubai: the next shop day.
    expect(canVoidSale({ id: "u1", role: "sales_front" }, sale, new Date("2026-11-24T20:00:00Z"))).toBe(false);
    expect(canVoidSale({ id: "u2", role: "sales_back" }, sale, recorded)).toBe(false);
    expect(canVoidSale({ id: "u9", role: "admin" }, sale, new Date("2027-01-01T00:00:00Z"))).toBe(true);
    expect(canVoidSale({ id: "u9", role: "admin" }, { ...sale, voidedAt: recorded }, recorded)).toBe(false);
  });
});

describe("one line per item", () => {
  const base = {
    category: "bangle",
    metal: "yellow_gold",
    karat: "21",
    weightGrams: "32.400",
    stone: "none",
    stoneCarats: null,
    itemCode: null,
    certificateNo: null,
    price: "9800.00",
    categoryName: "Bangle",
  };

  it("names the piece, its gold, weight and price", () => {
    expect(itemSummary(base)).toBe("Bangle · 21K Yellow gold · 32.400 g · AED 9,800.00");
  });

  it("adds the stone with its carats, the code and the certificate; leaves out what is not there", () => {
    expect(
      itemSummary({
        ...base,
        category: "ring",
        categoryName: "Ring",
        karat: "none",
        metal: "platinum",
        weightGrams: null,
        stone: "diamond",
        stoneCarats: "1.02",
        itemCode: "R-77",
        certificateNo: "GIA 123",
        price: "25000",
      }),
    ).toBe("Ring · Platinum · Diamond 1.02 ct · code R-77 · cert. GIA 123 · AED 25,000.00");
    expect(itemSummary({ ...base, metal: "none", karat: "none", weightGrams: null })).toBe("Bangle · AED 9,800.00");
  });
});
