import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as showroomsApi from "~/routes/api.showrooms";
import * as showroomApi from "~/routes/api.showrooms.$id";
import * as teamsApi from "~/routes/api.teams";
import * as teamApi from "~/routes/api.teams.$id";
import * as categoriesApi from "~/routes/api.item-categories";
import * as categoryApi from "~/routes/api.item-categories.$id";
import * as shopPage from "~/routes/_app.profile_.shop";
import { callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #42's contract for the shop's lists: GET/POST /api/<list>, PUT /api/<list>/:id, and Shop settings. */

type Row = { id: string; key: string; name: string; nameAr: string | null; active: boolean; position: number };

const signedIn = (role: Role = "admin") => signedInStaff(role);

const LISTS = [
  { path: "/api/showrooms", many: showroomsApi, one: showroomApi, firstKey: "dubai_gold_souk", count: 7 },
  { path: "/api/teams", many: teamsApi, one: teamApi, firstKey: "team_a", count: 3 },
  { path: "/api/item-categories", many: categoriesApi, one: categoryApi, firstKey: "ring", count: 10 },
] as const;

describe.each(LISTS)("$path", ({ path, many, one, firstKey, count }) => {
  const get = async (cookie: string, query = "") =>
    outcome(await callRoute(many.loader, makeRequest(`${path}${query}`, { cookie })));
  const post = async (cookie: string, json: unknown) =>
    outcome(await callRoute(many.action, makeRequest(path, { cookie, json })));
  const put = async (cookie: string, id: string, json: unknown) =>
    outcome(await callRoute(one.action, makeRequest(`${path}/${id}`, { cookie, method: "PUT", json }), { id }));

  it("lists the migration's rows in order to any signed-in staff, and only active ones with ?active=1", async () => {
    const seller = await signedIn("road_sales");
    const answer = await get(seller.cookie);
    expect(answer.status).toBe(200);
    const rows = (answer.body as { data: Row[] }).data;
    expect(rows.length).toBeGreaterThanOrEqual(count);
    expect(rows[0]).toMatchObject({ key: firstKey, active: true, position: 0 });
    expect(Object.keys(rows[0]!).sort()).toEqual(
      expect.arrayContaining(["active", "id", "key", "name", "nameAr", "position"]),
    );
    expect(rows.map((r) => r.position)).toEqual([...rows.map((r) => r.position)].sort((a, b) => a - b));
    expect((await get("")).status).toBe(401);
  });

  it("lets an admin add, rename, move and deactivate a row; other roles get 403; every change is audited", async () => {
    const admin = await signedIn("admin");
    const seller = await signedIn("sales_front");
    const name = `New ${path.slice(5)} Ünï ${Date.now() % 100000}`;

    expect((await post(seller.cookie, { name })).status).toBe(403);

    const created = await post(admin.cookie, { name, nameAr: "جديد" });
    expect(created.status).toBe(201);
    const row = (created.body as { data: Row }).data;
    expect(row.key).toMatch(/^[a-z0-9_]+$/);
    expect(row.key.startsWith("new_")).toBe(true);
    expect(row).toMatchObject({ name, nameAr: "جديد", active: true });

    // The same name in another case is taken (409), and so is the Arabic one.
    expect((await post(admin.cookie, { name: name.toUpperCase() })).status).toBe(409);
    expect((await post(admin.cookie, { name: "Something else", nameAr: " جديد " })).status).toBe(409);
    expect((await post(admin.cookie, {})).status).toBe(400);

    expect((await put(seller.cookie, row.id, { name: "Nope" })).status).toBe(403);
    expect((await put(admin.cookie, "no-such-row", { name: "Nope" })).status).toBe(404);

    const renamed = await put(admin.cookie, row.id, { name: `${name} II`, position: 0, active: false });
    expect(renamed.status).toBe(200);
    expect((renamed.body as { data: Row }).data).toMatchObject({
      key: row.key,
      name: `${name} II`,
      position: 0,
      active: false,
    });

    const all = ((await get(admin.cookie)).body as { data: Row[] }).data;
    expect(all[0]!.id).toBe(row.id);
    expect(all.map((r) => r.position)).toEqual(all.map((_, i) => i));
    const active = ((await get(admin.cookie, "?active=1")).body as { data: Row[] }).data;
    expect(active.some((r) => r.id === row.id)).toBe(false);

    const audits = await db.auditLog.findMany({ where: { action: "settings.shop_list_changed", targetId: row.id } });
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actorId === admin.user.id)).toBe(true);
  });

  it("answers junk with a 4xx, never a 5xx", async () => {
    const admin = await signedIn("admin");
    const junk = [{ name: 42 }, { name: "x".repeat(500) }, [], "text"];
    for (const json of junk) expect((await post(admin.cookie, json)).status).toBe(400);
    const [first] = ((await get(admin.cookie)).body as { data: Row[] }).data;
    expect((await put(admin.cookie, first!.id, { active: "yes" })).status).toBe(400);
    expect((await put(admin.cookie, first!.id, { position: 1.5 })).status).toBe(400);
    expect((await put(admin.cookie, first!.id, { position: -1 })).status).toBe(400);
  });
});

describe("Shop settings page", () => {
  const post = async (cookie: string, form: Record<string, string | string[]>) =>
    outcome(await callRoute(shopPage.action, makeRequest("/profile/shop", { cookie, form })));

  it("is for admins only", async () => {
    const seller = await signedIn("sales_front");
    const answer = await outcome(
      await callRoute(shopPage.loader, makeRequest("/profile/shop", { cookie: seller.cookie })),
    );
    expect(answer.status).toBe(403);
  });

  it("adds a showroom, saves a team's settings and moves a category, each with plain form posts", async () => {
    const admin = await signedIn("admin");
    const added = await post(admin.cookie, { intent: "add", list: "showrooms", name: "Yas Mall", nameAr: "ياس مول" });
    expect(added.status).toBe(302);
    const yas = await db.showroom.findUniqueOrThrow({ where: { key: "yas_mall" } });
    expect(yas).toMatchObject({ name: "Yas Mall", nameAr: "ياس مول", active: true });

    const taken = await post(admin.cookie, { intent: "add", list: "showrooms", name: "yas  MALL" });
    expect(taken.status).toBe(409);

    const saved = await post(admin.cookie, {
      intent: "save",
      list: "teams",
      id: "team_b",
      name: "Entry Level",
      nameAr: "الفئة الأساسية",
      active: "on",
      products: "Gold bangle\n\n Name necklace ",
      productsAr: "\nقلادة بالاسم\n",
      clientTiers: ["bronze", "silver"],
      budgetBands: ["under_5k"],
    });
    expect(saved.status).toBe(302);
    expect(await db.team.findUniqueOrThrow({ where: { id: "team_b" } })).toMatchObject({
      products: "Gold bangle\nName necklace",
      // Line for line: the bangle has no Arabic name yet.
      productsAr: "\nقلادة بالاسم",
      clientTiers: "bronze,silver",
      budgetBands: "under_5k",
    });

    const moved = await post(admin.cookie, { intent: "down", list: "itemCategories", id: "ring" });
    expect(moved.status).toBe(302);
    const order = (await db.itemCategory.findMany({ orderBy: { position: "asc" }, select: { key: true } })).map(
      (c) => c.key,
    );
    expect(order.indexOf("ring")).toBe(order.indexOf("bangle") + 1);

    const blank = await post(admin.cookie, { intent: "save", list: "showrooms", id: yas.id, name: " " });
    expect(blank.status).toBe(400);
  });
});

describe("an item category's settings", () => {
  const put = async (cookie: string, id: string, json: unknown) =>
    outcome(
      await callRoute(categoryApi.action, makeRequest(`/api/item-categories/${id}`, { cookie, method: "PUT", json }), {
        id,
      }),
    );
  type Category = Row & { wornOn: string[]; priceFrom: string | null };

  it("says where the migration's categories are worn and where they start, and lets an admin change both", async () => {
    const admin = await signedIn("admin");
    const listed = await outcome(
      await callRoute(categoriesApi.loader, makeRequest("/api/item-categories", { cookie: admin.cookie })),
    );
    const rows = (listed.body as { data: Category[] }).data;
    expect(rows.find((r) => r.key === "set")).toMatchObject({ wornOn: ["neck", "ears"], priceFrom: null });
    expect(rows.find((r) => r.key === "bangle")).toMatchObject({ wornOn: ["wrist"], priceFrom: "6000.00" });

    const changed = await put(admin.cookie, "watch", { wornOn: ["wrist"], priceFrom: "12,500.5" });
    expect(changed.status).toBe(200);
    expect((changed.body as { data: Category }).data).toMatchObject({ wornOn: ["wrist"], priceFrom: "12500.50" });
    expect(await db.itemCategory.findUniqueOrThrow({ where: { id: "watch" } })).toMatchObject({
      wornOn: "wrist",
      priceFromFils: 1_250_050n,
    });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "settings.shop_list_changed", targetId: "watch" },
      orderBy: { id: "desc" },
    });
    const details = JSON.parse(String(audit.details)) as { fields: Record<string, unknown> };
    expect(details.fields.priceFrom).toEqual({ from: null, to: "12500.50" });

    for (const bad of [{ wornOn: ["ankle"] }, { priceFrom: "12.345" }, { priceFrom: "-5" }, { priceFrom: "1,5" }])
      expect((await put(admin.cookie, "watch", bad)).status).toBe(400);
    expect((await put(admin.cookie, "watch", { wornOn: [], priceFrom: null })).status).toBe(200);
  });

  it("saves where a category is worn and its price from the Shop settings form, and refuses a bad price there", async () => {
    const admin = await signedIn("admin");
    const post = async (form: Record<string, string | string[]>) =>
      outcome(await callRoute(shopPage.action, makeRequest("/profile/shop", { cookie: admin.cookie, form })));
    const base = { intent: "save", list: "itemCategories", id: "coin_bar", name: "Coin / bar", active: "on" };
    expect((await post({ ...base, priceFrom: "abc" })).status).toBe(400);
    expect((await post({ ...base, wornOn: ["neck"], priceFrom: "900" })).status).toBe(302);
    expect(await db.itemCategory.findUniqueOrThrow({ where: { id: "coin_bar" } })).toMatchObject({
      wornOn: "neck",
      priceFromFils: 90_000n,
    });
    expect((await post(base)).status).toBe(302);
    expect(await db.itemCategory.findUniqueOrThrow({ where: { id: "coin_bar" } })).toMatchObject({
      wornOn: "",
      priceFromFils: null,
    });
  });
});
