import { describe, expect, it } from "vitest";
import type { RatesInFils } from "./gold-rates";
import { MESSAGE_CODES } from "./message-codes";
import {
  blankExchangeRow,
  blankLineRow,
  divideHalfUp,
  formTotals,
  karatKey,
  MAX_QUOTE_LINES,
  parsePercentToBp,
  priceQuote,
  quoteFormInput,
  quoteFormValues,
  quoteInputSchema,
  quoteIssuePlace,
  quoteNumber,
  quoteValidUntil,
  saleItemPrices,
  VAT_RATE_BP,
  type QuoteLineInput,
} from "./quotes";
import type { ItemCategoryChoice } from "./shop-lists";

const RATES: RatesInFils = { "24": 26250n, "22": 24325n, "21": 23225n, "18": 19900n };
const COINS = new Set(["coin_bar"]);

const line = (over: Partial<QuoteLineInput> = {}): QuoteLineInput => ({
  description: null,
  category: "bangle",
  weightMg: 10_000,
  karat: "22",
  makingType: "per_gram",
  makingChargeFils: 0n,
  stoneValueFils: 0n,
  ...over,
});

function priced(
  lines: QuoteLineInput[],
  exchange: { weightMg: number; karat: "22" | "21"; deductionBp: number }[] = [],
) {
  const result = priceQuote({ lines, exchange }, RATES, COINS);
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.quote;
}

describe("divideHalfUp", () => {
  it("rounds a half up, and below a half down, once", () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(1499n, 1000n)).toBe(1n);
    expect(divideHalfUp(1500n, 1000n)).toBe(2n);
    expect(divideHalfUp(0n, 7n)).toBe(0n);
  });
});

describe("priceQuote", () => {
  it("prices a 22K bangle: metal, making per gram, stones, VAT 5%", () => {
    // 32.405 g × 243.25 = 7,882.51625 → 7,882.52; making 32.405 × 15.00 = 486.075 → 486.08
    const quote = priced([line({ weightMg: 32_405, makingChargeFils: 1500n, stoneValueFils: 25_000n })]);
    const [only] = quote.lines;
    expect(only!.metalValueFils).toBe(788_252n);
    expect(only!.makingFils).toBe(48_608n);
    expect(only!.lineTotalFils).toBe(788_252n + 48_608n + 25_000n);
    expect(only!.vatRateBp).toBe(VAT_RATE_BP);
    expect(quote.subtotalFils).toBe(861_860n);
    // 5% of 8,618.60 = 430.93
    expect(quote.vatFils).toBe(43_093n);
    expect(quote.totalFils).toBe(861_860n + 43_093n);
  });

  it("takes a fixed making charge as it is, whatever the weight", () => {
    const quote = priced([line({ weightMg: 1_001, makingType: "fixed", makingChargeFils: 12_345n })]);
    expect(quote.lines[0]!.makingFils).toBe(12_345n);
    // 1.001 g × 243.25 = 243.49325 → 243.49
    expect(quote.lines[0]!.metalValueFils).toBe(24_349n);
  });

  it("rounds each amount once: the VAT of the sum, not the sum of each line's VAT", () => {
    // Three lines of 0.10 fils-worth of VAT each would round to 0 each; on the sum they are counted.
    const lines = [1, 2, 3].map(() => line({ weightMg: 0, makingType: "fixed", makingChargeFils: 10n }));
    const quote = priced(lines);
    expect(quote.subtotalFils).toBe(30n);
    // 5% of 30 fils = 1.5 → 2 (rounded once, half up); three separate roundings would give 3 × round(0.5) = 3
    expect(quote.vatFils).toBe(2n);
  });

  it("zero-rates 24K lines of a coin-and-bar category and nothing else", () => {
    const quote = priced([
      line({ karat: "24", category: "coin_bar", weightMg: 10_000 }),
      line({ karat: "22", category: "coin_bar", weightMg: 10_000 }),
      line({ karat: "24", category: "bangle", weightMg: 10_000 }),
      line({ karat: "24", category: null, weightMg: 10_000 }),
    ]);
    expect(quote.lines.map((l) => l.vatRateBp)).toEqual([0, 500, 500, 500]);
    const standard = 243_250n + 262_500n + 262_500n;
    expect(quote.vatFils).toBe(divideHalfUp(standard * 500n, 10_000n));
    expect(quote.subtotalFils).toBe(262_500n + standard);
  });

  it("a quote of coins alone has no VAT", () => {
    const quote = priced([line({ karat: "24", category: "coin_bar", weightMg: 100_000 })]);
    expect(quote.vatFils).toBe(0n);
    expect(quote.totalFils).toBe(2_625_000n);
  });

  it("credits old gold at its karat's rate less the deduction, rounded once per line", () => {
    // 10.333 g of 21K at 232.25 less 2.5%: 10.333 × 232.25 × 0.975 = 2,339.8432… → 2,339.84
    const quote = priced([line({ weightMg: 20_000 })], [{ weightMg: 10_333, karat: "21", deductionBp: 250 }]);
    expect(quote.exchange[0]!.creditFils).toBe(233_984n);
    expect(quote.exchangeCreditFils).toBe(233_984n);
    expect(quote.totalFils).toBe(quote.subtotalFils + quote.vatFils - 233_984n);
  });

  it("a 100% deduction credits nothing; none credits the full metal value", () => {
    const quote = priced(
      [line({ weightMg: 20_000 })],
      [
        { weightMg: 5_000, karat: "22", deductionBp: 10_000 },
        { weightMg: 5_000, karat: "22", deductionBp: 0 },
      ],
    );
    expect(quote.exchange.map((e) => e.creditFils)).toEqual([0n, 121_625n]);
  });

  it("refuses a total below zero: the shop pays out nothing through a quote", () => {
    const result = priceQuote(
      { lines: [line({ weightMg: 1_000 })], exchange: [{ weightMg: 50_000, karat: "22", deductionBp: 0 }] },
      RATES,
      COINS,
    );
    expect(result).toMatchObject({ ok: false, path: ["exchange"], error: { code: MESSAGE_CODES.quoteNegativeTotal } });
  });

  it("a total of exactly zero stands", () => {
    const quote = priced(
      [line({ karat: "24", category: "coin_bar", weightMg: 1_000 })],
      [{ weightMg: 1_000, karat: "22", deductionBp: 0 } as never],
    );
    expect(quote.totalFils).toBe(262_50n - 243_25n);
  });

  it("refuses a karat the quote's rates do not price, naming the line", () => {
    const result = priceQuote({ lines: [line(), line({ karat: "platinum" })], exchange: [] }, RATES, COINS);
    expect(result).toMatchObject({
      ok: false,
      path: ["lines", 1, "karat"],
      error: { code: MESSAGE_CODES.quoteNoRate, values: { karat: "platinum" } },
    });
    const exchange = priceQuote(
      { lines: [line()], exchange: [{ weightMg: 1, karat: "silver", deductionBp: 0 }] },
      RATES,
      COINS,
    );
    expect(exchange).toMatchObject({ ok: false, path: ["exchange", 0, "karat"] });
    const withPlatinum = priceQuote(
      { lines: [line({ karat: "platinum" })], exchange: [] },
      { ...RATES, platinum: 12_000n },
      COINS,
    );
    expect(withPlatinum.ok).toBe(true);
  });

  it("adds many lines exactly", () => {
    const lines = Array.from({ length: MAX_QUOTE_LINES }, (_, i) =>
      line({ weightMg: 1_000 + i * 7, makingChargeFils: 1_234n, stoneValueFils: BigInt(i) }),
    );
    const quote = priced(lines);
    expect(quote.lines).toHaveLength(MAX_QUOTE_LINES);
    expect(quote.subtotalFils).toBe(quote.lines.reduce((sum, l) => sum + l.lineTotalFils, 0n));
    expect(quote.vatFils).toBe(divideHalfUp(quote.subtotalFils * 500n, 10_000n));
  });

  it("refuses a quote past the largest amount the app takes", () => {
    const result = priceQuote(
      { lines: [line({ makingType: "fixed", makingChargeFils: 10n ** 11n })], exchange: [] },
      RATES,
      COINS,
    );
    expect(result).toMatchObject({ ok: false, error: { code: MESSAGE_CODES.amountTooLarge } });
  });
});

describe("saleItemPrices", () => {
  it("shares the VAT over the standard-rated lines so the items add up to subtotal + VAT exactly", () => {
    const quote = priced([
      line({ weightMg: 1_001 }),
      line({ karat: "24", category: "coin_bar" }),
      line({ weightMg: 3_333 }),
      line({ weightMg: 7_777, makingChargeFils: 999n }),
    ]);
    const prices = saleItemPrices(quote.lines, quote.vatFils);
    expect(prices.reduce((a, b) => a + b, 0n)).toBe(quote.subtotalFils + quote.vatFils);
    expect(prices[1]).toBe(quote.lines[1]!.lineTotalFils);
  });
});

describe("numbers and days", () => {
  it("numbers a quote by the year and its sequence", () => {
    expect(quoteNumber(2026, 1)).toBe("Q-2026-00001");
    expect(quoteNumber(2027, 123_456)).toBe("Q-2027-123456");
  });

  it("holds until the end of the shop's day, in the shop's time zone", () => {
    // 22:30 in Dubai (UTC+4) on 5 December is still the 5th there: valid until 23:59:59.999 Dubai time.
    expect(quoteValidUntil(new Date("2026-12-05T18:30:00Z"), "Asia/Dubai").toISOString()).toBe(
      "2026-12-05T19:59:59.999Z",
    );
    // 01:00 Dubai on the 6th is the 6th.
    expect(quoteValidUntil(new Date("2026-12-05T21:00:00Z"), "Asia/Dubai").toISOString()).toBe(
      "2026-12-06T19:59:59.999Z",
    );
  });
});

describe("reading input", () => {
  const categories = [
    {
      id: "bangle",
      key: "bangle",
      name: "Bangle",
      nameAr: null,
      active: true,
      position: 0,
      wornOn: [],
      priceFrom: null,
    },
    {
      id: "coin_bar",
      key: "coin_bar",
      name: "Coin / bar",
      nameAr: null,
      active: true,
      position: 1,
      wornOn: [],
      priceFrom: null,
    },
  ] as unknown as ItemCategoryChoice[];
  const schema = quoteInputSchema(categories);

  it("reads the contract's JSON into exact values", () => {
    const parsed = schema.parse({
      clientId: 7,
      lines: [
        { weightGrams: "32.405", karat: "22K", makingCharge: "15", makingChargeType: "per_gram", category: "Bangle" },
      ],
      exchange: [{ weightGrams: 10.5, karat: 21, deductionPercent: "2.5" }],
    });
    expect(parsed).toEqual({
      clientId: 7,
      lines: [
        {
          description: null,
          category: "bangle",
          weightMg: 32_405,
          karat: "22",
          makingType: "per_gram",
          makingChargeFils: 1500n,
          stoneValueFils: 0n,
        },
      ],
      exchange: [{ weightMg: 10_500, karat: "21", deductionBp: 250 }],
    });
  });

  it("refuses a karat it does not know, a weight of 0 or more than 3 decimals, no lines, a bad making type", () => {
    const codes = (body: unknown) => {
      const r = schema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    };
    const base = { weightGrams: "1", karat: "22", makingCharge: "0", makingChargeType: "fixed" };
    expect(codes({ lines: [{ ...base, karat: "14" }] })).toEqual([`lines.0.karat:${MESSAGE_CODES.quoteNoRate}`]);
    expect(codes({ lines: [{ ...base, weightGrams: "0" }] })).toEqual([
      `lines.0.weightGrams:${MESSAGE_CODES.quoteWeight}`,
    ]);
    expect(codes({ lines: [{ ...base, weightGrams: "1.0001" }] })).toEqual([
      `lines.0.weightGrams:${MESSAGE_CODES.quoteWeight}`,
    ]);
    expect(codes({ lines: [] })).toEqual([`lines:${MESSAGE_CODES.quoteLinesRequired}`]);
    expect(codes({ lines: [{ ...base, makingChargeType: "per_piece" }] })).toEqual([
      `lines.0.makingChargeType:${MESSAGE_CODES.quoteMakingType}`,
    ]);
    expect(codes({ lines: [base], exchange: [{ weightGrams: "1", karat: "22", deductionPercent: "101" }] })).toEqual([
      `exchange.0.deductionPercent:${MESSAGE_CODES.quoteDeduction}`,
    ]);
    expect(codes({ clientId: "x", lines: [base] })).toEqual([`clientId:${MESSAGE_CODES.quoteClient}`]);
  });

  it("reads karats and percents as people write them", () => {
    expect(["24", 24, "24k", " 24K "].map(karatKey)).toEqual(["24", "24", "24", "24"]);
    expect(karatKey("Platinum")).toBe("platinum");
    expect(karatKey("14")).toBeNull();
    expect(["0", "2.5", "2.5%", "100", "100.01", "-1", "1.234"].map(parsePercentToBp)).toEqual([
      0,
      250,
      250,
      10_000,
      null,
      null,
      null,
    ]);
  });
});

describe("the plain form", () => {
  it("keeps every typed row and drops the blank ones for the schema, naming rows as seen", () => {
    const form = new Map<string, string>([
      ["clientId", "4"],
      ["lineRows", "3"],
      ["exchangeRows", "1"],
      ["line-0-weightGrams", "10"],
      ["line-2-weightGrams", "5"],
      ["line-2-karat", "24"],
      ["exchange-0-weightGrams", "3"],
    ]);
    const values = quoteFormValues((name) => form.get(name) ?? "");
    expect(values.lines).toHaveLength(3);
    expect(values.lines[1]).toEqual(blankLineRow());
    expect(values.exchange).toEqual([{ ...blankExchangeRow(), weightGrams: "3" }]);
    const { input, lineRows } = quoteFormInput(values);
    expect(input.lines).toHaveLength(2);
    expect(quoteIssuePlace(["lines", 1, "karat"], { lineRows, exchangeRows: [0] })).toEqual({ kind: "lines", row: 3 });
    expect(quoteIssuePlace(["clientId"], { lineRows, exchangeRows: [] })).toBeNull();
  });

  it("totals what is typed with the same arithmetic as the save", () => {
    const values = quoteFormValues(
      (name) =>
        ({ "line-0-weightGrams": "32.405", "line-0-makingCharge": "15", "line-1-weightGrams": "abc", lineRows: "2" })[
          name
        ] ?? "",
    );
    const totals = formTotals(values, RATES, COINS);
    expect(totals?.subtotalFils).toBe(788_252n + 48_608n);
  });
});
