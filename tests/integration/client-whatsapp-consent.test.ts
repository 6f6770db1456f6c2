import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import type { AiLead } from "~/domain/lead-schema";
import * as leadsApi from "~/routes/api.ai.generate-leads";
import * as importClients from "~/routes/api.import.clients";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as consentApi from "~/routes/api.clients.$id.consent";
import * as alertsApi from "~/routes/api.dashboard.alerts";
import * as consentForm from "~/routes/_app.customers_.$id.consent";
import * as whatsapp from "~/routes/_app.customers_.$id.whatsapp";
import { callRoute, createUser, makeRequest, ORIGIN, outcome, sessionCookieFor } from "../support/factories";
import { insertLeadClient } from "../support/lead-clients";

let seq = 0;

async function signedIn(role: "admin" | "sales_front" | "sales_back" | "road_sales" = "sales_front") {
  const staff = await createUser({ role, name: role === "road_sales" ? "Saif Al Zaabi" : "Reem Al Falasi" });
  return { ...staff, cookie: await sessionCookieFor(staff.user.id) };
}

async function client(fields: { consentWhatsapp?: string; deletedAt?: Date } = {}) {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Mariam Test${seq}`,
      searchText: `mariam test${seq}`,
      mobileNumber: `97158${String(seq).padStart(7, "0")}`,
      ...fields,
    },
  });
}

const clickWhatsApp = async (cookie: string, id: number, form: Record<string, string> = {}, origin?: string) =>
  outcome(
    await callRoute(whatsapp.action, makeRequest(`/customers/${id}/whatsapp`, { cookie, form, origin }), {
      id: String(id),
    }),
  );

beforeEach(async () => {
  await db.clientInteraction.deleteMany();
});

describe("POST /customers/:id/whatsapp", () => {
  it("records a whatsapp interaction for the signed-in user and answers 303 to wa.me with the message", async () => {
    const { cookie, user } = await signedIn("road_sales");
    const c = await client();
    const res = await clickWhatsApp(cookie, c.id, { message: "Eid Mubarak, Mariam! 🌙" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(
      `https://wa.me/${c.mobileNumber}?text=${encodeURIComponent("Eid Mubarak, Mariam! 🌙")}`,
    );
    const rows = await db.clientInteraction.findMany({ where: { clientId: c.id } });
    expect(rows).toEqual([
      expect.objectContaining({ type: "whatsapp", userId: user.id, note: "Eid Mubarak, Mariam! 🌙" }),
    ]);
    expect((await db.client.findUniqueOrThrow({ where: { id: c.id } })).lastContactType).toBe("whatsapp");
  });

  it("without a message it sends the client's default greeting", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const res = await clickWhatsApp(cookie, c.id);
    expect(res.headers.get("Location")).toBe(
      `https://wa.me/${c.mobileNumber}?text=${encodeURIComponent("Hello Mariam, greetings from Jewel CRM!")}`,
    );
  });

  it("refuses a withdrawn client with 403 and records nothing", async () => {
    const { cookie } = await signedIn();
    const c = await client({ consentWhatsapp: "withdrawn" });
    const res = await clickWhatsApp(cookie, c.id, { message: "Hi" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: "clients:whatsapp.withdrawn" });
    expect(await db.clientInteraction.count()).toBe(0);
  });

  it("refuses cross-site posts, never records on GET, and 404s for deleted clients", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    expect((await clickWhatsApp(cookie, c.id, {}, "https://evil.example")).status).toBe(403);
    const get = await outcome(
      await callRoute(whatsapp.loader, makeRequest(`/customers/${c.id}/whatsapp`, { cookie }), { id: String(c.id) }),
    );
    expect(get.status).toBe(302);
    const gone = await client({ deletedAt: new Date() });
    expect((await clickWhatsApp(cookie, gone.id)).status).toBe(404);
    expect((await clickWhatsApp("", c.id)).status).toBe(302);
    expect(await db.clientInteraction.count()).toBe(0);
  });
});

describe("consent", () => {
  it("contactOk = No withdraws every channel and Yes grants them, with history; GET carries consent", async () => {
    const { cookie } = await signedIn();
    const created = await outcome(
      await callRoute(
        clientsApi.action,
        makeRequest("/api/clients", {
          cookie,
          json: { fullName: "Hessa Consent", mobileNumber: "971581112233", team: "team_a", contactOk: "No" },
        }),
      ),
    );
    const data = (created.body as { data: { id: number; consent: Record<string, string> } }).data;
    expect(data.consent).toEqual({ whatsapp: "withdrawn", call: "withdrawn", email: "withdrawn", sms: "withdrawn" });
    const put = await outcome(
      await callRoute(
        clientApi.action,
        makeRequest(`/api/clients/${data.id}`, {
          cookie,
          method: "PUT",
          json: { fullName: "Hessa Consent", mobileNumber: "971581112233", contactOk: "Yes" },
        }),
        { id: String(data.id) },
      ),
    );
    expect((put.body as { data: { consent: Record<string, string> } }).data.consent.whatsapp).toBe("granted");
    const got = await outcome(
      await callRoute(clientApi.loader, makeRequest(`/api/clients/${data.id}`, { cookie }), { id: String(data.id) }),
    );
    expect((got.body as { data: { consent: Record<string, string> } }).data.consent).toEqual({
      whatsapp: "granted",
      call: "granted",
      email: "granted",
      sms: "granted",
    });
    expect(await db.clientConsent.count({ where: { clientId: data.id } })).toBe(8);
  });

  it("PUT /api/clients/:id/consent records one channel with when, how and who; junk is a 400", async () => {
    const { cookie, user } = await signedIn("road_sales");
    const c = await client();
    const put = async (json: unknown) =>
      outcome(
        await callRoute(
          consentApi.action,
          makeRequest(`/api/clients/${c.id}/consent`, { cookie, method: "PUT", json }),
          { id: String(c.id) },
        ),
      );
    const res = await put({ channel: "whatsapp", status: "withdrawn", source: "phone" });
    expect(res.status).toBe(200);
    expect((res.body as { data: { consent: Record<string, string> } }).data.consent).toEqual({
      whatsapp: "withdrawn",
      call: "unknown",
      email: "unknown",
      sms: "unknown",
    });
    expect((await put({ channel: "fax", status: "withdrawn", source: "phone" })).status).toBe(400);
    expect((await put(null)).status).toBe(400);
    const history = await db.clientConsent.findMany({ where: { clientId: c.id } });
    expect(history).toEqual([
      expect.objectContaining({ channel: "whatsapp", status: "withdrawn", source: "phone", recordedById: user.id }),
    ]);
    expect(await db.auditLog.count({ where: { action: "client.consent_changed", targetId: String(c.id) } })).toBe(1);
    // And the tracked WhatsApp route now refuses.
    expect((await clickWhatsApp(cookie, c.id)).status).toBe(403);
  });

  it("the details form records a change without JavaScript", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const res = await outcome(
      await callRoute(
        consentForm.action,
        makeRequest(`/customers/${c.id}/consent`, {
          cookie,
          form: { channel: "sms", status: "granted", source: "in_store", redirectTo: `/customers/${c.id}` },
        }),
        { id: String(c.id) },
      ),
    );
    expect(res.status).toBe(302);
    expect((await db.client.findUniqueOrThrow({ where: { id: c.id } })).consentSms).toBe("granted");
  });
});

describe("alerts and leads honour consent and recent contact", () => {
  it("alerts carry lastContactAt/By and a withdrawn client's WhatsApp is blocked", async () => {
    const { cookie, user } = await signedIn();
    const today = businessToday();
    const withdrawn = await insertLeadClient(db, { name: "Withdrawn Birthday", totalAed: 100, birthdayInDays: 2 });
    const contacted = await insertLeadClient(db, { name: "Contacted Birthday", totalAed: 100, birthdayInDays: 3 });
    await db.client.update({ where: { id: withdrawn.id }, data: { consentWhatsapp: "withdrawn" } });
    await clickWhatsApp(cookie, contacted.id);
    const res = await outcome(await callRoute(alertsApi.loader, makeRequest("/api/dashboard/alerts", { cookie })));
    type A = {
      clientName: string;
      lastContactAt: string | null;
      lastContactBy: string | null;
      whatsappBlocked: string | null;
    };
    const alerts = (res.body as { birthdayAlerts: A[] }).birthdayAlerts;
    const byName = new Map(alerts.map((a) => [a.clientName, a]));
    expect(byName.get("Withdrawn Birthday")).toMatchObject({
      lastContactAt: null,
      whatsappBlocked: expect.any(String),
    });
    expect(byName.get("Contacted Birthday")).toMatchObject({
      lastContactBy: user.name,
      // The JSON says the last contact in English words, as the leads do.
      lastContactLabel: `WhatsApp today · ${user.name.split(" ")[0]}`,
      whatsappBlocked: null,
    });
    expect(byName.get("Withdrawn Birthday")).toMatchObject({ lastContactLabel: null });
    expect(Date.parse(byName.get("Contacted Birthday")!.lastContactAt!)).toBeGreaterThan(
      Date.parse(`${addDays(today, -1)}T00:00:00Z`),
    );
  });

  it("leads leave out WhatsApp-withdrawn clients and those contacted this week unless includeContacted", async () => {
    await db.client.deleteMany();
    const { cookie, user } = await signedIn("road_sales");
    await insertLeadClient(db, { name: "Fresh Lead", totalAed: 600_000, purchases: 3, lastPurchaseDaysAgo: 120 });
    const spoken = await insertLeadClient(db, {
      name: "Spoken Lead",
      totalAed: 700_000,
      purchases: 3,
      lastPurchaseDaysAgo: 120,
    });
    const withdrawn = await insertLeadClient(db, {
      name: "Withdrawn Lead",
      totalAed: 800_000,
      purchases: 3,
      lastPurchaseDaysAgo: 120,
    });
    await db.client.update({ where: { id: withdrawn.id }, data: { consentWhatsapp: "withdrawn" } });
    await clickWhatsApp(cookie, spoken.id);
    const generate = async (json: Record<string, unknown>) =>
      (await outcome(await callRoute(leadsApi.action, makeRequest("/api/ai/generate-leads", { cookie, json }))))
        .body as {
        leads: AiLead[];
      };
    const plain = await generate({ location: "dubai" });
    expect(plain.leads.map((l) => l.name)).toEqual(["Fresh Lead"]);
    expect(plain.leads[0]).toMatchObject({ lastContactAt: null, lastContactBy: null });
    const all = await generate({ location: "dubai", includeContacted: true });
    expect(all.leads.map((l) => l.name)).toEqual(["Spoken Lead", "Fresh Lead"]);
    expect(all.leads[0]).toMatchObject({ lastContactBy: user.name, lastContactLabel: "WhatsApp today · Saif" });
  });
});

describe("importing a Consent column", () => {
  it("records each row's consent on every channel, with the importer and source import", async () => {
    const { cookie, user } = await signedIn("sales_back");
    const csv =
      "Full Name,Mobile Number,Team,Consent\nNo Thanks,0551230001,Team A,No\nYes Please,0551230002,Team A,yes\nSilent,0551230003,Team A,\n";
    const form = new FormData();
    form.append("file", new File([csv], "consent.csv"));
    const res = await outcome(
      await callRoute(
        importClients.action,
        new Request(`${ORIGIN}/api/import/clients`, {
          method: "POST",
          body: form,
          headers: { Cookie: cookie, Origin: ORIGIN },
        }),
      ),
    );
    expect(res.body).toMatchObject({ imported: 3 });
    const rows = await db.client.findMany({
      where: { mobileNumber: { in: ["971551230001", "971551230002", "971551230003"] } },
      orderBy: { mobileNumber: "asc" },
      select: { id: true, consentWhatsapp: true, consentSms: true, ownerId: true },
    });
    expect(rows.map((r) => [r.consentWhatsapp, r.consentSms])).toEqual([
      ["withdrawn", "withdrawn"],
      ["granted", "granted"],
      ["unknown", "unknown"],
    ]);
    expect(rows.every((r) => r.ownerId === user.id)).toBe(true);
    const history = await db.clientConsent.findMany({ where: { clientId: rows[0]!.id } });
    expect(history).toHaveLength(4);
    expect(history.every((h) => h.source === "import" && h.recordedById === user.id)).toBe(true);
  });
});
