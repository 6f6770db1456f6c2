import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { businessToday } from "~/domain/calendar";
import * as clientQuotesApi from "~/routes/api.clients.$id.quotes";
import * as categoryApi from "~/routes/api.item-categories.$id";
import * as quoteApi from "~/routes/api.quotes.$id";
import * as quotesApi from "~/routes/api.quotes";
import * as quotePage from "~/routes/_app.quotes.$id";
import * as newQuotePage from "~/routes/_app.quotes.new";
import * as salePage from "~/routes/_app.customers_.$id.sale";
import { exportClientData } from "~/services/client-data-export.server";
import { eraseClient } from "~/services/client-erasure.server";
import { recordGoldRate } from "~/services/gold-rates.server";
import { addClientThroughApi, callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #46 item 2's contract: POST /api/quotes, GET /api/quotes/:id, GET /api/clients/:id/quotes, and the pages. */

type Quote = {
  id: string;
  number: string;
  clientId: number | null;
  rates: Record<string, string>;
  lines: Record<string, string | null>[];
  exchange: Record<string, string>[];
  subtotal: string;
  vat: string;
  exchangeCredit: string;
  total: string;
  validUntil: string;
};

const RATES = { "24": 26250n, "22": 24325n, "21": 23225n, "18": 19900n };

const signedIn = (role: Role = "road_sales") => signedInStaff(role);

const post = async (cookie: string, json: unknown) =>
  outcome(await callRoute(quotesApi.action, makeRequest("/api/quotes", { cookie, json })));
const getQuote = async (cookie: string, id: string) =>
  outcome(await callRoute(quoteApi.loader, makeRequest(`/api/quotes/${id}`, { cookie }), { id }));
const clientQuotes = async (cookie: string, id: string) =>
  outcome(await callRoute(clientQuotesApi.loader, makeRequest(`/api/clients/${id}/quotes`, { cookie }), { id }));

const BANGLE = {
  description: "Bangle",
  category: "bangle",
  weightGrams: "32.405",
  karat: "22",
  makingCharge: "15",
  makingChargeType: "per_gram",
  stoneValue: "250",
};
const COIN = { category: "coin_bar", weightGrams: "10", karat: "24K", makingCharge: "50", makingChargeType: "fixed" };

describe("/api/quotes", () => {
  it("refuses a quote before any rate of the day is entered (400)", async () => {
    const seller = await signedIn();
    const answer = await post(seller.cookie, { lines: [BANGLE] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ details: [{ path: "lines" }] });
  });

  it("prices, numbers and keeps a quote for any signed-in staff, exactly as the contract says", async () => {
    const admin = await signedIn("admin");
    await recordGoldRate(admin.user, { rates: RATES, effectiveAt: new Date(Date.now() - 60_000) }, null);
    const seller = await signedIn("road_sales");
    const clientId = await addClientThroughApi(seller.cookie, {
      fullName: "Aisha Quote",
      mobileNumber: "0501234567",
      team: "team_a",
    });
    expect((await post("", { lines: [BANGLE] })).status).toBe(401);

    const created = await post(seller.cookie, {
      clientId,
      lines: [BANGLE, COIN],
      exchange: [{ weightGrams: "10.333", karat: 21, deductionPercent: "2.5" }],
    });
    expect(created.status).toBe(201);
    const quote = (created.body as { data: Quote }).data;
    const year = businessToday().slice(0, 4);
    // 32.405 g × 243.25 = 7,882.52; making 32.405 × 15 = 486.08; stones 250 → 8,618.60
    // 10 g × 262.50 = 2,625.00 + 50 fixed = 2,675.00, zero-rated (24K coin)
    // VAT 5% of 8,618.60 = 430.93; old gold 10.333 × 232.25 × 97.5% = 2,339.84
    expect(quote).toMatchObject({
      id: expect.any(String),
      number: `Q-${year}-00001`,
      clientId,
      rates: { "24": "262.50", "22": "243.25", "21": "232.25", "18": "199.00" },
      lines: [
        { metalValue: "7882.52", making: "486.08", stoneValue: "250.00", lineTotal: "8618.60", vatRate: "5.00" },
        { metalValue: "2625.00", making: "50.00", stoneValue: "0.00", lineTotal: "2675.00", vatRate: "0.00" },
      ],
      exchange: [{ weightGrams: "10.333", karat: "21", deductionPercent: "2.50", credit: "2339.84" }],
      subtotal: "11293.60",
      vat: "430.93",
      exchangeCredit: "2339.84",
      total: "9384.69",
    });
    // Valid until the end of the shop's day.
    expect(businessToday(new Date(quote.validUntil))).toBe(businessToday());
    expect(businessToday(new Date(Date.parse(quote.validUntil) + 1))).not.toBe(businessToday());

    const stored = await db.quote.findUniqueOrThrow({ where: { id: quote.id }, include: { lines: true } });
    expect(stored).toMatchObject({ totalFils: 938_469n, vatFils: 43_093n, createdById: seller.user.id });
    expect(stored.lines).toHaveLength(3);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "client.quote_created" } });
    expect(audit).toMatchObject({ actorId: seller.user.id, targetType: "client", targetId: String(clientId) });

    // The next quote takes the next number; one without a client stands too.
    const second = await post(seller.cookie, { lines: [COIN] });
    expect(second.status).toBe(201);
    expect((second.body as { data: Quote }).data).toMatchObject({
      number: `Q-${year}-00002`,
      clientId: null,
      vat: "0.00",
    });

    // Read back: the same answer, by id and in the client's list (newest first).
    const read = await getQuote(seller.cookie, quote.id);
    expect(read.status).toBe(200);
    expect((read.body as { data: Quote }).data).toEqual(quote);
    expect((await getQuote(seller.cookie, "nope")).status).toBe(404);
    // Junk never reaches the database (PostgreSQL refuses a NUL byte with an error, not a miss).
    expect((await getQuote(seller.cookie, "\u0000x'\"<")).status).toBe(404);
    const listed = await clientQuotes(seller.cookie, String(clientId));
    expect((listed.body as { data: Quote[] }).data.map((q) => q.id)).toEqual([quote.id]);
    expect((await clientQuotes(seller.cookie, "999999")).status).toBe(404);

    // The rates it used stay with it when the rates change.
    await recordGoldRate(admin.user, { rates: { ...RATES, "22": 30000n }, effectiveAt: new Date() }, null);
    expect(((await getQuote(seller.cookie, quote.id)).body as { data: Quote }).data.rates["22"]).toBe("243.25");
  });

  it("answers 400 for a karat without a rate, a negative total and bad lines", async () => {
    const admin = await signedIn("admin");
    await recordGoldRate(admin.user, { rates: RATES, effectiveAt: new Date(Date.now() - 60_000) }, null);
    const seller = await signedIn("sales_back");
    const platinum = await post(seller.cookie, { lines: [{ ...BANGLE, karat: "platinum" }] });
    expect(platinum.status).toBe(400);
    expect(platinum.body).toMatchObject({ details: [{ path: "lines.0.karat" }] });
    expect((platinum.body as { error: string }).error).toContain("platinum");
    const fourteen = await post(seller.cookie, { lines: [{ ...BANGLE, karat: "14" }] });
    expect(fourteen.status).toBe(400);
    expect(fourteen.body).toMatchObject({ details: [{ path: "lines.0.karat" }] });
    const negative = await post(seller.cookie, {
      lines: [{ ...BANGLE, weightGrams: "1", makingCharge: "0", stoneValue: "0" }],
      exchange: [{ weightGrams: "100", karat: "22", deductionPercent: "0" }],
    });
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ details: [{ path: "exchange" }] });
    for (const body of [
      {},
      { lines: [] },
      { lines: [{ ...BANGLE, makingChargeType: "x" }] },
      { clientId: 999999, lines: [BANGLE] },
    ])
      expect((await post(seller.cookie, body)).status, JSON.stringify(body)).toBe(400);
    expect(await db.quote.count({ where: { createdById: seller.user.id } })).toBe(0);
  });
});

describe("coins and bars as a Shop setting", () => {
  it("zero-rates 24K lines of a category an admin marks as investment gold, and no longer once unmarked", async () => {
    const admin = await signedIn("admin");
    await recordGoldRate(admin.user, { rates: RATES, effectiveAt: new Date(Date.now() - 60_000) }, null);
    const mark = async (investmentGold: boolean) => {
      const answer = await outcome(
        await callRoute(
          categoryApi.action,
          makeRequest("/api/item-categories/other", { cookie: admin.cookie, method: "PUT", json: { investmentGold } }),
          { id: "other" },
        ),
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ data: { key: "other", investmentGold } });
    };
    const line = { category: "other", weightGrams: "10", karat: "24", makingCharge: "0", makingChargeType: "fixed" };
    await mark(true);
    const zero = (await post(admin.cookie, { lines: [line] })).body as { data: Quote };
    expect(zero.data).toMatchObject({ vat: "0.00", lines: [{ vatRate: "0.00" }] });
    await mark(false);
    const standard = (await post(admin.cookie, { lines: [line] })).body as { data: Quote };
    expect(standard.data.lines[0]!.vatRate).toBe("5.00");
  });
});

describe("the quote pages", () => {
  it("adds a line without JavaScript keeping what was typed, saves, shows the quote and fills the client's sale form", async () => {
    const admin = await signedIn("admin");
    await recordGoldRate(admin.user, { rates: RATES, effectiveAt: new Date(Date.now() - 60_000) }, null);
    const seller = await signedIn("sales_front");
    const clientId = await addClientThroughApi(seller.cookie, {
      fullName: "Page Client",
      mobileNumber: "0507654321",
      team: "team_a",
    });
    const typed = {
      clientId: String(clientId),
      lineRows: "1",
      exchangeRows: "0",
      "line-0-description": "Bangle",
      "line-0-category": "bangle",
      "line-0-weightGrams": "32.405",
      "line-0-karat": "22",
      "line-0-makingCharge": "15",
      "line-0-makingChargeType": "per_gram",
    };
    const more = await outcome(
      await callRoute(
        newQuotePage.action,
        makeRequest("/quotes/new", { cookie: seller.cookie, form: { ...typed, intent: "add-exchange" } }),
      ),
    );
    const values = (more.body as { values: { lines: Record<string, string>[]; exchange: unknown[] } }).values;
    expect(values.lines[0]).toMatchObject({ description: "Bangle", weightGrams: "32.405" });
    expect(values.exchange).toHaveLength(1);

    const saved = await outcome(
      await callRoute(
        newQuotePage.action,
        makeRequest("/quotes/new", {
          cookie: seller.cookie,
          form: {
            ...typed,
            exchangeRows: "1",
            "exchange-0-weightGrams": "5",
            "exchange-0-karat": "22",
            intent: "save",
          },
        }),
      ),
    );
    expect(saved.status).toBe(302);
    const id = saved.headers.get("Location")!.replace("/quotes/", "");
    const page = await outcome(
      await callRoute(quotePage.loader, makeRequest(`/quotes/${id}`, { cookie: seller.cookie }), { id }),
    );
    const shown = page.body as { quote: Quote; share: { message: string; withdrawn: boolean } };
    expect(shown.quote.exchange).toHaveLength(1);
    expect(shown.share.message).toContain(shown.quote.number);
    expect(shown.share.withdrawn).toBe(false);

    const sale = await outcome(
      await callRoute(
        salePage.loader,
        makeRequest(`/customers/${clientId}/sale?quote=${id}`, { cookie: seller.cookie }),
        { id: String(clientId) },
      ),
    );
    const form = (sale.body as { values: { description: string; items: Record<string, string>[] } }).values;
    expect(form.description).toContain(shown.quote.number);
    // One piece: its price is its total with the quote's VAT.
    const subtotalAndVat = (Number(shown.quote.subtotal) * 100 + Number(shown.quote.vat) * 100) / 100;
    expect(form.items[0]).toMatchObject({
      category: "bangle",
      karat: "22",
      metal: "yellow_gold",
      weightGrams: "32.405",
    });
    expect(Number(form.items[0]!.price)).toBeCloseTo(subtotalAndVat, 2);

    // A refused save comes back with the typed values and a message naming the row.
    const refused = await outcome(
      await callRoute(
        newQuotePage.action,
        makeRequest("/quotes/new", {
          cookie: seller.cookie,
          form: { ...typed, "line-0-weightGrams": "abc", intent: "save" },
        }),
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: string[] }).errors[0]).toMatch(/^Piece 1: /);
  });

  it("are in the client's data export, and erasure clears their pieces' descriptions but keeps the amounts", async () => {
    const admin = await signedIn("admin");
    await recordGoldRate(admin.user, { rates: RATES, effectiveAt: new Date(Date.now() - 60_000) }, null);
    const clientId = await addClientThroughApi(admin.cookie, {
      fullName: "Erase Me",
      mobileNumber: "0509990001",
      team: "team_a",
    });
    const created = await post(admin.cookie, { clientId, lines: [BANGLE] });
    const quote = (created.body as { data: Quote }).data;
    const exported = await exportClientData(clientId, { ...admin.user, role: "admin" as const }, { format: "json" });
    expect(exported?.quotes.map((q) => q.number)).toEqual([quote.number]);
    expect(exported?.quotes[0]?.lines[0]?.description).toBe("Bangle");

    await eraseClient(clientId, admin.user, null);
    const lines = await db.quoteLine.findMany({ where: { quoteId: quote.id } });
    expect(lines.map((l) => l.description)).toEqual([null]);
    expect(String((await db.quote.findUniqueOrThrow({ where: { id: quote.id } })).totalFils)).toBe(
      quote.total.replace(".", ""),
    );
  });
});
