import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as jobPage from "~/routes/_app.jobs.$id";
import * as listPage from "~/routes/_app.jobs._index";
import * as newPage from "~/routes/_app.jobs.new";
import * as slipPage from "~/routes/jobs.$id.slip";
import * as quotesApi from "~/routes/api.quotes";
import { recordGoldRate } from "~/services/gold-rates.server";
import { addClientThroughApi, callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #45 item 4 on the server: the job pages' loaders and actions call the job services, roles included. */

const signedIn = (role: Role) => signedInStaff(role);

let mobile = 503000000;

async function openedJob(cookie: string) {
  const clientId = await addClientThroughApi(cookie, {
    fullName: "Page Client",
    mobileNumber: `+971${mobile++}`,
    team: "team_a",
  });
  const res = await outcome(
    await callRoute(
      newPage.action,
      makeRequest(`/jobs/new?clientId=${clientId}`, {
        cookie,
        form: {
          type: "repair",
          description: "Chain soldered",
          promisedDate: addDays(businessToday(), 2),
          price: "80",
          "items[0].category": "necklace",
          "items[0].weightGrams": "10.5",
          "deposit.amount": "",
        },
      }),
    ),
  );
  expect(res.status).toBe(302);
  const job = await db.job.findFirstOrThrow({ where: { clientId } });
  expect(res.headers.get("Location")).toBe(`/jobs/${job.id}`);
  return { clientId, job };
}

describe("the job pages", () => {
  it("open a job from the form and refuse bad input with the fields named, nothing stored", async () => {
    const staff = await signedIn("road_sales");
    const { clientId } = await openedJob(staff.cookie);
    const bad = await outcome(
      await callRoute(
        newPage.action,
        makeRequest(`/jobs/new?clientId=${clientId}`, {
          cookie: staff.cookie,
          form: { type: "repair", description: "", promisedDate: "2000-01-01", price: "1.234" },
        }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { result: { error: Record<string, string[]> } }).result.error)).toEqual(
      expect.arrayContaining(["description", "promisedDate", "price"]),
    );
    expect(await db.job.count({ where: { clientId } })).toBe(1);
    const unknown = await outcome(
      await callRoute(newPage.loader, makeRequest("/jobs/new?clientId=999999", { cookie: staff.cookie })),
    );
    expect(unknown.status).toBe(404);
  });

  it("keep everything typed when the form comes back with errors, without JavaScript", async () => {
    const staff = await signedIn("sales_front");
    const { clientId } = await openedJob(staff.cookie);
    const bad = await outcome(
      await callRoute(
        newPage.action,
        makeRequest(`/jobs/new?clientId=${clientId}`, {
          cookie: staff.cookie,
          form: {
            type: "custom_order",
            description: "Six 21K bangles",
            promisedDate: "2000-01-01",
            price: "9000",
            "items[3].category": "bangle",
            "items[3].weightGrams": "32.4",
            "items[3].notes": "Matching set",
            "deposit.amount": "1000",
            "deposit.method": "card",
          },
        }),
      ),
    );
    // Refused for the day past, by its field; everything typed comes back for the form to show again.
    expect(bad).toMatchObject({
      status: 400,
      body: {
        result: {
          error: { promisedDate: ["The promised date is today or later"] },
          initialValue: {
            type: "custom_order",
            description: "Six 21K bangles",
            promisedDate: "2000-01-01",
            price: "9000",
            deposit: { amount: "1000", method: "card" },
          },
        },
      },
    });
    const { items } = (bad.body as { result: { initialValue: { items: unknown[] } } }).result.initialValue;
    expect(items).toHaveLength(4);
    expect(items[3]).toEqual({ category: "bangle", weightGrams: "32.4", notes: "Matching set" });
  });

  it("refuse a negative deposit in Arabic under its field, keeping the amount typed", async () => {
    const staff = await signedIn("sales_front");
    const { clientId } = await openedJob(staff.cookie);
    const bad = await outcome(
      await callRoute(
        newPage.action,
        makeRequest(`/jobs/new?clientId=${clientId}`, {
          cookie: staff.cookie,
          headers: { "Accept-Language": "ar-AE,ar;q=0.9" },
          form: {
            type: "repair",
            description: "تصليح خاتم",
            promisedDate: addDays(businessToday(), 3),
            price: "500",
            "items[0].category": "ring",
            "deposit.amount": "-50",
            "deposit.method": "cash",
          },
        }),
      ),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: {
        result: {
          error: { "deposit.amount": ["أدخل مبلغ كل جزء بالدرهم أكبر من صفر، بخانتين عشريتين على الأكثر"] },
          initialValue: { description: "تصليح خاتم", price: "500", deposit: { amount: "-50", method: "cash" } },
        },
      },
    });
    expect(Object.keys((bad.body as { result: { error: object } }).result.error)).toEqual(["deposit.amount"]);
    expect(await db.job.count({ where: { clientId } })).toBe(1);
  });

  it("fill a custom order from a quote: its pieces, their price with VAT, and the old gold as a deposit", async () => {
    const admin = await signedIn("admin");
    await recordGoldRate(
      admin.user,
      { rates: { "24": 26250n, "22": 24325n, "21": 23225n, "18": 19900n }, effectiveAt: new Date(Date.now() - 60_000) },
      null,
    );
    const { clientId } = await openedJob(admin.cookie);
    const created = await outcome(
      await callRoute(
        quotesApi.action,
        makeRequest("/api/quotes", {
          cookie: admin.cookie,
          json: {
            clientId,
            lines: [
              {
                description: "Bangle",
                category: "bangle",
                weightGrams: "32.405",
                karat: "22",
                makingCharge: "15",
                makingChargeType: "per_gram",
                stoneValue: "250",
              },
            ],
            exchange: [{ weightGrams: "10.333", karat: 21, deductionPercent: "2.5" }],
          },
        }),
      ),
    );
    expect(created.status).toBe(201);
    const quote = (created.body as { data: { id: string; number: string } }).data;
    const page = await outcome(
      await callRoute(
        newPage.loader,
        makeRequest(`/jobs/new?clientId=${clientId}&quote=${quote.id}`, { cookie: admin.cookie }),
      ),
    );
    // 8,618.60 for the bangle and 430.93 VAT; 2,339.84 of old gold taken in (quotes.test.ts works these out).
    expect((page.body as { values: unknown }).values).toMatchObject({
      type: "custom_order",
      description: `Custom order from quote ${quote.number}`,
      price: "9049.53",
      items: [
        { category: "bangle", metal: "yellow_gold", karat: "22", weightGrams: "32.405", notes: "Bangle" },
        { category: "" },
        { category: "" },
      ],
      deposit: { amount: "2339.84", method: "old_gold" },
    });
    // Another client's quote is not offered: the form starts blank.
    const other = await openedJob(admin.cookie);
    const blank = await outcome(
      await callRoute(
        newPage.loader,
        makeRequest(`/jobs/new?clientId=${other.clientId}&quote=${quote.id}`, { cookie: admin.cookie }),
      ),
    );
    expect((blank.body as { values: { type: string; price: string } }).values).toMatchObject({
      type: "repair",
      price: "",
    });
  });

  it("offer road sales no deliver or cancel, and refuse them on the server", async () => {
    const road = await signedIn("road_sales");
    const { job } = await openedJob(road.cookie);
    const page = (
      await outcome(
        await callRoute(jobPage.loader, makeRequest(`/jobs/${job.id}`, { cookie: road.cookie }), {
          id: String(job.id),
        }),
      )
    ).body as { job: { moves: string[] } };
    expect(page.job.moves).toEqual(["in_workshop"]);
    const cancel = await outcome(
      await callRoute(
        jobPage.action,
        makeRequest(`/jobs/${job.id}`, { cookie: road.cookie, form: { status: "cancelled", reason: "No" } }),
        { id: String(job.id) },
      ),
    );
    expect(cancel.status).toBe(403);
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("received");
  });

  it("take a payment and move the job, each with a flash and back to the job", async () => {
    const front = await signedIn("sales_front");
    const { job } = await openedJob(front.cookie);
    const post = async (form: Record<string, string>) =>
      outcome(
        await callRoute(jobPage.action, makeRequest(`/jobs/${job.id}`, { cookie: front.cookie, form }), {
          id: String(job.id),
        }),
      );
    const over = await post({ intent: "pay", amount: "80.01", method: "card" });
    expect(over.status).toBe(400);
    expect((over.body as { result: { error: { amount: string[] } } }).result.error.amount[0]).toContain("AED 80.00");
    expect((await post({ intent: "pay", amount: "80", method: "card" })).status).toBe(302);
    for (const status of ["in_workshop", "ready", "delivered"]) {
      const moved = await post({ status });
      expect(moved.status).toBe(302);
      expect(moved.headers.get("Location")).toBe(`/jobs/${job.id}`);
    }
    expect(await db.sale.count({ where: { invoiceNo: job.number } })).toBe(1);
    const refused = await post({ status: "ready" });
    expect(refused.status).toBe(409);
  });

  it("refuse a bad payment or a cancel without its reason under the field, in Arabic, keeping what was typed", async () => {
    const back = await signedIn("sales_back");
    const { job } = await openedJob(back.cookie);
    const post = async (form: Record<string, string>) =>
      outcome(
        await callRoute(
          jobPage.action,
          makeRequest(`/jobs/${job.id}`, {
            cookie: back.cookie,
            form,
            headers: { "Accept-Language": "ar-AE,ar;q=0.9" },
          }),
          { id: String(job.id) },
        ),
      );
    const negative = await post({
      intent: "pay",
      amount: "-5",
      method: "card",
      "buyerId.number": "N1234567",
      "buyerId.nationality": "الهند",
    });
    expect(negative).toMatchObject({
      status: 400,
      body: {
        form: "pay",
        result: {
          error: { amount: ["أدخل مبلغ كل جزء بالدرهم أكبر من صفر، بخانتين عشريتين على الأكثر"] },
          initialValue: { amount: "-5", method: "card", buyerId: { number: "N1234567", nationality: "الهند" } },
        },
      },
    });
    const blank = await post({ status: "cancelled", reason: "" });
    expect(blank).toMatchObject({
      status: 400,
      body: { form: "move", status: "cancelled", result: { error: { reason: ["اذكر السبب"] } } },
    });
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: "received",
      paidFils: 0n,
    });
  });

  it("list the jobs with counts, and print the slip with a QR code; an unknown job is a 404", async () => {
    const staff = await signedIn("sales_back");
    const { clientId, job } = await openedJob(staff.cookie);
    const list = (
      await outcome(
        await callRoute(listPage.loader, makeRequest(`/jobs?clientId=${clientId}&page=zz`, { cookie: staff.cookie })),
      )
    ).body as { total: number };
    expect(list.total).toBeGreaterThanOrEqual(1);
    const mine = (
      await outcome(
        await callRoute(listPage.loader, makeRequest(`/jobs?clientId=${clientId}`, { cookie: staff.cookie })),
      )
    ).body as { total: number; counts: Record<string, number>; rows: { number: string }[] };
    expect(mine).toMatchObject({ total: 1, counts: { received: 1 }, rows: [{ number: job.number }] });
    const slip = (
      await outcome(
        await callRoute(slipPage.loader, makeRequest(`/jobs/${job.id}/slip?size=80mm`, { cookie: staff.cookie }), {
          id: String(job.id),
        }),
      )
    ).body as { size: string; qr: string; job: { number: string } };
    expect(slip).toMatchObject({ size: "80mm", job: { number: job.number } });
    expect(slip.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const missing = await outcome(
      await callRoute(jobPage.loader, makeRequest("/jobs/999999", { cookie: staff.cookie }), { id: "999999" }),
    );
    expect(missing.status).toBe(404);
  });
});
