import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { businessToday } from "~/domain/calendar";
import { defaultPeriod } from "~/domain/sales-report";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as reportApi from "~/routes/api.reports.sales";
import * as usersApi from "~/routes/api.users";
import * as userApi from "~/routes/api.users.$id";
import { addShopRow, changeShopRow, readShopLists } from "~/services/shop-lists.server";
import { unlockedAdmin } from "../support/admin-gate";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

/**
 * Sales against the shop's showrooms and item categories (issue #42): a showroom or category sent by
 * id, key or name, a deactivated one refused naming the active ones, the seller's home showroom for a
 * sale without one, invoice numbers unique per showroom, the report's showroom rows, /api/users showroomId.
 */

type Sale = {
  id: number;
  showroom: string | null;
  showroomName: string | null;
  items: { category: string; categoryName: string }[];
};

let seq = 0;

async function client() {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Shop List Client ${seq}`,
      searchText: `shop list client ${seq}`,
      mobileNumber: `97159${String(seq).padStart(7, "0")}`,
    },
  });
}

async function seller(showroomKey: string | null = null) {
  const staff = await createUser({ role: "sales_front" });
  if (showroomKey) {
    const showroom = await db.showroom.findUniqueOrThrow({ where: { key: showroomKey } });
    await db.user.update({ where: { id: staff.user.id }, data: { showroomId: showroom.id } });
  }
  return { ...staff, cookie: await sessionCookieFor(staff.user.id) };
}

const record = async (cookie: string, id: number, json: unknown) =>
  outcome(
    await callRoute(salesApi.action, makeRequest(`/api/clients/${id}/sales`, { cookie, json }), { id: String(id) }),
  );
const saleOf = (res: { body: unknown }) => (res.body as { data: Sale }).data;
const errorOf = (res: { body: unknown }) => (res.body as { error: string }).error;

describe("a sale's showroom and categories from the shop's tables", () => {
  it("takes the showroom by its Arabic name or its id, the category by any of its names, and answers their names", async () => {
    const { cookie } = await seller();
    const c = await client();
    const byArabic = await record(cookie, c.id, {
      saleDate: businessToday(),
      showroom: "دبي مول",
      items: [{ category: "خاتم", price: "100" }],
    });
    expect(byArabic.status).toBe(201);
    expect(saleOf(byArabic)).toMatchObject({
      showroom: "dubai_mall",
      showroomName: "Dubai Mall",
      items: [{ category: "ring", categoryName: "Ring" }],
    });
    const sharjah = await db.showroom.findUniqueOrThrow({ where: { key: "sharjah" } });
    const byId = await record(cookie, c.id, {
      saleDate: businessToday(),
      showroom: sharjah.id,
      items: [{ category: "COIN / BAR", price: "50" }],
    });
    expect(byId.status).toBe(201);
    expect(saleOf(byId)).toMatchObject({ showroom: "sharjah", items: [{ category: "coin_bar" }] });
  });

  it("refuses a deactivated showroom with a 400 naming the active ones; past sales keep its name", async () => {
    const admin = await createUser({ role: "admin" });
    const { cookie } = await seller();
    const c = await client();
    const added = await addShopRow(admin.user, "showrooms", { name: `Kiosk ${Date.now()}`, nameAr: null }, null);
    if (!added.ok) throw new Error("could not add a showroom");
    const kiosk = added.value;
    const before = await record(cookie, c.id, { saleDate: businessToday(), amount: "10", showroom: kiosk.name });
    expect(saleOf(before).showroom).toBe(kiosk.key);
    expect(
      (await changeShopRow(admin.user, "showrooms", kiosk.id, { nameAr: undefined, active: false }, null)).ok,
    ).toBe(true);
    const refused = await record(cookie, c.id, { saleDate: businessToday(), amount: "10", showroom: kiosk.key });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatch(/^Choose a showroom: .*Dubai Mall/);
    expect(errorOf(refused)).not.toContain(kiosk.name);
    const listed = await outcome(
      await callRoute(salesApi.loader, makeRequest(`/api/clients/${c.id}/sales`, { cookie }), { id: String(c.id) }),
    );
    expect((listed.body as { data: Sale[] }).data[0]).toMatchObject({ showroom: kiosk.key, showroomName: kiosk.name });
  });

  it("gives an invoice without a showroom the seller's home showroom, and refuses it (400) when the seller has none", async () => {
    const c = await client();
    const homed = await seller("abu_dhabi");
    const invoice = `HOME-${Date.now()}`;
    const own = await record(homed.cookie, c.id, { saleDate: businessToday(), amount: "20", invoiceNo: invoice });
    expect(own.status).toBe(201);
    expect(saleOf(own).showroom).toBe("abu_dhabi");
    // Recorded by someone without a home showroom for the homed seller: the seller's showroom.
    const recorder = await seller();
    const forColleague = await record(recorder.cookie, c.id, {
      saleDate: businessToday(),
      amount: "20",
      invoiceNo: `${invoice}-B`,
      soldById: homed.user.id,
    });
    expect(saleOf(forColleague).showroom).toBe("abu_dhabi");
    const none = await record(recorder.cookie, c.id, {
      saleDate: businessToday(),
      amount: "20",
      invoiceNo: `${invoice}-C`,
    });
    expect(none.status).toBe(400);
    expect(errorOf(none)).toMatch(/^Choose the showroom of the invoice: invoice numbers are unique per showroom/);
    // Without an invoice number a sale may have no showroom.
    expect((await record(recorder.cookie, c.id, { saleDate: businessToday(), amount: "20" })).status).toBe(201);
  });

  it("allows one invoice number in two showrooms and refuses it twice in one (409)", async () => {
    const { cookie } = await seller();
    const c = await client();
    const invoice = `TWICE-${Date.now()}`;
    const sale = (showroom: string) =>
      record(cookie, c.id, { saleDate: businessToday(), amount: "5", invoiceNo: invoice, showroom });
    expect((await sale("Dubai Mall")).status).toBe(201);
    expect((await sale("al_ain")).status).toBe(201);
    const again = await sale("دبي مول");
    expect(again.status).toBe(409);
    expect(errorOf(again)).toContain(`Invoice ${invoice} is already recorded at Dubai Mall`);
  });
});

describe("the report by showroom", () => {
  it("answers each showroom's key with its name as the label", async () => {
    const { cookie } = await seller();
    const c = await client();
    await record(cookie, c.id, { saleDate: businessToday(), amount: "7", showroom: "online" });
    const { from, to } = defaultPeriod(businessToday());
    const res = await outcome(
      await callRoute(
        reportApi.loader,
        makeRequest(`/api/reports/sales?from=${from}&to=${to}&groupBy=showroom`, { cookie }),
      ),
    );
    expect(res.status).toBe(200);
    const rows = (res.body as { rows: { key: string; label: string }[] }).rows;
    expect(rows.find((r) => r.key === "online")?.label).toBe("Online");
    expect(rows.find((r) => r.key === "dubai_gold_souk")?.label).toBe("Dubai Gold Souk");
  });
});

describe("/api/users showroomId", () => {
  it("sets the home showroom by id, key or name, clears it with null, refuses an unknown one naming the active ones", async () => {
    const admin = await unlockedAdmin();
    const { showrooms } = await readShopLists();
    const mall = showrooms.find((r) => r.key === "dubai_mall")!;
    const created = await outcome(
      await callRoute(
        usersApi.action,
        makeRequest("/api/users", {
          cookie: admin.cookie,
          json: { name: "Home Showroom", email: `home.${Date.now()}@jewel.test`, showroomId: mall.id },
        }),
      ),
    );
    expect(created.status).toBe(201);
    const user = (created.body as { user: { id: string; showroomId: string | null } }).user;
    expect(user.showroomId).toBe(mall.id);
    const put = (json: unknown) =>
      callRoute(userApi.action, makeRequest(`/api/users/${user.id}`, { cookie: admin.cookie, method: "PUT", json }), {
        id: user.id,
      }).then(outcome);
    const byName = await put({ showroomId: "الشارقة" });
    expect(byName.status).toBe(200);
    const sharjah = showrooms.find((r) => r.key === "sharjah")!;
    expect((byName.body as { user: { showroomId: string } }).user.showroomId).toBe(sharjah.id);
    const unknown = await put({ showroomId: "Mars" });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatch(/^Choose a showroom: Dubai Gold Souk, Dubai Mall/);
    const cleared = await put({ showroomId: null });
    expect((cleared.body as { user: { showroomId: string | null } }).user.showroomId).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).showroomId).toBeNull();
  });
});
