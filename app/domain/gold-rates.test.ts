import { describe, expect, it } from "vitest";
import {
  goldRateFormSchema,
  goldRateInputSchema,
  goldRateLine,
  instantOfShopTime,
  parseGoldRateRange,
  rateAge,
  rateList,
  ratesAsDecimals,
  shopClock,
  shopTimeInput,
  formatRate,
} from "./gold-rates";
import { MESSAGE_CODES } from "./message-codes";

const DUBAI = "Asia/Dubai";
const RATES = { "24": "262.50", "22": "243.25", "21": "232.25", "18": "199.00" };
// 10:00 in Dubai on 5 December 2026.
const NOW = new Date("2026-12-05T06:00:00Z");

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("goldRateInputSchema (POST /api/gold-rates)", () => {
  it("reads the four karats as fils, the optional metals only when given, and takes effect now by default", () => {
    const parsed = goldRateInputSchema(NOW).parse({ rates: RATES });
    expect(parsed.rates).toEqual({ "24": 26250n, "22": 24325n, "21": 23225n, "18": 19900n });
    expect(parsed.effectiveAt).toEqual(NOW);
    const withMetals = goldRateInputSchema(NOW).parse({
      rates: { ...RATES, platinum: 120, silver: "AED 3.5" },
      effectiveAt: "2026-12-05T09:00:00+04:00",
    });
    expect(withMetals.rates.platinum).toBe(12000n);
    expect(withMetals.rates.silver).toBe(350n);
    expect(withMetals.effectiveAt.toISOString()).toBe("2026-12-05T05:00:00.000Z");
    // Blank optional metals are not priced.
    expect(
      goldRateInputSchema(NOW).parse({ rates: { ...RATES, platinum: "", silver: null } }).rates,
    ).not.toHaveProperty("platinum");
  });

  it("refuses a missing, zero, negative, unreadable or absurd rate, naming the karat", () => {
    const refusals = [
      [{ "24": "262.50", "22": "243.25", "21": "232.25" }, "rates.18", MESSAGE_CODES.goldRateRequired],
      [{ ...RATES, "22": "0" }, "rates.22", MESSAGE_CODES.goldRateInvalid],
      [{ ...RATES, "22": "0.00" }, "rates.22", MESSAGE_CODES.goldRateInvalid],
      [{ ...RATES, "21": "-232.25" }, "rates.21", MESSAGE_CODES.goldRateInvalid],
      [{ ...RATES, "24": "262.505" }, "rates.24", MESSAGE_CODES.goldRateInvalid],
      [{ ...RATES, "24": "abc" }, "rates.24", MESSAGE_CODES.goldRateInvalid],
      [{ ...RATES, "24": "100000.01" }, "rates.24", MESSAGE_CODES.goldRateInvalid],
      [{ ...RATES, silver: "0" }, "rates.silver", MESSAGE_CODES.goldRateInvalid],
    ] as const;
    for (const [rates, path, code] of refusals)
      expect(messagesOf(goldRateInputSchema(NOW).safeParse({ rates }))).toEqual([`${path}: ${code}`]);
    expect(goldRateInputSchema(NOW).safeParse({ rates: { ...RATES, "24": "100000" } }).success).toBe(true);
  });

  it("refuses a karat the shop does not price, no rates at all, and a time later than now or without an offset", () => {
    expect(goldRateInputSchema(NOW).safeParse({ rates: { ...RATES, "14": "150" } }).success).toBe(false);
    expect(messagesOf(goldRateInputSchema(NOW).safeParse({}))).toEqual([`rates: ${MESSAGE_CODES.goldRatesObject}`]);
    expect(
      messagesOf(goldRateInputSchema(NOW).safeParse({ rates: RATES, effectiveAt: "2026-12-05T06:05:00Z" })),
    ).toEqual([`effectiveAt: ${MESSAGE_CODES.goldRateFuture}`]);
    // Within a minute of the server's clock is the same moment.
    expect(goldRateInputSchema(NOW).safeParse({ rates: RATES, effectiveAt: "2026-12-05T06:00:30Z" }).success).toBe(
      true,
    );
    expect(messagesOf(goldRateInputSchema(NOW).safeParse({ rates: RATES, effectiveAt: "2026-12-05T09:00" }))).toEqual([
      `effectiveAt: ${MESSAGE_CODES.goldRateTime}`,
    ]);
  });
});

describe("goldRateFormSchema (the page's form)", () => {
  const form = { rate24: "262.50", rate22: "243.25", rate21: "232.25", rate18: "199" };

  it("reads the shop's wall-clock time, and a blank one as now", () => {
    const parsed = goldRateFormSchema(NOW, DUBAI).parse({ ...form, effectiveAt: "2026-12-05T09:00" });
    expect(parsed).toEqual({
      rates: { "24": 26250n, "22": 24325n, "21": 23225n, "18": 19900n },
      effectiveAt: new Date("2026-12-05T05:00:00Z"),
    });
    expect(goldRateFormSchema(NOW, DUBAI).parse({ ...form, silver: "3.50" }).effectiveAt).toEqual(NOW);
  });

  it("puts each refusal under its field", () => {
    expect(messagesOf(goldRateFormSchema(NOW, DUBAI).safeParse({ ...form, rate22: "" }))).toEqual([
      `rate22: ${MESSAGE_CODES.goldRateRequired}`,
    ]);
    expect(messagesOf(goldRateFormSchema(NOW, DUBAI).safeParse({ ...form, effectiveAt: "2026-12-05T11:00" }))).toEqual([
      `effectiveAt: ${MESSAGE_CODES.goldRateFuture}`,
    ]);
    expect(messagesOf(goldRateFormSchema(NOW, DUBAI).safeParse({ ...form, effectiveAt: "2026-02-30T09:00" }))).toEqual([
      `effectiveAt: ${MESSAGE_CODES.goldRateTime}`,
    ]);
  });
});

describe("the shop's clock", () => {
  it("turns a wall-clock time into the moment, in any zone", () => {
    expect(instantOfShopTime("2026-12-05T09:00", DUBAI)?.toISOString()).toBe("2026-12-05T05:00:00.000Z");
    expect(instantOfShopTime("2026-12-05T00:00", DUBAI)?.toISOString()).toBe("2026-12-04T20:00:00.000Z");
    expect(instantOfShopTime("2026-12-05T09:00:30", "UTC")?.toISOString()).toBe("2026-12-05T09:00:30.000Z");
    expect(instantOfShopTime("0099-03-01T09:00", "UTC")?.toISOString()).toBe("0099-03-01T09:00:00.000Z");
    // New York on either side of its summer time.
    expect(instantOfShopTime("2026-07-01T09:00", "America/New_York")?.toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(instantOfShopTime("2026-12-01T09:00", "America/New_York")?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    for (const bad of ["2026-12-05", "2026-12-05T24:00", "2026-13-01T09:00", "09:00", "2026-12-05T9:00"])
      expect(instantOfShopTime(bad, DUBAI)).toBeNull();
  });

  it("writes a moment as the shop's clock and its datetime-local value", () => {
    expect(shopClock(new Date("2026-12-05T05:00:00Z"), DUBAI)).toBe("09:00");
    expect(shopClock(new Date("2026-12-04T20:30:00Z"), DUBAI)).toBe("00:30");
    expect(shopTimeInput(new Date("2026-12-04T20:30:00Z"), DUBAI)).toBe("2026-12-05T00:30");
  });
});

describe("rateAge: is it today's rate in the shop's time zone", () => {
  it("counts the shop's days, not the server's", () => {
    // 23:30 UTC on 4 December is already 03:30 on the 5th in Dubai.
    const lateUtc = new Date("2026-12-04T23:30:00Z");
    expect(rateAge(lateUtc, NOW, DUBAI)).toBe("today");
    expect(rateAge(lateUtc, NOW, "UTC")).toBe("yesterday");
    // 23:59 in Dubai on the 4th is yesterday's; 00:00 on the 5th is today's.
    expect(rateAge(new Date("2026-12-04T19:59:00Z"), NOW, DUBAI)).toBe("yesterday");
    expect(rateAge(new Date("2026-12-04T20:00:00Z"), NOW, DUBAI)).toBe("today");
    expect(rateAge(new Date("2026-12-03T12:00:00Z"), NOW, DUBAI)).toBe("older");
  });
});

describe("goldRateLine: the top bar's parts", () => {
  it("gives the rates in order, the shop's time and day, and the age", () => {
    const rates = { ...RATES, silver: "3.50" };
    expect(goldRateLine({ effectiveAt: "2026-12-05T05:00:00.000Z", rates }, NOW, DUBAI)).toEqual({
      rates: [
        { key: "24", amount: "262.50" },
        { key: "22", amount: "243.25" },
        { key: "21", amount: "232.25" },
        { key: "18", amount: "199.00" },
        { key: "silver", amount: "3.50" },
      ],
      time: "09:00",
      day: "2026-12-05",
      age: "today",
    });
    expect(goldRateLine({ effectiveAt: "2026-12-04T05:00:00.000Z", rates }, NOW, DUBAI)?.age).toBe("yesterday");
    expect(goldRateLine(null, NOW, DUBAI)).toBeNull();
  });

  it("writes an amount in the page's language and digits", () => {
    expect(formatRate("243.25")).toBe("AED 243.25");
    expect(formatRate("1243.25", { language: "ar", numerals: "arab" })).toBe("١٬٢٤٣٫٢٥ د.إ");
  });

  it("stores fils and answers decimal strings, the optional metals only when priced", () => {
    expect(ratesAsDecimals({ "24": 26250n, "22": 24325n, "21": 23225n, "18": 19900n, platinum: 12000n })).toEqual({
      ...RATES,
      platinum: "120.00",
    });
    expect(rateList(RATES).map((r) => r.key)).toEqual(["24", "22", "21", "18"]);
  });
});

describe("parseGoldRateRange (GET /api/gold-rates?from=&to=)", () => {
  const read = (query: string) => parseGoldRateRange(new URLSearchParams(query), DUBAI);

  it("reads the shop's days, both included", () => {
    expect(read("from=2026-12-01&to=2026-12-05")).toEqual({
      ok: true,
      from: new Date("2026-11-30T20:00:00Z"),
      before: new Date("2026-12-05T20:00:00Z"),
    });
    expect(read("")).toEqual({ ok: true, from: null, before: null });
    expect(read("to=2026-12-31&from=")).toEqual({ ok: true, from: null, before: new Date("2026-12-31T20:00:00Z") });
  });

  it("refuses a day that is not one, and from after to", () => {
    for (const query of ["from=2026-02-30", "to=yesterday", "from=2026-12-05&to=2026-12-01", "from=20261201"])
      expect(read(query)).toEqual({ ok: false, error: { code: MESSAGE_CODES.goldRateRange } });
  });
});
