import { MESSAGE_CODES } from "~/domain/message-codes";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import type { AiLead } from "~/domain/lead-schema";
import * as api from "~/routes/api.ai.generate-leads";
import * as page from "~/routes/_app.ai-assistant";
import * as exportRoute from "~/routes/_app.ai-assistant.export";
import * as schedule from "~/routes/_app.ai-assistant.schedule.$clientId";
import * as voidApi from "~/routes/api.sales.$id.void";
import { addDays, businessToday } from "~/domain/calendar";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { insertLeadClient } from "../support/lead-clients";

type GenerateBody = { leads: AiLead[]; source: string; notice?: string; error?: string };

async function generate(cookie: string, json: unknown) {
  const res = await outcome(await callRoute(api.action, makeRequest("/api/ai/generate-leads", { cookie, json })));
  return { status: res.status, body: res.body as GenerateBody };
}

const ids = (leads: AiLead[]) => leads.map((l) => l.name);

let cookie: string;
let userId: string;

beforeEach(async () => {
  delete process.env.OPENAI_API_KEY;
  await db.followUp.deleteMany();
  await db.sale.deleteMany();
  await db.client.deleteMany();
  const { user } = await createUser({ role: "road_sales" });
  userId = user.id;
  cookie = await sessionCookieFor(user.id);
});

afterEach(() => {
  delete process.env.OPENAI_API_KEY;
});

describe("POST /api/ai/generate-leads without a model", () => {
  it("ranks the location's contactable clients with the engine, the same way every time", async () => {
    await insertLeadClient(db, { name: "Lapsed Diamond", totalAed: 1_200_000, purchases: 4, lastPurchaseDaysAgo: 150 });
    await insertLeadClient(db, {
      name: "Birthday Gold",
      totalAed: 150_000,
      purchases: 3,
      lastPurchaseDaysAgo: 40,
      birthdayInDays: 3,
    });
    await insertLeadClient(db, { name: "Quiet Bronze", totalAed: 800, purchases: 1, lastPurchaseDaysAgo: 10 });
    await insertLeadClient(db, {
      name: "Do Not Call Diamond",
      totalAed: 2_000_000,
      purchases: 5,
      lastPurchaseDaysAgo: 120,
      contactOk: "No",
    });
    await insertLeadClient(db, {
      name: "Sharjah Diamond",
      totalAed: 2_000_000,
      purchases: 5,
      lastPurchaseDaysAgo: 120,
      emirate: "sharjah",
    });
    await insertLeadClient(db, {
      name: "Deleted Diamond",
      totalAed: 2_000_000,
      purchases: 5,
      lastPurchaseDaysAgo: 120,
      deleted: true,
    });

    const first = await generate(cookie, {
      count: 10,
      team: null,
      location: "dubai",
      purchaseDateFilter: null,
      customDateFrom: null,
    });
    expect(first.status).toBe(200);
    expect(first.body.source).toBe("engine");
    expect(first.body.notice).toBeUndefined();
    expect(ids(first.body.leads)).toEqual(["Lapsed Diamond", "Birthday Gold", "Quiet Bronze"]);
    const [top] = first.body.leads;
    expect(top).toMatchObject({
      segmentType: "Lapsed VIP",
      tier: "diamond",
      priority: "Critical",
      totalSalesValue: "1200000.00",
      expectedRevenue: "300000.00",
      daysSinceLastPurchase: 150,
      emirate: "dubai",
      country: "uae",
      recommendedTeam: "team_a",
    });
    expect(top!.mobile).toMatch(/^\d+$/);
    expect(top!.leadScore).toBeGreaterThanOrEqual(80);
    expect(first.body.leads[1]!.segmentType).toBe("Upcoming occasion");

    const again = await generate(cookie, { location: "dubai" });
    expect(again.body.leads).toEqual(first.body.leads);
  });

  it("returns at most `count` leads, best first", async () => {
    for (let i = 0; i < 5; i++)
      await insertLeadClient(db, {
        name: `Client ${i}`,
        totalAed: 10_000 * (i + 1),
        purchases: 1,
        lastPurchaseDaysAgo: 100,
      });
    const { body } = await generate(cookie, { count: 2, location: "dubai" });
    expect(ids(body.leads)).toEqual(["Client 4", "Client 3"]);
  });

  it("filters by team, by country and by last purchase (3 months or a custom day)", async () => {
    await insertLeadClient(db, { name: "Luxury team", totalAed: 300_000, team: "team_a", lastPurchaseDaysAgo: 200 });
    await insertLeadClient(db, { name: "Entry team", totalAed: 3_000, team: "team_b", lastPurchaseDaysAgo: 20 });
    await insertLeadClient(db, { name: "Kuwait client", totalAed: 50_000, country: "kuwait", lastPurchaseDaysAgo: 20 });
    await insertLeadClient(db, { name: "Never bought", totalAed: 0, lastPurchaseDaysAgo: null });

    expect(ids((await generate(cookie, { location: "dubai", team: "team_b" })).body.leads)).toEqual(["Entry team"]);
    expect(ids((await generate(cookie, { location: "kuwait" })).body.leads)).toEqual(["Kuwait client"]);
    expect(ids((await generate(cookie, { location: "dubai", purchaseDateFilter: "3months" })).body.leads)).toEqual([
      "Luxury team",
    ]);
    const before = addDays(businessToday(), -19);
    expect(
      ids(
        (await generate(cookie, { location: "dubai", purchaseDateFilter: "custom", customDateFrom: before })).body
          .leads,
      ),
    ).toEqual(["Luxury team", "Entry team"]);
  });

  it("answers 4xx with the spec's message when the location is missing or 'none', and 401 when signed out", async () => {
    for (const json of [{ count: 10 }, { location: "none" }, { location: null }]) {
      const res = await generate(cookie, json);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("Location Selection Required: Please select a location before generating leads");
    }
    // The schema's message is a code (the page says it in its language); the JSON says it in English, as before.
    const noDate = await generate(cookie, { location: "dubai", purchaseDateFilter: "custom" });
    expect(noDate.status).toBe(400);
    expect(noDate.body).toEqual({
      error: "Pick the date the last purchase must be before",
      details: [{ path: "customDateFrom", message: "Pick the date the last purchase must be before" }],
    });
    expect(
      (
        await outcome(
          await callRoute(api.action, makeRequest("/api/ai/generate-leads", { json: { location: "dubai" } })),
        )
      ).status,
    ).toBe(401);
  });
});

describe("the /ai-assistant page without JavaScript", () => {
  it("posts the filters, shows the generated list, exports it as CSV and clears it", async () => {
    await insertLeadClient(db, {
      name: 'Fatima, Al "Noor"',
      totalAed: 600_000,
      purchases: 2,
      lastPurchaseDaysAgo: 100,
    });

    const missing = await outcome(
      await callRoute(
        page.action,
        makeRequest("/ai-assistant", { cookie, form: { intent: "generate", location: "" } }),
      ),
    );
    expect(missing.status).toBe(400);
    // The form's error is the code, which the page says in its language (the e2e tests read it).
    expect(JSON.stringify(missing.body)).toContain(`"location":["${MESSAGE_CODES.locationRequired}"]`);

    const posted = await outcome(
      await callRoute(
        page.action,
        makeRequest("/ai-assistant", {
          cookie,
          form: { intent: "generate", location: "dubai", team: "", purchaseDateFilter: "" },
        }),
      ),
    );
    expect(posted.status).toBe(302);
    const location = posted.headers.get("Location")!;
    expect(location).toMatch(/^\/ai-assistant\?run=/);

    const shown = (await callRoute(page.loader, makeRequest(location, { cookie }))) as Awaited<
      ReturnType<typeof page.loader>
    >;
    expect(shown.run?.leads.map((l) => l.name)).toEqual(['Fatima, Al "Noor"']);
    expect(shown.run?.form.location).toBe("dubai");

    // Another user cannot open this run.
    const other = await createUser();
    const theirs = (await callRoute(
      page.loader,
      makeRequest(location, { cookie: await sessionCookieFor(other.user.id) }),
    )) as Awaited<ReturnType<typeof page.loader>>;
    expect(theirs.run).toBeNull();

    const csv = await outcome(await callRoute(exportRoute.loader, makeRequest("/ai-assistant/export", { cookie })));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe(
      `attachment; filename="ai-leads-generate-${businessToday()}.csv"`,
    );
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe('"Name","Mobile","Location","Tier","Lead Score","Recommended Product","Team","Reasoning"');
    expect(lines[1]).toMatch(/^"Fatima, Al ""Noor""","\d+","Dubai","Platinum","\d+",/);

    const cleared = await outcome(
      await callRoute(page.action, makeRequest("/ai-assistant", { cookie, form: { intent: "clear" } })),
    );
    expect(cleared.headers.get("Location")).toBe("/ai-assistant");
    expect(await db.leadRun.count({ where: { userId } })).toBe(0);
    const nothing = await outcome(await callRoute(exportRoute.loader, makeRequest("/ai-assistant/export", { cookie })));
    expect(nothing.status).toBe(302);
  });

  it("downloads a name holding a formula after a semicolon as one quoted, neutralised field", async () => {
    // In a locale whose list separator is ";", Excel would split this name and run the second part.
    await insertLeadClient(db, { name: "x;=cmd|' /C calc'!A0", totalAed: 600_000, lastPurchaseDaysAgo: 120 });
    await insertLeadClient(db, { name: "@Noura", totalAed: 300_000, lastPurchaseDaysAgo: 200 });
    const posted = await outcome(
      await callRoute(
        page.action,
        makeRequest("/ai-assistant", { cookie, form: { intent: "generate", location: "dubai" } }),
      ),
    );
    expect(posted.status).toBe(302);

    const csv = await outcome(await callRoute(exportRoute.loader, makeRequest("/ai-assistant/export", { cookie })));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const rows = String(csv.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);
    expect(rows).toHaveLength(2);
    // Every field is quoted, and no field (nor any part after ; , tab or |) starts a formula.
    for (const row of rows) {
      const fields = row.slice(1, -1).split('","');
      expect(fields).toHaveLength(8);
      for (const part of fields.flatMap((f) => f.split(/[;,\t|]/))) expect(part.trimStart()).not.toMatch(/^[=+\-@]/);
    }
    expect(rows.map((row) => row.slice(0, row.indexOf('",') + 1)).sort()).toEqual([
      `"'@Noura"`,
      `"x;'=cmd|' /C calc'!A0"`,
    ]);
  });

  it("keeps only the user's last list", async () => {
    await insertLeadClient(db, { name: "Someone", totalAed: 5_000 });
    await generate(cookie, { location: "dubai" });
    await generate(cookie, { location: "sharjah" });
    const runs = await db.leadRun.findMany({ where: { userId } });
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0]!.filtersJson)).toMatchObject({ location: "sharjah" });
  });
});

describe("Schedule on a lead card", () => {
  it("creates a follow-up for the client on the chosen day with the note", async () => {
    const client = await insertLeadClient(db, { name: "Mariam Aziz", totalAed: 40_000 });
    const day = addDays(businessToday(), 7);
    const res = await outcome(
      await callRoute(
        schedule.action,
        makeRequest(`/ai-assistant/schedule/${client.id}?run=abc`, {
          cookie,
          form: { dueDate: day, note: "Ask about the bridal set" },
        }),
        { clientId: String(client.id) },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/ai-assistant?run=abc");
    const followUps = await db.followUp.findMany({ where: { clientId: client.id } });
    expect(followUps).toHaveLength(1);
    expect(followUps[0]).toMatchObject({ note: "Ask about the bridal set", createdById: userId, doneAt: null });
    expect(followUps[0]!.dueDate.toISOString().slice(0, 10)).toBe(day);
  });

  it("refuses a day in the past, and an unknown or deleted client", async () => {
    const client = await insertLeadClient(db, { name: "Past Date", totalAed: 40_000 });
    const past = await outcome(
      await callRoute(
        schedule.action,
        makeRequest(`/ai-assistant/schedule/${client.id}`, { cookie, form: { dueDate: addDays(businessToday(), -1) } }),
        { clientId: String(client.id) },
      ),
    );
    expect(past.status).toBe(400);
    const deleted = await insertLeadClient(db, { name: "Gone", totalAed: 1_000, deleted: true });
    for (const id of [String(deleted.id), "999999", "abc"]) {
      const res = await outcome(
        await callRoute(schedule.loader, makeRequest(`/ai-assistant/schedule/${id}`, { cookie }), { clientId: id }),
      );
      expect(res.status).toBe(404);
    }
    expect(await db.followUp.count()).toBe(0);
  });
});

describe("leads after a void", () => {
  it("count and total only the sales not void", async () => {
    const admin = await createUser({ role: "admin" });
    const adminCookie = await sessionCookieFor(admin.user.id);
    const c = await insertLeadClient(db, {
      name: "Voided Twice",
      totalAed: 40_000,
      purchases: 4,
      lastPurchaseDaysAgo: 150,
    });
    const sales = await db.sale.findMany({ where: { clientId: c.id }, orderBy: { saleDate: "asc" } });
    for (const sale of sales.slice(0, 2)) {
      const res = await outcome(
        await callRoute(
          voidApi.action,
          makeRequest(`/api/sales/${sale.id}/void`, { cookie: adminCookie, json: { reason: "Returned" } }),
          { id: String(sale.id) },
        ),
      );
      expect(res.status).toBe(200);
    }
    const { body } = await generate(cookie, { location: "dubai" });
    const lead = body.leads.find((l) => l.name === "Voided Twice");
    expect(lead?.totalSalesValue).toBe("20000.00");
    expect(JSON.stringify(lead)).toContain("AED 20,000.00 over 2 purchases");
  });
});
