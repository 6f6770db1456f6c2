import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import type { AiLead } from "~/domain/lead-schema";
import type { Role } from "~/domain/roles";
import { readToast } from "~/http/toast.server";
import * as leadsApi from "~/routes/api.ai.generate-leads";
import * as alertsApi from "~/routes/api.dashboard.alerts";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as voidApi from "~/routes/api.sales.$id.void";
import * as detailsPage from "~/routes/_app.customers.$id";
import * as editPage from "~/routes/_app.customers.$id_.edit";
import * as familyForm from "~/routes/_app.customers_.$id.family";
import { getDashboardAlerts } from "~/services/dashboard.server";
import { getMyDay } from "~/services/my-day.server";
import { callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

const today = businessToday();
let seq = 0;

const signedIn = (role: Role = "sales_front") => signedInStaff(role);

async function client(fields: { ownerId?: string; deleted?: boolean } = {}) {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Aisha Pref${seq} Al Mansoori`,
      searchText: `aisha pref${seq}`,
      mobileNumber: `97156${String(seq).padStart(7, "0")}`,
      team: "team_c",
      contactOk: "Yes",
      ownerId: fields.ownerId ?? null,
      deletedAt: fields.deleted ? new Date() : null,
    },
  });
}

/** The same day and month as `daysAhead` from today, `yearsAgo` years back: a birthday that many days away. */
const birthDateIn = (daysAhead: number, yearsAgo: number) => {
  const day = addDays(today, daysAhead);
  return `${Number(day.slice(0, 4)) - yearsAgo}${day.slice(4)}`;
};

type ClientBody = { data: Record<string, unknown> & { familyMembers: { id: number; name: string }[] } };

/** PUT /api/clients/:id with the client's name and mobile (an edit requires them) and `fields`. */
async function put(cookie: string, id: number, fields: Record<string, unknown>) {
  const { fullName, mobileNumber } = await db.client.findUniqueOrThrow({ where: { id } });
  const json = { fullName, mobileNumber, ...fields };
  return outcome(
    await callRoute(clientApi.action, makeRequest(`/api/clients/${id}`, { cookie, json, method: "PUT" }), {
      id: String(id),
    }),
  );
}

const postFamily = async (cookie: string, id: number, form: Record<string, string>) =>
  outcome(
    await callRoute(familyForm.action, makeRequest(`/customers/${id}/family`, { cookie, form }), { id: String(id) }),
  );

async function toastOf(headers: Headers) {
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(makeRequest("/customers", { cookie }))).toast;
}

const updateAudits = (id: number) =>
  db.auditLog.findMany({
    where: { action: "client.updated", targetType: "client", targetId: String(id) },
    orderBy: { createdAt: "asc" },
  });

describe("Edit Customer's Preferences box (a plain form post)", () => {
  it("saves sizes, ticked metals and stones, styles and the budget, audited by field name only", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const form = {
      fullName: c.fullName,
      mobileNumber: c.mobileNumber,
      country: "uae",
      emirate: "dubai",
      ringSize: "14",
      bangleSize: "2.6",
      // Each checkbox list sends its empty value first, then every ticked box.
      preferredMetals: ["", "yellow_gold", "rose_gold"],
      preferredStones: ["", "diamond"],
      styles: "Classic, Minimal",
      budgetBand: "5k_20k",
    };
    const res = await outcome(
      await callRoute(editPage.action, makeRequest(`/customers/${c.id}/edit?tier=gold`, { cookie, form }), {
        id: String(c.id),
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/customers?tier=gold");
    expect(await toastOf(res.headers)).toMatchObject({ type: "success", title: "Customer Updated" });
    const saved = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect(saved).toMatchObject({
      ringSize: "14",
      bangleSize: "2.6",
      preferredMetals: "yellow_gold,rose_gold",
      preferredStones: "diamond",
      styles: "Classic,Minimal",
      budgetBand: "5k_20k",
    });
    const [audit] = await updateAudits(c.id);
    expect(JSON.parse(audit!.details!)).toEqual({
      fields: ["ringSize", "bangleSize", "preferredMetals", "preferredStones", "styles", "budgetBand"],
    });
    expect(audit!.details).not.toContain("yellow_gold");

    // The form shows them again; unticking every box (only the empty value is sent) clears the list.
    const edit = (await callRoute(editPage.loader, makeRequest(`/customers/${c.id}/edit`, { cookie }), {
      id: String(c.id),
    })) as { values: Record<string, unknown> };
    expect(edit.values).toMatchObject({
      preferredMetals: ["yellow_gold", "rose_gold"],
      styles: "Classic, Minimal",
      budgetBand: "5k_20k",
    });
    await callRoute(
      editPage.action,
      makeRequest(`/customers/${c.id}/edit`, { cookie, form: { ...form, preferredMetals: "" } }),
      { id: String(c.id) },
    );
    expect((await db.client.findUniqueOrThrow({ where: { id: c.id } })).preferredMetals).toBeNull();
  });

  it("answers a bad size or budget with the form, each message under its field, and keeps nothing", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const res = await outcome(
      await callRoute(
        editPage.action,
        makeRequest(`/customers/${c.id}/edit`, {
          cookie,
          form: {
            fullName: c.fullName,
            mobileNumber: c.mobileNumber,
            country: "uae",
            ringSize: "<14>",
            budgetBand: "cheap",
          },
        }),
        { id: String(c.id) },
      ),
    );
    expect(res.status).toBe(400);
    const reply = res.body as { summary: string; result: { error: Record<string, string[]> } };
    expect(reply.summary).toBe("Validation failed for: ringSize, budgetBand");
    expect(reply.result.error.ringSize![0]).toMatch(/^Enter a size as the shop writes it/);
    expect(reply.result.error.budgetBand![0]).toMatch(/^Choose a budget/);
    expect((await db.client.findUniqueOrThrow({ where: { id: c.id } })).ringSize).toBeNull();
  });
});

describe("PUT /api/clients/:id with preferences and family members", () => {
  it("saves them, carries them in the client JSON, and replaces the family only when it changed", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const res = await put(cookie, c.id, {
      ringSize: "N½",
      preferredMetals: ["white_gold"],
      preferredStones: ["Pearl", "emerald"],
      styles: ["Art deco"],
      budgetBand: "AED 60,000",
      familyMembers: [
        { relation: "spouse", name: "Omar", birthDate: "1984-03-02" },
        { relation: "Daughter", name: " Mariam ", birthDate: "2018-12-01T00:00:00.000Z" },
        { relation: "son", name: "Zayed" },
      ],
    });
    expect(res.status).toBe(200);
    const data = (res.body as ClientBody).data;
    expect(data).toMatchObject({
      ringSize: "N½",
      bangleSize: null,
      preferredMetals: ["white_gold"],
      preferredStones: ["emerald", "pearl"],
      styles: ["Art deco"],
      budgetBand: "50k_150k",
      familyMembers: [
        { relation: "spouse", name: "Omar", birthDate: "1984-03-02" },
        { relation: "daughter", name: "Mariam", birthDate: "2018-12-01" },
        { relation: "son", name: "Zayed", birthDate: null },
      ],
    });
    const stored = await db.clientFamilyMember.findMany({ where: { clientId: c.id }, orderBy: { id: "asc" } });
    expect(stored.map((m) => m.birthMonthDay)).toEqual([302, 1201, null]);
    expect(JSON.parse((await updateAudits(c.id))[0]!.details!).fields).toEqual([
      "ringSize",
      "preferredMetals",
      "preferredStones",
      "styles",
      "budgetBand",
      "familyMembers",
    ]);

    // GET carries the same; sending the family back as received (ids and all) changes nothing.
    const got = await outcome(
      await callRoute(clientApi.loader, makeRequest(`/api/clients/${c.id}`, { cookie }), { id: String(c.id) }),
    );
    const received = (got.body as ClientBody).data;
    expect(received.familyMembers).toEqual(data.familyMembers);
    expect((await put(cookie, c.id, { familyMembers: received.familyMembers })).status).toBe(200);
    expect(await updateAudits(c.id)).toHaveLength(1);
    expect((await db.clientFamilyMember.findMany({ where: { clientId: c.id } })).map((m) => m.id)).toEqual(
      stored.map((m) => m.id),
    );

    // A PUT without the list keeps it; an empty list clears it (and the preference lists likewise).
    await put(cookie, c.id, { ringSize: "15" });
    expect(await db.clientFamilyMember.count({ where: { clientId: c.id } })).toBe(3);
    const cleared = await put(cookie, c.id, { familyMembers: [], preferredStones: [] });
    expect((cleared.body as ClientBody).data).toMatchObject({ familyMembers: [], preferredStones: [], ringSize: "15" });
    expect(await db.clientFamilyMember.count({ where: { clientId: c.id } })).toBe(0);
  });

  it("answers bad input with 400 {error, details} naming each field, and writes nothing", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const res = await put(cookie, c.id, {
      preferredMetals: ["gold"],
      styles: "x".repeat(41),
      familyMembers: [
        { relation: "cousin", name: "Noor" },
        { relation: "son", name: "", birthDate: addDays(today, 1) },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error:
        "Validation failed for: preferredMetals, styles, familyMembers.0.relation, familyMembers.1.name, familyMembers.1.birthDate",
      details: [
        {
          path: "preferredMetals",
          message: "Choose metals from: Yellow gold, White gold, Rose gold, Platinum, Silver",
        },
        { path: "styles", message: "Each style is at most 40 characters" },
        {
          path: "familyMembers.0.relation",
          message: "Choose the relation: spouse, daughter, son, child, mother, father, other",
        },
        { path: "familyMembers.1.name", message: "Enter the family member's name" },
        { path: "familyMembers.1.birthDate", message: "The date of birth cannot be in the future" },
      ],
    });
    const notAList = await put(cookie, c.id, { familyMembers: { relation: "son", name: "Zayed" } });
    expect(notAList.body).toMatchObject({
      details: [{ path: "familyMembers", message: "Send familyMembers as a list of {relation, name, birthDate}" }],
    });
    expect(await db.clientFamilyMember.count({ where: { clientId: c.id } })).toBe(0);
    expect(await updateAudits(c.id)).toHaveLength(0);
  });

  it("lets every role edit them (the client book is open to all), and refuses anyone signed out", async () => {
    for (const role of ["admin", "sales_front", "sales_back", "road_sales"] as const) {
      const { cookie } = await signedIn(role);
      const c = await client();
      const res = await put(cookie, c.id, {
        budgetBand: "under_5k",
        familyMembers: [{ relation: "child", name: "Sami" }],
      });
      expect(res.status).toBe(200);
    }
    const c = await client();
    expect((await put("", c.id, { budgetBand: "under_5k" })).status).toBe(401);
  });

  it("takes them on a new client too (POST /api/clients)", async () => {
    const { cookie } = await signedIn();
    const res = await outcome(
      await callRoute(
        clientsApi.action,
        makeRequest("/api/clients", {
          cookie,
          json: {
            fullName: "Hessa New",
            mobileNumber: "0567770001",
            team: "team_a",
            bangleSize: "2-8",
            preferredMetals: "Platinum",
            familyMembers: [{ relation: "mother", name: "Moza", birthDate: "1960-05-05" }],
          },
        }),
      ),
    );
    expect(res.status).toBe(201);
    const data = (res.body as ClientBody).data;
    expect(data).toMatchObject({ bangleSize: "2-8", preferredMetals: ["platinum"], familyMembers: [{ name: "Moza" }] });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "client.created", targetId: String(data.id) },
    });
    expect(JSON.parse(audit.details!).fields).toEqual(expect.arrayContaining(["bangleSize", "familyMembers"]));
  });
});

describe("the details' family forms (plain posts)", () => {
  it("add a member and remove one, back to the details with a toast, audited", async () => {
    const { cookie } = await signedIn("road_sales");
    const c = await client();
    const back = `/customers/${c.id}?tier=gold`;
    const added = await postFamily(cookie, c.id, {
      intent: "add",
      relation: "daughter",
      name: "Mariam",
      birthDate: "2018-12-01",
      redirectTo: back,
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(back);
    expect(await toastOf(added.headers)).toMatchObject({
      title: "Family member added",
      description: "Mariam (Daughter)",
    });
    const member = await db.clientFamilyMember.findFirstOrThrow({ where: { clientId: c.id } });
    expect(member).toMatchObject({ relation: "daughter", name: "Mariam", birthMonthDay: 1201 });
    expect(member.birthDate).toEqual(dateFromIso("2018-12-01"));

    // The details show the family with each next birthday.
    const details = (await callRoute(detailsPage.loader, makeRequest(`/customers/${c.id}`, { cookie }), {
      id: String(c.id),
    })) as { family: { name: string; next: { age: number } | null }[] };
    expect(details.family).toMatchObject([{ name: "Mariam", next: { age: expect.any(Number) as number } }]);

    const removed = await postFamily(cookie, c.id, { intent: "remove", memberId: String(member.id), redirectTo: back });
    expect(await toastOf(removed.headers)).toMatchObject({ title: "Family member removed", description: "Mariam" });
    expect(await db.clientFamilyMember.count({ where: { clientId: c.id } })).toBe(0);
    const audits = await updateAudits(c.id);
    expect(audits.map((a) => JSON.parse(a.details!) as unknown)).toEqual([
      { fields: ["familyMembers"] },
      { fields: ["familyMembers"] },
    ]);
  });

  it("refuse a bad member with the reason, another client's member, and a deleted client", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const bad = await postFamily(cookie, c.id, {
      intent: "add",
      relation: "daughter",
      name: " ",
      birthDate: "2018-02-30",
    });
    expect(bad.status).toBe(302);
    expect(await toastOf(bad.headers)).toMatchObject({
      type: "error",
      title: "Family member not added",
      description: "Enter the family member's name",
    });
    const other = await client();
    const theirs = await db.clientFamilyMember.create({ data: { clientId: other.id, relation: "son", name: "Zayed" } });
    const wrong = await postFamily(cookie, c.id, { intent: "remove", memberId: String(theirs.id) });
    expect(await toastOf(wrong.headers)).toMatchObject({ type: "error", description: "Family member not found" });
    expect(await db.clientFamilyMember.count({ where: { id: theirs.id } })).toBe(1);
    const gone = await client({ deleted: true });
    expect((await postFamily(cookie, gone.id, { intent: "add", relation: "son", name: "Ali" })).status).toBe(404);
    const anonymous = await postFamily("", c.id, { intent: "add", relation: "son", name: "Ali" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("family birthdays in the birthday alerts", () => {
  it("are in the dashboard's birthday panel and its JSON, counted, soonest first, with the client's WhatsApp", async () => {
    const owner = await signedIn("sales_back");
    const c = await client({ ownerId: owner.user.id });
    await put(owner.cookie, c.id, {
      familyMembers: [
        { relation: "daughter", name: "Mariam", birthDate: birthDateIn(5, 8) },
        { relation: "spouse", name: "Omar", birthDate: birthDateIn(2, 40) },
        { relation: "son", name: "Zayed", birthDate: birthDateIn(45, 3) },
        // Born today: no birthday yet.
        { relation: "child", name: "Newborn", birthDate: today },
      ],
    });
    const gone = await client({ deleted: true });
    await db.clientFamilyMember.create({
      data: {
        clientId: gone.id,
        relation: "son",
        name: "Hidden",
        birthDate: dateFromIso(birthDateIn(3, 5)),
        birthMonthDay: monthDayOf(dateFromIso(birthDateIn(3, 5))),
      },
    });

    const alerts = await getDashboardAlerts(today);
    const family = alerts.birthdays.items.filter((a) => a.clientId === c.id);
    const first = c.fullName.split(" ")[0];
    expect(family.map((a) => a.message)).toEqual([
      expect.stringMatching(new RegExp(`^${first}'s spouse Omar turns 40 in 2 days \\(`)) as string,
      expect.stringMatching(new RegExp(`^${first}'s daughter Mariam turns 8 in 5 days \\(`)) as string,
    ]);
    expect(family[1]).toMatchObject({
      type: "birthday",
      daysLeft: 5,
      mobileNumber: c.mobileNumber,
      familyMember: { relation: "daughter", name: "Mariam", age: 8 },
    });
    expect(family[1]!.whatsappUrl).toContain(`https://wa.me/${c.mobileNumber}?text=`);
    expect(alerts.birthdays.items.some((a) => a.familyMember?.name === "Hidden")).toBe(false);
    expect(alerts.birthdays.total).toBe(alerts.birthdays.items.length);

    const api = await outcome(
      await callRoute(alertsApi.loader, makeRequest("/api/dashboard/alerts", { cookie: owner.cookie })),
    );
    const body = api.body as { birthdayAlerts: { message: string }[]; totals: { birthdayAlerts: number } };
    expect(body.birthdayAlerts.map((a) => a.message)).toContain(family[1]!.message);
    expect(body.totals.birthdayAlerts).toBe(alerts.birthdays.total);

    // My day: the owner's clients' family birthdays this week.
    const day = await getMyDay(owner.user.id, today);
    expect(day.occasions.map((o) => o.familyMember?.name)).toEqual(["Omar", "Mariam"]);
    expect((await getMyDay((await signedIn()).user.id, today)).occasions).toEqual([]);
  });
});

describe("leads recommend from purchases", () => {
  it("a necklace and earrings in yellow gold bring the matching bangle; a voided sale does not count", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const sale = async (items: Record<string, unknown>[], daysAgo: number) =>
      outcome(
        await callRoute(
          salesApi.action,
          makeRequest(`/api/clients/${c.id}/sales`, { cookie, json: { saleDate: addDays(today, -daysAgo), items } }),
          { id: String(c.id) },
        ),
      );
    await sale([{ category: "necklace", metal: "yellow_gold", karat: "22", price: "12000" }], 200);
    await sale([{ category: "earrings", metal: "yellow_gold", karat: "22", price: "4000" }], 150);
    const mistake = await sale([{ category: "bangle", metal: "yellow_gold", price: "9000" }], 120);
    const saleId = (mistake.body as { data: { id: number } }).data.id;
    const admin = await signedIn("admin");
    await outcome(
      await callRoute(
        voidApi.action,
        makeRequest(`/api/sales/${saleId}/void`, { cookie: admin.cookie, json: { reason: "Wrong client" } }),
        { id: String(saleId) },
      ),
    );
    await put(cookie, c.id, { budgetBand: "5k_20k", preferredStones: ["diamond"] });

    const res = await outcome(
      await callRoute(
        leadsApi.action,
        makeRequest("/api/ai/generate-leads", { cookie, json: { count: 50, location: "dubai" } }),
      ),
    );
    expect(res.status).toBe(200);
    const lead = (res.body as { leads: AiLead[] }).leads.find((l) => l.clientId === c.id)!;
    expect(lead.recommendedProducts).toEqual([
      "Yellow gold diamond bangle to match the necklace and earrings",
      "Yellow gold diamond ring",
      "Diamond tennis bracelet",
    ]);
    expect(lead.suggestedMessage).toContain("yellow gold diamond bangle to match the necklace and earrings");
  });
});
