import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso } from "~/domain/calendar";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as voidApi from "~/routes/api.sales.$id.void";
import * as detailsPage from "~/routes/_app.customers.$id";
import * as salePage from "~/routes/_app.customers_.$id.sale";
import * as voidForm from "~/routes/_app.customers_.$id.void-sale";
import { callRoute, createUser, makeRequest, outcome, signedInStaff } from "../support/factories";

type Role = "admin" | "sales_front" | "sales_back" | "road_sales";
type SaleJson = {
  id: number;
  saleDate: string;
  amount: string;
  invoiceNo: string | null;
  showroom: string | null;
  soldById: string | null;
  soldByName: string | null;
  items: Record<string, unknown>[];
  voidedAt: string | null;
  voidReason: string | null;
};
type Facts = { totalSalesValue: string; tier: string; lastPurchaseDate: string | null };

let seq = 0;
const today = () => businessToday();

const signedIn = (role: Role = "sales_front") => signedInStaff(role);

async function client(extra: { deletedAt?: Date } = {}) {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Sale Client ${seq}`,
      searchText: `sale client ${seq}`,
      mobileNumber: `97158${String(seq).padStart(7, "0")}`,
      ...extra,
    },
  });
}

const record = async (cookie: string, id: number, json: unknown) =>
  outcome(
    await callRoute(salesApi.action, makeRequest(`/api/clients/${id}/sales`, { cookie, json }), { id: String(id) }),
  );
const list = async (cookie: string, id: number) =>
  outcome(await callRoute(salesApi.loader, makeRequest(`/api/clients/${id}/sales`, { cookie }), { id: String(id) }));
const voidIt = async (cookie: string, saleId: number, json: unknown) =>
  outcome(
    await callRoute(voidApi.action, makeRequest(`/api/sales/${saleId}/void`, { cookie, json }), {
      id: String(saleId),
    }),
  );
const saleOf = (res: { body: unknown }) => (res.body as { data: SaleJson }).data;

describe("POST /api/clients/:id/sales", () => {
  it("records an itemised sale: the amount is the items' exact sum, the client's total, tier and last purchase follow", async () => {
    const front = await signedIn();
    const c = await client();
    const res = await record(front.cookie, c.id, {
      saleDate: today(),
      invoiceNo: "DM-1001",
      showroom: "dubai_mall",
      description: "Eid gifts",
      items: [
        { category: "bangle", metal: "yellow_gold", karat: 21, weightGrams: "32.4", price: "9800.10" },
        {
          category: "ring",
          metal: "white_gold",
          karat: "18",
          weightGrams: 4.125,
          stone: "diamond",
          stoneCarats: "1.02",
          itemCode: "RG-77",
          certificateNo: "GIA 2201",
          price: "25000.20",
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ totalSalesValue: "34800.30", tier: "silver", lastPurchaseDate: today() });
    const sale = saleOf(res);
    expect(sale).toMatchObject({
      amount: "34800.30",
      invoiceNo: "DM-1001",
      showroom: "dubai_mall",
      soldById: front.user.id,
      soldByName: front.user.name,
      voidedAt: null,
    });
    expect(sale).toMatchObject({ showroomName: "Dubai Mall" });
    expect(sale.items[1]).toEqual({
      category: "ring",
      categoryName: "Ring",
      metal: "white_gold",
      karat: "18",
      weightGrams: "4.125",
      stone: "diamond",
      stoneCarats: "1.02",
      itemCode: "RG-77",
      certificateNo: "GIA 2201",
      price: "25000.20",
    });
    const stored = await db.saleItem.findMany({ where: { saleId: sale.id }, orderBy: { position: "asc" } });
    expect(stored.map((i) => [i.weightMg, i.stoneCaratPoints, i.priceFils])).toEqual([
      [32_400, null, 980_010n],
      [4_125, 102, 2_500_020n],
    ]);
    const row = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.totalSalesFils).toBe(3_480_030n);
    expect(row.tier).toBe("silver");
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "client.sale_recorded", targetId: String(c.id) },
    });
    expect(JSON.parse(audit.details!)).toMatchObject({ saleId: sale.id, amount: "34800.30", items: 2 });
  });

  it("keeps the single-amount sale; lists newest first with items, void state and who sold it", async () => {
    const road = await signedIn("road_sales");
    const colleague = await createUser({ role: "sales_back" });
    const c = await client();
    const older = await record(road.cookie, c.id, { saleDate: addDays(today(), -10), amount: "1250.50" });
    expect(older.status).toBe(201);
    const newer = await record(road.cookie, c.id, {
      saleDate: today(),
      amount: "10",
      soldById: colleague.user.id,
    });
    expect(newer.status).toBe(201);
    const res = await list(road.cookie, c.id);
    expect(res.status).toBe(200);
    const data = (res.body as { data: SaleJson[] }).data;
    expect(data.map((s) => [s.amount, s.soldByName, s.items.length, s.voidedAt])).toEqual([
      ["10.00", colleague.user.name, 0, null],
      ["1250.50", road.user.name, 0, null],
    ]);
    expect(Object.keys(data[0]!).sort()).toEqual(
      [
        "amount",
        "cashReport",
        "description",
        "id",
        "invoiceNo",
        "items",
        "payments",
        "saleDate",
        "showroom",
        "showroomName",
        "soldById",
        "soldByName",
        "voidReason",
        "voidedAt",
      ].sort(),
    );
  });

  it("refuses junk, a wrong amount, an inactive associate, the future, and unknown or deleted clients", async () => {
    const { cookie } = await signedIn();
    const inactive = await createUser({ role: "sales_front", isActive: false });
    const c = await client();
    const refused = async (json: unknown) => (await record(cookie, c.id, json)).status;
    expect(await refused({ saleDate: today(), amount: "100", items: [{ category: "ring", price: "99" }] })).toBe(400);
    expect(await refused({ saleDate: today(), items: [{ category: "ring", price: "1", weightGrams: "1.0001" }] })).toBe(
      400,
    );
    expect(await refused({ saleDate: today(), items: [{ category: "ring", price: "1", karat: 14 }] })).toBe(400);
    expect(await refused({ saleDate: today(), amount: "-5" })).toBe(400);
    expect(await refused({ saleDate: addDays(today(), 1), amount: "5" })).toBe(400);
    expect(await refused({ saleDate: today(), amount: "5", soldById: inactive.user.id })).toBe(400);
    expect(await refused([1, 2])).toBe(400);
    expect(await db.sale.count({ where: { clientId: c.id } })).toBe(0);
    const gone = await client({ deletedAt: new Date() });
    expect((await record(cookie, gone.id, { saleDate: today(), amount: "5" })).status).toBe(404);
    expect((await record(cookie, 999_999, { saleDate: today(), amount: "5" })).status).toBe(404);
    expect((await list(cookie, gone.id)).status).toBe(404);
    const anonymous = await outcome(
      await callRoute(salesApi.action, makeRequest(`/api/clients/${c.id}/sales`, { json: { saleDate: today() } }), {
        id: String(c.id),
      }),
    );
    expect(anonymous.status).toBe(401);
  });

  it("keeps an invoice number unique per showroom (409 naming the sale), free again once void", async () => {
    const { cookie } = await signedIn("admin");
    const a = await client();
    const b = await client();
    const first = await record(cookie, a.id, {
      saleDate: today(),
      amount: "5",
      invoiceNo: "INV-9",
      showroom: "sharjah",
    });
    expect(first.status).toBe(201);
    const twice = await record(cookie, b.id, {
      saleDate: today(),
      amount: "7",
      invoiceNo: "INV-9",
      showroom: "sharjah",
    });
    expect(twice.status).toBe(409);
    expect((twice.body as { error: string }).error).toBe(
      `Invoice INV-9 is already recorded at Sharjah (${a.fullName}, ${today()}). Void that sale first to enter it again.`,
    );
    expect((await db.client.findUniqueOrThrow({ where: { id: b.id } })).totalSalesFils).toBe(0n);
    const elsewhere = await record(cookie, b.id, {
      saleDate: today(),
      amount: "7",
      invoiceNo: "INV-9",
      showroom: "al_ain",
    });
    expect(elsewhere.status).toBe(201);
    const noShowroom = await record(cookie, b.id, { saleDate: today(), amount: "7", invoiceNo: "INV-10" });
    expect(noShowroom.status).toBe(400);
    expect((noShowroom.body as { details: { path: string }[] }).details[0]!.path).toBe("showroom");
    // Void and re-enter: the corrected sale takes the same invoice number.
    expect((await voidIt(cookie, saleOf(first).id, { reason: "Wrong amount" })).status).toBe(200);
    const again = await record(cookie, a.id, {
      saleDate: today(),
      amount: "50",
      invoiceNo: "INV-9",
      showroom: "sharjah",
    });
    expect(again.status).toBe(201);
    expect((again.body as Facts).totalSalesValue).toBe("50.00");
  });
});

describe("concurrent sales for one client", () => {
  it("end with the total of every sale: each recompute sees the others", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => record(cookie, c.id, { saleDate: today(), amount: `${n}000.0${n}` })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const row = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.totalSalesFils).toBe(1_500_015n);
  });
});

describe("POST /api/sales/:id/void", () => {
  it("a client at exactly AED 100,000 whose 1 fils sale is voided drops from Gold; the last purchase goes back", async () => {
    const admin = await signedIn("admin");
    const c = await client();
    const big = await record(admin.cookie, c.id, { saleDate: addDays(today(), -30), amount: "99999.99" });
    const fils = await record(admin.cookie, c.id, { saleDate: today(), amount: "0.01" });
    expect(fils.body).toMatchObject({ totalSalesValue: "100000.00", tier: "gold", lastPurchaseDate: today() });
    const res = await voidIt(admin.cookie, saleOf(fils).id, { reason: "Typed by mistake" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalSalesValue: "99999.99",
      tier: "silver",
      lastPurchaseDate: addDays(today(), -30),
    });
    expect(saleOf(res)).toMatchObject({
      id: saleOf(fils).id,
      voidReason: "Typed by mistake",
      voidedAt: expect.any(String),
    });
    const row = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect([row.totalSalesFils, row.tier, row.lastPurchaseDate]).toEqual([
      9_999_999n,
      "silver",
      dateFromIso(addDays(today(), -30)),
    ]);
    // Never deleted: both sales are still listed, the void one marked.
    const listed = (await list(admin.cookie, c.id)).body as { data: SaleJson[] };
    expect(listed.data.map((s) => s.voidReason)).toEqual(["Typed by mistake", null]);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "client.sale_voided", targetId: String(c.id) },
    });
    expect(JSON.parse(audit.details!)).toMatchObject({ saleId: saleOf(fils).id, reason: "Typed by mistake" });
    // Voiding the last standing sale leaves no total and no last purchase.
    const last = await voidIt(admin.cookie, saleOf(big).id, { reason: "Returned" });
    expect(last.body).toMatchObject({ totalSalesValue: "0.00", tier: "bronze", lastPurchaseDate: null });
    expect((await voidIt(admin.cookie, saleOf(big).id, { reason: "Again" })).status).toBe(409);
  });

  it("lets the recorder void on the day, not a colleague nor the recorder the next day; needs a reason", async () => {
    const recorder = await signedIn("sales_front");
    const colleague = await signedIn("sales_back");
    const c = await client();
    const one = saleOf(await record(recorder.cookie, c.id, { saleDate: today(), amount: "5" }));
    const two = saleOf(await record(recorder.cookie, c.id, { saleDate: today(), amount: "6" }));
    const byColleague = await voidIt(colleague.cookie, one.id, { reason: "No" });
    expect(byColleague.status).toBe(403);
    expect(await db.sale.count({ where: { clientId: c.id, voidedAt: { not: null } } })).toBe(0);
    expect((await voidIt(recorder.cookie, one.id, {})).status).toBe(400);
    expect((await voidIt(recorder.cookie, one.id, { reason: "   " })).status).toBe(400);
    expect((await voidIt(recorder.cookie, one.id, { reason: "Duplicate" })).status).toBe(200);
    // Recorded yesterday: only an admin may void it now.
    await db.sale.update({ where: { id: two.id }, data: { createdAt: new Date(Date.now() - 36 * 3_600_000) } });
    expect((await voidIt(recorder.cookie, two.id, { reason: "Late" })).status).toBe(403);
    expect((await voidIt(recorder.cookie, 987_654, { reason: "Nope" })).status).toBe(404);
    const gone = await client({ deletedAt: new Date() });
    const hidden = await db.sale.create({ data: { clientId: gone.id, saleDate: new Date(), amountFils: 1n } });
    expect((await voidIt(recorder.cookie, hidden.id, { reason: "x" })).status).toBe(404);
  });
});

describe("the details' forms (no JavaScript)", () => {
  it("adds an item row on the server, records the itemised sale and shows it in the details", async () => {
    const front = await signedIn();
    const c = await client();
    const base = {
      rows: "3",
      saleDate: today(),
      showroom: "dubai_gold_souk",
      invoiceNo: "GS-1",
      soldById: front.user.id,
      "item-0-category": "necklace",
      "item-0-metal": "yellow_gold",
      "item-0-karat": "22",
      "item-0-weightGrams": "18.250",
      "item-0-price": "6200",
    };
    const post = (form: Record<string, string>) =>
      callRoute(
        salePage.action,
        makeRequest(`/customers/${c.id}/sale?back=${encodeURIComponent(`/customers/${c.id}?page=2`)}`, {
          cookie: front.cookie,
          form,
        }),
        { id: String(c.id) },
      );
    const more = await outcome(await post({ ...base, intent: "add-item" }));
    expect(more.status).toBe(200);
    const values = (more.body as { values: { items: { category: string }[] } }).values;
    expect(values.items.map((i) => i.category)).toEqual(["necklace", "", "", ""]);
    expect(await db.sale.count({ where: { clientId: c.id } })).toBe(0);

    const bad = await outcome(
      await post({ ...base, rows: "4", "item-3-category": "ring", "item-3-price": "x", intent: "record" }),
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: string[] }).errors[0]).toMatch(/^Item 4 price: /);

    const done = await outcome(
      await post({ ...base, rows: "4", "item-3-category": "earrings", "item-3-price": "800.50", intent: "record" }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/customers/${c.id}?page=2`);
    const row = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.totalSalesFils).toBe(700_050n);

    const details = await outcome(
      await callRoute(detailsPage.loader, makeRequest(`/customers/${c.id}`, { cookie: front.cookie }), {
        id: String(c.id),
      }),
    );
    const sales = (details.body as { sales: (SaleJson & { canVoid: boolean })[] }).sales;
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ amount: "7000.50", invoiceNo: "GS-1", canVoid: true });
    expect(sales[0]!.items.map((i) => i.category)).toEqual(["necklace", "earrings"]);
  });

  it("voids from the details; a colleague is refused with a toast; an admin can void and re-enter", async () => {
    const front = await signedIn();
    const colleague = await signedIn("sales_back");
    const admin = await signedIn("admin");
    const c = await client();
    const sale = saleOf(await record(front.cookie, c.id, { saleDate: today(), amount: "300" }));
    const post = (cookie: string, form: Record<string, string>) =>
      callRoute(voidForm.action, makeRequest(`/customers/${c.id}/void-sale`, { cookie, form }), { id: String(c.id) });

    const refused = await outcome(
      await post(colleague.cookie, { saleId: String(sale.id), reason: "x", redirectTo: `/customers/${c.id}` }),
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Set-Cookie")).toMatch(/toast/);
    expect((await db.sale.findUniqueOrThrow({ where: { id: sale.id } })).voidedAt).toBeNull();

    // A sale of another client is not found through this client's page.
    const other = await client();
    const foreign = saleOf(await record(front.cookie, other.id, { saleDate: today(), amount: "1" }));
    expect((await outcome(await post(admin.cookie, { saleId: String(foreign.id), reason: "x" }))).status).toBe(404);

    const reenter = await outcome(
      await post(admin.cookie, {
        saleId: String(sale.id),
        reason: "Wrong price",
        intent: "reenter",
        redirectTo: `/customers/${c.id}`,
      }),
    );
    expect(reenter.status).toBe(302);
    expect(reenter.headers.get("Location")).toBe(
      `/customers/${c.id}/sale?from=${sale.id}&back=${encodeURIComponent(`/customers/${c.id}`)}`,
    );
    expect((await db.client.findUniqueOrThrow({ where: { id: c.id } })).totalSalesFils).toBe(0n);
    const form = await outcome(
      await callRoute(salePage.loader, makeRequest(reenter.headers.get("Location")!, { cookie: admin.cookie }), {
        id: String(c.id),
      }),
    );
    expect((form.body as { values: { amount: string } }).values.amount).toBe("300.00");
  });
});
