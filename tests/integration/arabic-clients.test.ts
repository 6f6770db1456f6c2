import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import type { Alert } from "~/domain/alerts";
import { addDays, businessToday } from "~/domain/calendar";
import type { AiLead } from "~/domain/lead-schema";
import * as leadsApi from "~/routes/api.ai.generate-leads";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as alertsApi from "~/routes/api.dashboard.alerts";
import * as whatsapp from "~/routes/_app.customers_.$id.whatsapp";
import * as messagesPage from "~/routes/_app.profile_.messages";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// Issue #18 slices 4 and 5: Arabic names and the preferred language, found by normalised search,
// and WhatsApp messages in the client's language from the admin's templates.

let adminCookie = "";
let staffCookie = "";
let seq = 0;
const nextMobile = () => `97158${String(++seq).padStart(7, "0")}`;
/** A date of birth whose birthday is `days` from today (1992 is a leap year). */
const birthdayIn = (days: number) => `1992${addDays(businessToday(), days).slice(4)}`;

type ClientJson = {
  id: number;
  fullName: string;
  fullNameAr: string | null;
  preferredLanguage: string;
  mobileNumber: string;
};

async function create(json: Record<string, unknown>) {
  return outcome(
    await callRoute(
      clientsApi.action,
      makeRequest("/api/clients", {
        cookie: adminCookie,
        json: { mobileNumber: nextMobile(), team: "team_a", ...json },
      }),
    ),
  );
}

async function search(query: string): Promise<string[]> {
  const res = await outcome(
    await callRoute(
      clientsApi.loader,
      makeRequest(`/api/clients?search=${encodeURIComponent(query)}`, { cookie: staffCookie }),
    ),
  );
  expect(res.status).toBe(200);
  return (res.body as { data: ClientJson[] }).data.map((c) => c.fullName).sort();
}

async function birthdayAlerts(): Promise<Alert[]> {
  const res = await outcome(
    await callRoute(alertsApi.loader, makeRequest("/api/dashboard/alerts", { cookie: adminCookie })),
  );
  expect(res.status).toBe(200);
  return (res.body as { birthdayAlerts: Alert[] }).birthdayAlerts;
}

function postMessages(cookie: string, form: Record<string, string>) {
  return callRoute(messagesPage.action, makeRequest("/profile/messages", { cookie, form }));
}

/** Every text box as the page shows it, with `changes` typed over. */
async function settingsForm(changes: Record<string, string>): Promise<Record<string, string>> {
  const page = (await callRoute(messagesPage.loader, makeRequest("/profile/messages", { cookie: adminCookie }))) as {
    templates: { occasion: string; language: string; body: string }[];
  };
  const form: Record<string, string> = { intent: "save" };
  for (const t of page.templates) form[`${t.occasion}-${t.language}`] = t.body;
  return { ...form, ...changes };
}

let hamadId = 0;

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  adminCookie = await sessionCookieFor(admin.user.id);
  const staff = await createUser({ role: "sales_front" });
  staffCookie = await sessionCookieFor(staff.user.id);
  await db.messageTemplate.deleteMany();
});

describe("/api/clients with an Arabic name and a preferred language", () => {
  it("creates and updates them, and refuses a language other than en or ar", async () => {
    const created = await create({ fullName: "Hamad Al Ketbi", fullNameAr: "حمد الكتبي", preferredLanguage: "ar" });
    expect(created.status).toBe(201);
    const client = (created.body as { data: ClientJson }).data;
    hamadId = client.id;
    expect(client).toMatchObject({ fullNameAr: "حمد الكتبي", preferredLanguage: "ar" });

    const plain = await create({ fullName: "Plain English" });
    expect((plain.body as { data: ClientJson }).data).toMatchObject({ fullNameAr: null, preferredLanguage: "en" });

    const put = (json: Record<string, unknown>) =>
      callRoute(
        clientApi.action,
        makeRequest(`/api/clients/${client.id}`, {
          method: "PUT",
          cookie: adminCookie,
          json: { fullName: client.fullName, mobileNumber: client.mobileNumber, ...json },
        }),
        { id: String(client.id) },
      );
    const updated = await outcome(await put({ fullNameAr: "حمد سالم الكتبي", preferredLanguage: "en" }));
    expect(updated.status).toBe(200);
    expect((updated.body as { data: ClientJson }).data).toMatchObject({
      fullName: "Hamad Al Ketbi",
      fullNameAr: "حمد سالم الكتبي",
      preferredLanguage: "en",
    });
    const refused = await outcome(await put({ preferredLanguage: "fr" }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("preferredLanguage");
    await outcome(await put({ preferredLanguage: "ar" }));
  });
});

describe("search with normalised Arabic", () => {
  it("finds an Arabic name however the alef, ta marbuta, alef maqsura and marks are typed", async () => {
    await create({ fullName: "Ahmed Al Hashimi", fullNameAr: "أحمد الهاشمي" });
    await create({ fullName: "Fatima Mustafa", fullNameAr: "فاطمة مصطفى" });
    // A name typed in Arabic into the main name field is folded the same way.
    await create({ fullName: "إبراهيم" });
    expect(await search("احمد")).toEqual(["Ahmed Al Hashimi"]);
    expect(await search("أَحْمَد")).toEqual(["Ahmed Al Hashimi"]);
    expect(await search("فاطمه")).toEqual(["Fatima Mustafa"]);
    expect(await search("مصطفي")).toEqual(["Fatima Mustafa"]);
    expect(await search("ابراهيم")).toEqual(["إبراهيم"]);
    expect(await search("الكتبي")).toEqual(["Hamad Al Ketbi"]);
  });
});

describe("WhatsApp messages in the client's language", () => {
  it("writes an Arabic client's alert in Arabic with the Arabic name, an English client's in English", async () => {
    await create({
      fullName: "Mariam Al Suwaidi",
      fullNameAr: "مريم السويدي",
      preferredLanguage: "ar",
      dateOfBirth: birthdayIn(5),
    });
    await create({ fullName: "Sara Khan", dateOfBirth: birthdayIn(5) });
    const alerts = await birthdayAlerts();
    const mariam = alerts.find((a) => a.clientName === "Mariam Al Suwaidi")!;
    expect(mariam.clientNameAr).toBe("مريم السويدي");
    expect(mariam.whatsappMessage).toMatch(/^أهلاً مريم، يقترب عيد ميلادك في /);
    expect(mariam.whatsappUrl).toContain(encodeURIComponent("أهلاً مريم"));
    expect(mariam.message).toMatch(/^Mariam Al Suwaidi's birthday is in 5 days/);
    const sara = alerts.find((a) => a.clientName === "Sara Khan")!;
    expect(sara.whatsappMessage).toMatch(/^Dear Sara, your birthday is coming up on /);
  });

  it("gives leads the message in the client's language", async () => {
    const res = await outcome(
      await callRoute(
        leadsApi.action,
        makeRequest("/api/ai/generate-leads", { cookie: adminCookie, json: { location: "uae" } }),
      ),
    );
    expect(res.status).toBe(200);
    const leads = (res.body as { leads: AiLead[] }).leads;
    const mariam = leads.find((l) => l.name === "Mariam Al Suwaidi")!;
    expect(mariam).toMatchObject({ language: "ar", nameAr: "مريم السويدي" });
    expect(mariam.whatsappMessage).toMatch(/^أهلاً مريم، عيد ميلادك خلال 5 أيام/);
    const sara = leads.find((l) => l.name === "Sara Khan")!;
    expect(sara.whatsappMessage).toMatch(/^Dear Sara, your birthday is in 5 days/);
  });

  it("greets from the WhatsApp button in the client's language", async () => {
    const res = await outcome(
      await callRoute(
        whatsapp.action,
        makeRequest(`/customers/${hamadId}/whatsapp`, { cookie: staffCookie, form: {} }),
        { id: String(hamadId) },
      ),
    );
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get("Location")!)).toContain("text=مرحباً حمد، تحية طيبة");
  });
});

describe("the message templates page", () => {
  it("is for admins only", async () => {
    expect(
      (await outcome(await callRoute(messagesPage.loader, makeRequest("/profile/messages", { cookie: staffCookie }))))
        .status,
    ).toBe(403);
    const refused = await outcome(await postMessages(staffCookie, await settingsForm({})));
    expect(refused.status).toBe(403);
  });

  it("refuses an unknown placeholder with the field's error and saves nothing", async () => {
    const res = await outcome(
      await postMessages(adminCookie, await settingsForm({ "birthday_upcoming-ar": "أهلاً {firstname}، {inDays}" })),
    );
    expect(res.status).toBe(400);
    const reply = res.body as { lastResult: { error: Record<string, string[]> } };
    expect(reply.lastResult.error["birthday_upcoming-ar"]).toEqual([
      "Unknown placeholder {firstname}: this message can use {firstName}, {fullName}, {date}, {daysLeft}, {inDays}",
    ]);
    expect(await db.messageTemplate.count()).toBe(0);
  });

  it("saves an admin's Arabic wording (audited), which the alerts then use, and resets it", async () => {
    const saved = await outcome(
      await postMessages(
        adminCookie,
        await settingsForm({ "birthday_upcoming-ar": "عيد ميلاد سعيد يا {firstName}، {inDays}!" }),
      ),
    );
    expect(saved.status).toBe(302);
    expect(await db.messageTemplate.findMany({ select: { occasion: true, language: true } })).toEqual([
      { occasion: "birthday_upcoming", language: "ar" },
    ]);
    const mariam = (await birthdayAlerts()).find((a) => a.clientName === "Mariam Al Suwaidi")!;
    expect(mariam.whatsappMessage).toBe("عيد ميلاد سعيد يا مريم، خلال 5 أيام!");
    const audit = await db.auditLog.findFirst({
      where: { action: "settings.message_templates_changed" },
      orderBy: { createdAt: "desc" },
    });
    expect(JSON.parse(audit!.details!)).toEqual({ changed: ["birthday_upcoming.ar"] });

    const reset = await outcome(await postMessages(adminCookie, { intent: "reset", target: "birthday_upcoming-ar" }));
    expect(reset.status).toBe(302);
    expect(await db.messageTemplate.count()).toBe(0);
    const again = (await birthdayAlerts()).find((a) => a.clientName === "Mariam Al Suwaidi")!;
    expect(again.whatsappMessage).toMatch(/^أهلاً مريم، /);
  });
});
