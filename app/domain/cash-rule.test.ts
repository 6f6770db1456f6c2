import { describe, expect, it } from "vitest";
import { addDays } from "./calendar";
import {
  buyerIdentity,
  cashPart,
  cashRuleReason,
  cashWindowStart,
  DEFAULT_CASH_RULE,
  isFullEmiratesId,
  paymentsSchema,
  readPaymentMethod,
  settlePayments,
} from "./cash-rule";
import { MESSAGE_CODES } from "./message-codes";
import { AED } from "./money";

const rule = DEFAULT_CASH_RULE;

describe("cashWindowStart", () => {
  it("is the 30 days ending on the day, both ends included", () => {
    expect(cashWindowStart("2026-12-30", 30)).toBe("2026-12-01");
    // A payment exactly 30 days earlier has left the window; 29 days earlier is in it.
    const day = "2026-03-01";
    const start = cashWindowStart(day, 30);
    expect(addDays(day, -29) >= start).toBe(true);
    expect(addDays(day, -30) >= start).toBe(false);
  });
  it("crosses a leap day", () => {
    expect(cashWindowStart("2028-03-01", 30)).toBe("2028-02-01");
    expect(cashWindowStart("2027-03-01", 30)).toBe("2027-01-31");
  });
  it("a one-day window is the day itself", () => {
    expect(cashWindowStart("2026-12-05", 1)).toBe("2026-12-05");
  });
});

describe("cashRuleReason", () => {
  it("needs identity when one sale's cash reaches AED 55,000.00, not at 54,999.99", () => {
    expect(cashRuleReason(AED(55_000), 0n, rule)).toBe("single");
    expect(cashRuleReason(AED(55_000) - 1n, 0n, rule)).toBeNull();
  });
  it("adds the earlier cash in the window, the threshold exactly reached counting", () => {
    expect(cashRuleReason(AED(5_000), AED(50_000), rule)).toBe("window");
    expect(cashRuleReason(AED(5_000), AED(50_000) - 1n, rule)).toBeNull();
  });
  it("a sale without cash needs nothing, whatever came before", () => {
    expect(cashRuleReason(0n, AED(200_000), rule)).toBeNull();
  });
  it("reads the shop's own thresholds", () => {
    const shop = { singleThresholdFils: AED(40_000), windowThresholdFils: AED(100_000), windowDays: 7 };
    expect(cashRuleReason(AED(40_000), 0n, shop)).toBe("single");
    expect(cashRuleReason(AED(39_999), AED(60_000), shop)).toBeNull();
    expect(cashRuleReason(AED(39_999), AED(60_001), shop)).toBe("window");
  });
});

describe("payments", () => {
  const parse = (v: unknown) => paymentsSchema().parse(v);
  it("reads the methods by key in any case", () => {
    expect(readPaymentMethod("Bank Transfer")).toBe("bank_transfer");
    expect(readPaymentMethod("old-gold")).toBe("old_gold");
    expect(readPaymentMethod("cheque")).toBeNull();
  });
  it("refuses an unknown method naming the choices", () => {
    const result = paymentsSchema().safeParse([{ method: "cheque", amount: "1" }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGE_CODES.paymentMethodUnknown);
  });
  it("none is not recorded; one without an amount is the whole sale", () => {
    expect(settlePayments(parse(undefined), AED(10))).toEqual({ ok: true, payments: [] });
    expect(settlePayments(parse([{ method: "card" }]), AED(10))).toEqual({
      ok: true,
      payments: [{ method: "card", amountFils: AED(10) }],
    });
  });
  it("parts must add up to the amount exactly, to the fils", () => {
    const parts = parse([
      { method: "cash", amount: "600.50" },
      { method: "old_gold", amount: "399.50" },
    ]);
    expect(settlePayments(parts, AED(1000))).toEqual({
      ok: true,
      payments: [
        { method: "cash", amountFils: 60050n },
        { method: "old_gold", amountFils: 39950n },
      ],
    });
    const short = settlePayments(parts, AED(1000) + 1n);
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.message.code).toBe(MESSAGE_CODES.paymentsSum);
    const missing = settlePayments(parse([{ method: "cash", amount: "1" }, { method: "card" }]), AED(2));
    expect(missing.ok).toBe(false);
  });
  it("the cash part sums the cash parts only", () => {
    expect(
      cashPart([
        { method: "cash", amountFils: 100n },
        { method: "card", amountFils: 50n },
        { method: "cash", amountFils: 1n },
      ]),
    ).toBe(101n);
  });
});

describe("identity", () => {
  it("a full Emirates ID is 15 digits starting 784", () => {
    expect(isFullEmiratesId("784-1990-1234567-2")).toBe(true);
    expect(isFullEmiratesId("784199012345672")).toBe(true);
    expect(isFullEmiratesId("784-1990-123")).toBe(false);
    expect(isFullEmiratesId(null)).toBe(false);
  });
  it("takes the passport given, else the Emirates ID on file", () => {
    expect(buyerIdentity({ number: "N1234567", nationality: "India" }, "784-1990-1234567-2")).toEqual({
      idType: "passport",
      idNumber: "N1234567",
      idNationality: "India",
    });
    expect(buyerIdentity(null, "784-1990-1234567-2")?.idType).toBe("emirates_id");
    expect(buyerIdentity(null, "784-19")).toBeNull();
  });
});
