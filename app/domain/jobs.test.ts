import { describe, expect, it } from "vitest";
import {
  allowedMoves,
  balanceAfterPayment,
  balanceOf,
  decideMove,
  decidePayment,
  decideRefund,
  isOverdue,
  isWaiting,
  shopDayStart,
  jobInputSchema,
  jobNumber,
  parseJobQuery,
  readJobNumber,
  sharePrice,
  type MoveFacts,
} from "./jobs";
import { MESSAGE_CODES } from "./message-codes";

const lists = {
  showrooms: [{ id: "s1", key: "dubai_mall", name: "Dubai Mall", nameAr: null, active: true, position: 0 }],
  itemCategories: [
    {
      id: "c1",
      key: "ring",
      name: "Ring",
      nameAr: null,
      active: true,
      position: 0,
      wornOn: ["finger" as const],
      priceFrom: null,
      investmentGold: false,
    },
  ],
};

describe("job numbers", () => {
  it("are the type's letter, the year and a five-digit sequence", () => {
    expect(jobNumber("repair", 2026, 42)).toBe("R-2026-00042");
    expect(jobNumber("custom_order", 2026, 1)).toBe("C-2026-00001");
    expect(jobNumber("layaway", 2027, 123456)).toBe("L-2027-123456");
  });
  it("are read back as said on the phone", () => {
    expect(readJobNumber("r 2026 42")).toBe("R-2026-00042");
    expect(readJobNumber(" C2026-00007 ")).toBe("C-2026-00007");
    expect(readJobNumber("Fatima")).toBeNull();
  });
});

describe("the status flow", () => {
  it("steps repairs and custom orders received → in_workshop → ready → delivered, layaways reserved → ready → delivered", () => {
    expect(allowedMoves("repair", "received")).toEqual(["in_workshop", "cancelled"]);
    expect(allowedMoves("custom_order", "in_workshop")).toEqual(["ready", "cancelled"]);
    expect(allowedMoves("layaway", "reserved")).toEqual(["ready", "cancelled"]);
    expect(allowedMoves("layaway", "ready")).toEqual(["delivered", "cancelled"]);
    expect(allowedMoves("repair", "delivered")).toEqual([]);
    expect(allowedMoves("repair", "cancelled")).toEqual([]);
  });

  const paid: MoveFacts = { type: "repair", status: "ready", priceFils: 125000n, paidFils: 125000n };
  const owing: MoveFacts = { ...paid, paidFils: 0n };
  const move = (to: MoveFacts["status"], extra: { reason?: string; override?: boolean } = {}) => ({
    to,
    reason: extra.reason ?? null,
    override: extra.override ?? false,
  });

  it("refuses a move the flow does not allow with a 409", () => {
    const refused = decideMove({ ...paid, status: "received" }, move("ready"), "admin");
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(decideMove({ ...paid, status: "received" }, move("in_workshop"), "road_sales")).toEqual({
      ok: true,
      overridden: false,
    });
  });

  it("refuses delivered while anything is owed, naming the amount, unless an admin overrides with a reason", () => {
    const refused = decideMove(owing, move("delivered"), "sales_front");
    expect(refused).toEqual({
      ok: false,
      status: 409,
      path: "status",
      message: { code: MESSAGE_CODES.jobOutstanding, values: { amount: "1,250.00" } },
    });
    expect(decideMove(owing, move("delivered", { override: true, reason: "Trusted" }), "sales_front")).toMatchObject({
      status: 409,
    });
    expect(decideMove(owing, move("delivered", { override: true }), "admin")).toMatchObject({ status: 400 });
    expect(decideMove(owing, move("delivered", { override: true, reason: "Trusted" }), "admin")).toEqual({
      ok: true,
      overridden: true,
    });
    expect(decideMove(paid, move("delivered"), "sales_back")).toEqual({ ok: true, overridden: false });
  });

  it("leaves delivering and cancelling to admin, sales front and sales back, and cancelling needs a reason", () => {
    expect(decideMove(paid, move("delivered"), "road_sales")).toMatchObject({ status: 403 });
    expect(decideMove(paid, move("cancelled", { reason: "Changed mind" }), "road_sales")).toMatchObject({
      status: 403,
    });
    expect(decideMove(paid, move("cancelled"), "admin")).toMatchObject({ status: 400, path: "reason" });
    expect(decideMove(paid, move("cancelled", { reason: "Changed mind" }), "sales_back")).toMatchObject({ ok: true });
  });

  it("makes a layaway ready only once paid in full", () => {
    const layaway: MoveFacts = { type: "layaway", status: "reserved", priceFils: 500000n, paidFils: 100000n };
    expect(decideMove(layaway, move("ready"), "admin")).toMatchObject({ status: 409 });
    expect(decideMove({ ...layaway, paidFils: 500000n }, move("ready"), "admin")).toMatchObject({ ok: true });
  });
});

describe("the balance and payments", () => {
  it("is the price less what was paid, exactly; null without a price", () => {
    expect(balanceOf(125000n, 30001n)).toBe(94999n);
    expect(balanceOf(null, 0n)).toBeNull();
  });
  it("takes a payment up to the balance on an open, priced job, and a layaway paid up becomes ready", () => {
    const job: MoveFacts = { type: "layaway", status: "reserved", priceFils: 100000n, paidFils: 40000n };
    expect(decidePayment(job, 60001n)).toMatchObject({ ok: false, status: 400 });
    expect(decidePayment(job, 50000n)).toEqual({ ok: true, becomesReady: false });
    expect(decidePayment(job, 60000n)).toEqual({ ok: true, becomesReady: true });
    expect(decidePayment({ ...job, priceFils: null }, 1n)).toMatchObject({ ok: false, status: 400 });
    expect(decidePayment({ ...job, status: "delivered" }, 1n)).toMatchObject({ ok: false, status: 409 });
  });
  it("refunds a payment of a cancelled job once, by the closing roles only", () => {
    const paid = { refundedAt: null };
    expect(decideRefund("cancelled", paid, "sales_front")).toEqual({ ok: true });
    expect(decideRefund("cancelled", paid, "road_sales")).toMatchObject({
      ok: false,
      status: 403,
      message: { code: MESSAGE_CODES.jobRefundRoleRefused },
    });
    expect(decideRefund("cancelled", null, "admin")).toMatchObject({ ok: false, status: 404 });
    expect(decideRefund("in_workshop", paid, "admin")).toMatchObject({
      ok: false,
      status: 409,
      message: { code: MESSAGE_CODES.jobRefundNotCancelled },
    });
    expect(decideRefund("cancelled", { refundedAt: new Date() }, "admin")).toMatchObject({
      ok: false,
      status: 409,
      message: { code: MESSAGE_CODES.jobPaymentRefunded },
    });
  });
  it("shares a price over the pieces in whole fils adding up exactly", () => {
    expect(sharePrice(100000n, 3)).toEqual([33334n, 33333n, 33333n]);
    expect(sharePrice(2n, 3)).toEqual([1n, 1n, 0n]);
    expect(sharePrice(5n, 0)).toEqual([]);
  });
  it("calls a job not yet ready overdue once its promised day has passed", () => {
    expect(isOverdue("in_workshop", "2026-03-01", "2026-03-02")).toBe(true);
    expect(isOverdue("reserved", "2026-03-01", "2026-03-02")).toBe(true);
    expect(isOverdue("received", "2026-03-02", "2026-03-02")).toBe(false);
    // Ready: it waits for the client, it is not late.
    expect(isOverdue("ready", "2026-03-01", "2026-03-02")).toBe(false);
    expect(isOverdue("delivered", "2026-03-01", "2026-03-02")).toBe(false);
  });
  it("begins a shop day at the shop's midnight", () => {
    expect(shopDayStart("2026-03-09", "Asia/Dubai").toISOString()).toBe("2026-03-08T20:00:00.000Z");
    expect(shopDayStart("2026-03-09", "UTC").toISOString()).toBe("2026-03-09T00:00:00.000Z");
  });
  it("calls a ready job waiting once it has been ready for more than 7 shop days", () => {
    const today = "2026-03-09";
    // Ready on the 1st (Dubai time), it waits from the 9th; ready on the 2nd, not yet.
    expect(isWaiting("ready", new Date("2026-03-01T19:59:00Z"), today, "Asia/Dubai")).toBe(true);
    expect(isWaiting("ready", new Date("2026-03-01T20:00:00Z"), today, "Asia/Dubai")).toBe(false);
    expect(isWaiting("delivered", new Date("2026-01-01T00:00:00Z"), today, "Asia/Dubai")).toBe(false);
    expect(isWaiting("ready", null, today, "Asia/Dubai")).toBe(false);
  });
});

describe("the new job's input", () => {
  const schema = jobInputSchema("2026-03-01", lists);
  it("reads exact money and weights", () => {
    const parsed = schema.parse({
      type: "custom_order",
      description: "Ring resized",
      promisedDate: "2026-03-10",
      price: "1250.50",
      showroom: "Dubai Mall",
      items: [{ category: "ring", metal: "yellow_gold", karat: "21K", weightGrams: "4.125", stoneCarats: "0.5" }],
      deposit: { amount: 250, method: "cash" },
    });
    expect(parsed.priceFils).toBe(125050n);
    expect(parsed.showroom).toBe("dubai_mall");
    expect(parsed.items[0]).toMatchObject({ category: "ring", karat: "21", weightMg: 4125, stoneCaratPoints: 50 });
    expect(parsed.deposit).toEqual({ amount: 25000n, method: "cash" });
  });
  it("names each bad field", () => {
    const result = schema.safeParse({ type: "polish", description: "", promisedDate: "2026-02-01", price: "1.234" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["type", "description", "promisedDate", "price"]));
  });
  it("needs a layaway's price and a deposit not above it", () => {
    expect(
      schema.safeParse({ type: "layaway", description: "Set", promisedDate: "2026-03-01" }).error!.issues[0]!.path,
    ).toEqual(["price"]);
    const over = schema.safeParse({
      type: "repair",
      description: "Clasp",
      promisedDate: "2026-03-01",
      price: "100",
      deposit: { amount: "100.01", method: "card" },
    });
    expect(over.error!.issues[0]!.path).toEqual(["deposit", "amount"]);
  });
});

describe("the list's query", () => {
  it("reads the filters and refuses anything else", () => {
    expect(parseJobQuery(new URLSearchParams("status=ready&type=repair&overdue=1&q=R-2026&page=2"))).toEqual({
      ok: true,
      query: {
        status: "ready",
        type: "repair",
        clientId: null,
        showroom: null,
        overdue: true,
        waiting: false,
        mine: false,
        q: "R-2026",
        page: 2,
      },
    });
    expect(parseJobQuery(new URLSearchParams("waiting=1"))).toMatchObject({ ok: true, query: { waiting: true } });
    expect(parseJobQuery(new URLSearchParams("waiting=yes")).ok).toBe(false);
    expect(parseJobQuery(new URLSearchParams("mine=1&waiting=1"))).toMatchObject({
      query: { mine: true, waiting: true },
    });
    expect(parseJobQuery(new URLSearchParams("mine=0")).ok).toBe(false);
    expect(parseJobQuery(new URLSearchParams("status=lost")).ok).toBe(false);
    expect(parseJobQuery(new URLSearchParams("page=0")).ok).toBe(false);
    expect(parseJobQuery(new URLSearchParams("clientId=abc")).ok).toBe(false);
  });
});

describe("the balance after a typed payment", () => {
  it("is the balance less the amount, to the fils, however the amount is typed", () => {
    expect(balanceAfterPayment(10_000n, "25.5")).toEqual({ ok: true, balanceFils: 7_450n });
    expect(balanceAfterPayment(123_456_789n, "1,234,567.89")).toEqual({ ok: true, balanceFils: 0n });
    expect(balanceAfterPayment(30n, "0.1")).toEqual({ ok: true, balanceFils: 20n });
    expect(balanceAfterPayment(10_000n, " AED 100 ")).toEqual({ ok: true, balanceFils: 0n });
  });

  it("says an amount above the balance is refused, as the server does", () => {
    expect(balanceAfterPayment(10_000n, "100.01")).toEqual({
      ok: false,
      message: { code: MESSAGE_CODES.jobAboveBalance, values: { balance: "100.00" } },
    });
  });

  it("says nothing while the text is not an amount above zero", () => {
    for (const typed of ["", " ", "abc", "1.234", "-5", "0", "0.00", "1,5", "1e3"])
      expect(balanceAfterPayment(10_000n, typed), typed).toBeNull();
  });
});
