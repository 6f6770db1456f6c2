import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as clientJobsApi from "~/routes/api.clients.$id.jobs";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as jobsApi from "~/routes/api.jobs";
import * as jobApi from "~/routes/api.jobs.$id";
import * as paymentsApi from "~/routes/api.jobs.$id.payments";
import * as refundApi from "~/routes/api.jobs.$id.payments.$paymentId.refund";
import * as jobPage from "~/routes/_app.jobs.$id";
import * as statusApi from "~/routes/api.jobs.$id.status";
import * as voidApi from "~/routes/api.sales.$id.void";
import { deleteClients, restoreClients } from "~/services/client-deletion.server";
import {
  addClientThroughApi,
  callRoute,
  createUser,
  makeRequest,
  outcome,
  sessionCookieFor,
} from "../support/factories";

/** Issue #45's contract: the job bag through its /api routes, checked against the stored rows. */

type Role = "admin" | "sales_front" | "sales_back" | "road_sales";
type Job = {
  id: number;
  number: string;
  type: string;
  status: string;
  clientId: number;
  price: string | null;
  paid: string;
  balance: string | null;
  promisedDate: string;
  takenAt: string;
  showroom: string | null;
  items: { category: string; weightGrams: string | null; karat: string; notes: string | null }[];
  payments: { id: number; amount: string; method: string; refundedOn: string | null; refundedByName: string | null }[];
  history: { status: string; at: string; byName: string; reason: string | null }[];
  allowedMoves: string[];
  saleId: number | null;
};

async function signedIn(role: Role = "admin", showroomKey: string | null = null) {
  const staff = await createUser({ role });
  if (showroomKey) {
    const showroom = await db.showroom.findUniqueOrThrow({ where: { key: showroomKey } });
    await db.user.update({ where: { id: staff.user.id }, data: { showroomId: showroom.id } });
  }
  return { ...staff, cookie: await sessionCookieFor(staff.user.id) };
}

let mobile = 502000000;
const newClient = (cookie: string, fields: Record<string, unknown> = {}) =>
  addClientThroughApi(cookie, { fullName: "Job Client", mobileNumber: `+971${mobile++}`, team: "team_a", ...fields });

const today = () => businessToday();

const openJob = async (cookie: string, clientId: number | string, json: unknown) =>
  outcome(
    await callRoute(clientJobsApi.action, makeRequest(`/api/clients/${clientId}/jobs`, { cookie, json }), {
      id: String(clientId),
    }),
  );
const pay = async (cookie: string, id: number | string, json: unknown) =>
  outcome(
    await callRoute(paymentsApi.action, makeRequest(`/api/jobs/${id}/payments`, { cookie, json }), { id: String(id) }),
  );
const move = async (cookie: string, id: number | string, json: unknown) =>
  outcome(
    await callRoute(statusApi.action, makeRequest(`/api/jobs/${id}/status`, { cookie, json }), { id: String(id) }),
  );
const refund = async (cookie: string, id: number | string, paymentId: number | string) =>
  outcome(
    await callRoute(
      refundApi.action,
      makeRequest(`/api/jobs/${id}/payments/${paymentId}/refund`, { cookie, json: {} }),
      {
        id: String(id),
        paymentId: String(paymentId),
      },
    ),
  );
const read = async (cookie: string, id: number | string) =>
  outcome(await callRoute(jobApi.loader, makeRequest(`/api/jobs/${id}`, { cookie }), { id: String(id) }));
const list = async (cookie: string, query = "") =>
  outcome(await callRoute(jobsApi.loader, makeRequest(`/api/jobs${query}`, { cookie })));

const repair = (extra: Record<string, unknown> = {}) => ({
  type: "repair",
  description: "Broken clasp on a 21K chain",
  promisedDate: addDays(today(), 7),
  price: "1250",
  items: [{ category: "necklace", metal: "yellow_gold", karat: "21", weightGrams: "12.345", notes: "Clasp bent" }],
  ...extra,
});

describe("POST /api/clients/:id/jobs", () => {
  it("opens a job with its number, first status, exact money and weights, and a deposit", async () => {
    const taker = await signedIn("road_sales", "dubai_mall");
    const clientId = await newClient(taker.cookie);
    const res = await openJob(taker.cookie, clientId, repair({ deposit: { amount: "250.50", method: "card" } }));
    expect(res.status).toBe(201);
    const job = (res.body as { data: Job }).data;
    expect(job).toMatchObject({
      type: "repair",
      status: "received",
      clientId,
      price: "1250.00",
      paid: "250.50",
      balance: "999.50",
      promisedDate: addDays(today(), 7),
      showroom: "dubai_mall",
      payments: [{ amount: "250.50", method: "card" }],
    });
    expect(job.number).toMatch(new RegExp(`^R-${today().slice(0, 4)}-\\d{5}$`));
    expect(job.items[0]).toMatchObject({
      category: "necklace",
      weightGrams: "12.345",
      karat: "21",
      notes: "Clasp bent",
    });
    const stored = await db.job.findUniqueOrThrow({ where: { id: job.id }, include: { items: true, payments: true } });
    expect(stored.priceFils).toBe(125000n);
    expect(stored.paidFils).toBe(25050n);
    expect(stored.items[0]!.weightMg).toBe(12345);
    expect(await db.auditLog.count({ where: { action: "client.job_created", targetId: String(clientId) } })).toBe(1);
  });

  it("numbers each type in its own sequence, one after another", async () => {
    const staff = await signedIn("sales_front");
    const clientId = await newClient(staff.cookie);
    const numbers: string[] = [];
    for (const type of ["custom_order", "custom_order", "layaway"]) {
      const res = await openJob(staff.cookie, clientId, repair({ type, deposit: null }));
      expect(res.status).toBe(201);
      numbers.push((res.body as { data: Job }).data.number);
    }
    const [first, second, layaway] = numbers;
    expect(first).toMatch(/^C-/);
    expect(Number(second!.slice(-5))).toBe(Number(first!.slice(-5)) + 1);
    expect(layaway).toMatch(/^L-\d{4}-\d{5}$/);
  });

  it("answers bad input with a 400 naming each field, and an unknown client with a 404", async () => {
    const staff = await signedIn("sales_back");
    const clientId = await newClient(staff.cookie);
    const bad = await openJob(staff.cookie, clientId, {
      type: "polish",
      description: "",
      promisedDate: "yesterday",
      price: "12.345",
      items: [{ category: "spaceship", weightGrams: "1.2345" }],
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body as { details: { path: string }[] }).details.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "type",
        "description",
        "promisedDate",
        "price",
        "items.0.category",
        "items.0.weightGrams",
      ]),
    );
    const layaway = await openJob(staff.cookie, clientId, repair({ type: "layaway", price: null }));
    expect(layaway.status).toBe(400);
    expect(JSON.stringify(layaway.body)).toContain("A layaway needs its price");
    expect((await openJob(staff.cookie, 999999, repair())).status).toBe(404);
    expect((await openJob(staff.cookie, "abc", repair())).status).toBe(404);
    expect(await db.job.count({ where: { clientId } })).toBe(0);
  });
});

describe("payments and the balance", () => {
  it("takes payments up to the balance, refuses more with a 400, and counts cash under the cash rule", async () => {
    const staff = await signedIn("road_sales");
    const clientId = await newClient(staff.cookie);
    const job = ((await openJob(staff.cookie, clientId, repair())).body as { data: Job }).data;
    const first = await pay(staff.cookie, job.id, { amount: "1000.01", method: "cash" });
    expect(first).toMatchObject({ status: 201, body: { data: { paid: "1000.01", balance: "249.99" } } });
    const over = await pay(staff.cookie, job.id, { amount: "250", method: "card" });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain("AED 249.99");
    const cash = await db.cashTransaction.findFirstOrThrow({ where: { clientId } });
    expect(cash).toMatchObject({ kind: "job_payment", cashFils: 100001n, reportStatus: null });
    expect(cash.jobPaymentId).not.toBeNull();
    expect((await pay(staff.cookie, job.id, { amount: "1", method: "cheque" })).status).toBe(400);
    expect((await pay(staff.cookie, 999999, { amount: "1", method: "card" })).status).toBe(404);
  });

  it("needs the buyer's identity for cash reaching the threshold, as a sale does", async () => {
    const staff = await signedIn("sales_front");
    const clientId = await newClient(staff.cookie);
    const job = (
      (await openJob(staff.cookie, clientId, repair({ type: "layaway", price: "60000", items: [] }))).body as {
        data: Job;
      }
    ).data;
    const refused = await pay(staff.cookie, job.id, { amount: "55000", method: "cash" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "cash_id_required" });
    expect(await db.jobPayment.count({ where: { jobId: job.id } })).toBe(0);
    const passport = { type: "passport", number: "N1234567", nationality: "India" };
    const taken = await pay(staff.cookie, job.id, { amount: "55000", method: "cash", buyerId: passport });
    expect(taken.status).toBe(201);
    const cash = await db.cashTransaction.findFirstOrThrow({ where: { clientId } });
    expect(cash).toMatchObject({ kind: "job_payment", reportStatus: "report_due", idType: "passport" });
  });
});

describe("the status flow", () => {
  it("steps a repair to delivered, refuses other moves with a 409, and keeps the history", async () => {
    const staff = await signedIn("sales_front");
    const clientId = await newClient(staff.cookie);
    const job = ((await openJob(staff.cookie, clientId, repair({ price: "300" }))).body as { data: Job }).data;
    expect((await move(staff.cookie, job.id, { status: "ready" })).status).toBe(409);
    expect((await move(staff.cookie, job.id, { status: "in_workshop" })).status).toBe(200);
    expect((await move(staff.cookie, job.id, { status: "ready" })).status).toBe(200);
    const owed = await move(staff.cookie, job.id, { status: "delivered" });
    expect(owed).toMatchObject({ status: 409, body: { error: "AED 300.00 outstanding" } });
    await pay(staff.cookie, job.id, { amount: "300", method: "card" });
    const delivered = await move(staff.cookie, job.id, { status: "delivered" });
    expect(delivered.status).toBe(200);
    const detail = (await read(staff.cookie, job.id)).body as { data: Job };
    expect(detail.data.status).toBe("delivered");
    expect(detail.data.allowedMoves).toEqual([]);
    expect(detail.data.history.map((h) => h.status)).toEqual(["received", "in_workshop", "ready", "delivered"]);
    expect(detail.data.history[0]!.byName).toBe(staff.user.name);
    expect((await move(staff.cookie, job.id, { status: "cancelled", reason: "late" })).status).toBe(409);
    expect((await move(staff.cookie, job.id, { status: "lost" })).status).toBe(400);
    expect((await read(staff.cookie, 999999)).status).toBe(404);
    expect((await read(staff.cookie, "x")).status).toBe(404);
  });

  it("lets an admin deliver with a balance given a reason and override, audited; others may not", async () => {
    const admin = await signedIn("admin");
    const back = await signedIn("sales_back");
    const clientId = await newClient(admin.cookie);
    const job = (
      (await openJob(admin.cookie, clientId, repair({ type: "custom_order", price: "1250" }))).body as {
        data: Job;
      }
    ).data;
    await move(admin.cookie, job.id, { status: "in_workshop" });
    await move(admin.cookie, job.id, { status: "ready" });
    const refused = await move(back.cookie, job.id, { status: "delivered", override: true, reason: "Known client" });
    expect(refused).toMatchObject({ status: 409, body: { error: "AED 1,250.00 outstanding" } });
    const overridden = await move(admin.cookie, job.id, {
      status: "delivered",
      override: true,
      reason: "Known client",
    });
    expect(overridden.status).toBe(200);
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "client.job_status_changed", targetId: String(clientId) },
      orderBy: { createdAt: "desc" },
    });
    expect(JSON.parse(entry.details!)).toMatchObject({ to: "delivered", override: true, reason: "Known client" });
  });

  it("leaves delivering and cancelling to admin and sales front or back; cancelling lists the refunds", async () => {
    const road = await signedIn("road_sales");
    const front = await signedIn("sales_front");
    const clientId = await newClient(road.cookie);
    const job = (
      (await openJob(road.cookie, clientId, repair({ deposit: { amount: "100", method: "cash" } }))).body as {
        data: Job;
      }
    ).data;
    expect((await move(road.cookie, job.id, { status: "cancelled", reason: "Changed mind" })).status).toBe(403);
    expect((await move(front.cookie, job.id, { status: "cancelled" })).status).toBe(400);
    const cancelled = await move(front.cookie, job.id, { status: "cancelled", reason: "Changed mind" });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body as { refunds: unknown[] }).refunds).toEqual([
      expect.objectContaining({ amount: "100.00", method: "cash" }),
    ]);
    expect((await pay(front.cookie, job.id, { amount: "1", method: "card" })).status).toBe(409);
  });

  it("refunds a cancelled job's payments whole and once, by the closing roles, audited; the page does it too", async () => {
    const back = await signedIn("sales_back");
    const road = await signedIn("road_sales");
    const clientId = await newClient(back.cookie);
    const job = (
      (await openJob(back.cookie, clientId, repair({ deposit: { amount: "100", method: "cash" } }))).body as {
        data: Job;
      }
    ).data;
    await pay(back.cookie, job.id, { amount: "50.25", method: "card" });
    const [deposit, card] = ((await read(back.cookie, job.id)).body as { data: Job }).data.payments;
    expect((await refund(back.cookie, job.id, deposit!.id)).status).toBe(409); // not cancelled yet
    await move(back.cookie, job.id, { status: "cancelled", reason: "Changed mind" });
    expect((await refund(road.cookie, job.id, deposit!.id)).status).toBe(403);
    expect((await refund(back.cookie, job.id, 999_999)).status).toBe(404);

    const refunded = await refund(back.cookie, job.id, deposit!.id);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toEqual({ data: { paid: "50.25", balance: expect.any(String) } });
    expect((await refund(back.cookie, job.id, deposit!.id)).status).toBe(409); // once
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "client.job_payment_refunded", targetId: String(clientId) },
    });
    expect(JSON.parse(entry.details!)).toMatchObject({ job: job.number, amount: "100.00", method: "cash" });

    // The page's plain form refunds the other payment; the job then owes back nothing.
    const posted = await outcome(
      await callRoute(
        jobPage.action,
        makeRequest(`/jobs/${job.id}`, {
          cookie: back.cookie,
          form: { intent: "refund", paymentId: String(card!.id) },
        }),
        { id: String(job.id) },
      ),
    );
    expect(posted.status).toBe(302);
    const after = ((await read(back.cookie, job.id)).body as { data: Job }).data;
    expect(after.paid).toBe("0.00");
    expect(after.payments).toEqual([
      expect.objectContaining({ amount: "100.00", refundedOn: today(), refundedByName: expect.any(String) }),
      expect.objectContaining({ amount: "50.25", refundedOn: today() }),
    ]);
  });

  it("makes a layaway ready once paid in full", async () => {
    const staff = await signedIn("sales_back");
    const clientId = await newClient(staff.cookie);
    const job = (
      (await openJob(staff.cookie, clientId, repair({ type: "layaway", price: "500" }))).body as {
        data: Job;
      }
    ).data;
    expect(job.status).toBe("reserved");
    expect((await move(staff.cookie, job.id, { status: "ready" })).status).toBe(409);
    await pay(staff.cookie, job.id, { amount: "200", method: "card" });
    await pay(staff.cookie, job.id, { amount: "300", method: "bank_transfer" });
    expect(((await read(staff.cookie, job.id)).body as { data: Job }).data.status).toBe("ready");
  });
});

describe("delivery records the sale", () => {
  it("records a sale of the job's price, its pieces as items, the job number as invoice, its payments as the sale's", async () => {
    const staff = await signedIn("sales_front", "dubai_mall");
    const clientId = await newClient(staff.cookie);
    const body = {
      ...repair({ type: "custom_order", price: "1000" }),
      items: [
        { category: "ring", metal: "yellow_gold", karat: "22", weightGrams: "4.5" },
        { category: "earrings", metal: "white_gold", karat: "18", weightGrams: "3" },
        { category: "bangle", metal: "yellow_gold", karat: "21", weightGrams: "20" },
      ],
      deposit: { amount: "400", method: "cash" },
    };
    const job = ((await openJob(staff.cookie, clientId, body)).body as { data: Job }).data;
    await pay(staff.cookie, job.id, { amount: "600", method: "card" });
    await move(staff.cookie, job.id, { status: "in_workshop" });
    await move(staff.cookie, job.id, { status: "ready" });
    expect((await move(staff.cookie, job.id, { status: "delivered" })).status).toBe(200);

    const sales = await outcome(
      await callRoute(salesApi.loader, makeRequest(`/api/clients/${clientId}/sales`, { cookie: staff.cookie }), {
        id: String(clientId),
      }),
    );
    const [sale] = (
      sales.body as {
        data: {
          id: number;
          amount: string;
          invoiceNo: string;
          items: { price: string }[];
          payments: unknown[];
          showroom: string;
        }[];
      }
    ).data;
    expect(sale).toMatchObject({ amount: "1000.00", invoiceNo: job.number, showroom: "dubai_mall" });
    expect(sale!.items.map((i) => i.price)).toEqual(["333.34", "333.33", "333.33"]);
    expect(sale!.payments).toEqual([
      { method: "cash", amount: "400.00" },
      { method: "card", amount: "600.00" },
    ]);
    const client = await db.client.findUniqueOrThrow({ where: { id: clientId } });
    expect(client.totalSalesFils).toBe(100000n);
    expect(client.lastPurchaseDate).not.toBeNull();
    // The cash was counted once, when it was paid: no second row for the sale.
    expect(await db.cashTransaction.count({ where: { clientId } })).toBe(1);
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).saleId).toBe(sale!.id);

    // Voiding the sale reopens nothing: the job stays delivered, the client's total goes back.
    const voided = await outcome(
      await callRoute(
        voidApi.action,
        makeRequest(`/api/sales/${sale!.id}/void`, {
          cookie: (await signedIn("admin")).cookie,
          json: { reason: "Typed twice" },
        }),
        { id: String(sale!.id) },
      ),
    );
    expect(voided.status).toBe(200);
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("delivered");
    expect((await db.client.findUniqueOrThrow({ where: { id: clientId } })).totalSalesFils).toBe(0n);
  });

  it("records a repair's charge alone, and no sale for a repair without a charge", async () => {
    const staff = await signedIn("admin");
    const clientId = await newClient(staff.cookie);
    const charged = (
      (await openJob(staff.cookie, clientId, repair({ price: "75", deposit: { amount: "75", method: "card" } })))
        .body as { data: Job }
    ).data;
    const free = ((await openJob(staff.cookie, clientId, repair({ price: null }))).body as { data: Job }).data;
    for (const job of [charged, free])
      for (const status of ["in_workshop", "ready", "delivered"])
        expect((await move(staff.cookie, job.id, { status })).status).toBe(200);
    const sales = await db.sale.findMany({ where: { clientId }, include: { items: true } });
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ amountFils: 7500n, invoiceNo: charged.number });
    expect(sales[0]!.items).toEqual([]);
  });
});

describe("GET /api/jobs", () => {
  it("filters by status, type, client, overdue and a number or name, with counts per status, paged", async () => {
    const staff = await signedIn("road_sales");
    const clientId = await newClient(staff.cookie, { fullName: "Mariam Qasimi" });
    const other = await newClient(staff.cookie, { fullName: "Someone Else" });
    const mine = ((await openJob(staff.cookie, clientId, repair())).body as { data: Job }).data;
    await openJob(staff.cookie, other, repair({ type: "custom_order" }));
    // A job promised yesterday: overdue (written straight, since the API takes no promised day in the past).
    await db.job.update({
      where: { id: mine.id },
      data: { promisedDate: new Date(`${addDays(today(), -1)}T00:00:00Z`) },
    });

    const byClient = await list(staff.cookie, `?clientId=${clientId}`);
    expect(byClient.status).toBe(200);
    expect(byClient.body).toMatchObject({ total: 1, data: [{ id: mine.id, overdue: true }] });
    const byName = (await list(staff.cookie, "?q=mariam%20qas")).body as { data: Job[]; total: number };
    expect(byName.data.map((j) => j.id)).toEqual([mine.id]);
    expect(byName.total).toBe(1);
    // A name search with a status: the page keeps to the status, the total is that status's count.
    expect((await list(staff.cookie, "?q=mariam%20qas&status=received")).body).toMatchObject({ total: 1 });
    expect((await list(staff.cookie, "?q=mariam%20qas&status=ready")).body).toMatchObject({ total: 0, data: [] });
    expect((await list(staff.cookie, "?q=mariam%20qas&page=2")).body).toMatchObject({ total: 1, data: [] });
    const spoken = mine.number.toLowerCase().replace(/-/g, " ");
    expect(((await list(staff.cookie, `?q=${encodeURIComponent(spoken)}`)).body as { data: Job[] }).data[0]!.id).toBe(
      mine.id,
    );
    const overdue = (await list(staff.cookie, "?overdue=1")).body as { data: Job[] };
    expect(overdue.data.map((j) => j.id)).toContain(mine.id);
    expect(overdue.data.every((j) => (j as unknown as { overdue: boolean }).overdue)).toBe(true);
    const typed = (await list(staff.cookie, `?type=custom_order&clientId=${other}`)).body as {
      total: number;
      counts: Record<string, number>;
    };
    expect(typed.total).toBe(1);
    expect(typed.counts.received).toBe(1);
    for (const junk of ["?status=lost", "?page=0", "?overdue=yes", "?clientId=-1", "?type=x"])
      expect((await list(staff.cookie, junk)).status).toBe(400);
  });

  it("pages the overdue jobs of every open status together, soonest promised first, ties in the order opened", async () => {
    const staff = await signedIn("admin");
    const clientId = await newClient(staff.cookie, { fullName: "Overdue Pager" });
    const dayAgo = (days: number) => new Date(`${addDays(today(), -days)}T00:00:00Z`);
    // 45 open jobs past their day, most received (more than a page of one status), on 9 days (so ties), and
    // jobs that are not overdue: ready or delivered long ago, and one open but promised for today.
    const open = ["received", "received", "in_workshop", "received", "reserved"];
    const rows = Array.from({ length: 55 }, (_, i) => ({
      number: `P-2026-${900 + i}`,
      type: "repair",
      status: i < 45 ? open[i % open.length]! : i % 2 ? "ready" : "delivered",
      clientId,
      takenByName: "Pager",
      promisedDate: dayAgo(1 + ((i * 7) % 9)),
      description: `Job ${i}`,
    }));
    rows.push({ ...rows[0]!, number: "P-2026-999", promisedDate: dayAgo(0) });
    await db.job.createMany({ data: rows });
    const expected = await db.job.findMany({
      where: { clientId, status: { in: ["received", "in_workshop", "reserved"] }, promisedDate: { lt: dayAgo(0) } },
      orderBy: [{ promisedDate: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    expect(expected).toHaveLength(45);
    const page = async (n: number) =>
      (await list(staff.cookie, `?overdue=1&clientId=${clientId}&page=${n}`)).body as { data: Job[]; total: number };
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => [p.total, p.data.length])).toEqual([
      [45, 20],
      [45, 20],
      [45, 5],
      [45, 0],
    ]);
    expect(pages.flatMap((p) => p.data.map((job) => job.id))).toEqual(expected.map((job) => job.id));
    // One open status with overdue: that status's jobs alone.
    const reserved = (await list(staff.cookie, `?overdue=1&status=reserved&clientId=${clientId}`)).body as {
      data: Job[];
    };
    expect(reserved.data.map((job) => job.status)).toEqual(Array(9).fill("reserved"));
  });

  it("leaves out a deleted client's jobs from the list, the counts and the job's address, and a restore brings them back", async () => {
    const staff = await signedIn("admin");
    const clientId = await newClient(staff.cookie, { fullName: "Deleted Later" });
    const job = ((await openJob(staff.cookie, clientId, repair())).body as { data: Job }).data;
    const counted = async () =>
      ((await list(staff.cookie, `?clientId=${clientId}`)).body as { total: number; counts: Record<string, number> })
        .total;
    expect(await counted()).toBe(1);

    await deleteClients([clientId], staff.user, null);
    expect(await counted()).toBe(0);
    expect(((await list(staff.cookie, `?q=${job.number}`)).body as { total: number }).total).toBe(0);
    expect((await read(staff.cookie, job.id)).status).toBe(404);

    await restoreClients([clientId], staff.user, null);
    expect(await counted()).toBe(1);
    expect((await read(staff.cookie, job.id)).status).toBe(200);
  });
});
