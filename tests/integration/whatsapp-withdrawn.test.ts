import { createStaticHandler, isRouteErrorResponse } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso, monthDayOf } from "~/domain/calendar";
import * as alertsApi from "~/routes/api.dashboard.alerts";
import * as assistant from "~/routes/_app.ai-assistant";
import * as dashboard from "~/routes/_app.dashboard";
import * as whatsapp from "~/routes/_app.customers_.$id.whatsapp";
import { eraseClient } from "~/services/client-erasure.server";
import { callRoute, createUser, makeRequest, ORIGIN, outcome, sessionCookieFor } from "../support/factories";

// A client who withdrew WhatsApp consent gets no wa.me link anywhere (docs/privacy.md, consent):
// not in /api/dashboard/alerts, not in the dashboard's data, and a tracked post is refused with a
// page that says why, recording nothing.

const today = businessToday();
let seq = 0;

async function birthdayClient(ownerId: string, consentWhatsapp: string) {
  seq += 1;
  const dateOfBirth = dateFromIso(`1990${addDays(today, 2).slice(4)}`);
  return db.client.create({
    data: {
      fullName: `Consent Client ${seq}`,
      searchText: `consent client ${seq}`,
      mobileNumber: `97156${String(seq).padStart(7, "0")}`,
      ownerId,
      dateOfBirth,
      birthMonthDay: monthDayOf(dateOfBirth),
      emiratesIdExpiry: dateFromIso(addDays(today, 10)),
      consentWhatsapp,
    },
  });
}

const wa = (mobile: string) => `wa.me/${mobile}`;

describe("a withdrawn client has no WhatsApp link", () => {
  it("GET /api/dashboard/alerts: whatsappUrl is null and whatsappBlocked says why; others keep their link", async () => {
    const { user } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const withdrawn = await birthdayClient(user.id, "withdrawn");
    const granted = await birthdayClient(user.id, "granted");
    const res = await outcome(await callRoute(alertsApi.loader, makeRequest("/api/dashboard/alerts", { cookie })));
    type A = { clientId: number; whatsappUrl: string | null; whatsappBlocked: string | null };
    const body = res.body as { birthdayAlerts: A[]; emiratesIdAlerts: A[] };
    for (const list of [body.birthdayAlerts, body.emiratesIdAlerts]) {
      expect(list.find((a) => a.clientId === withdrawn.id)).toMatchObject({
        whatsappUrl: null,
        whatsappBlocked: "The client has withdrawn consent to WhatsApp contact",
      });
      expect(list.find((a) => a.clientId === granted.id)).toMatchObject({
        whatsappUrl: expect.stringContaining(wa(granted.mobileNumber)),
        whatsappBlocked: null,
      });
    }
    expect(JSON.stringify(res.body)).not.toContain(wa(withdrawn.mobileNumber));
  });

  it("the dashboard page's data (its alerts and My day) carries no link for them", async () => {
    const { user } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const withdrawn = await birthdayClient(user.id, "withdrawn");
    const granted = await birthdayClient(user.id, "unknown");
    const page = await outcome(await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie })));
    const text = JSON.stringify(page.body);
    expect(text).toContain(`Consent Client ${seq - 1}`);
    expect(text).not.toContain(wa(withdrawn.mobileNumber));
    // My day still offers the client who did not withdraw.
    expect(text).toContain(wa(granted.mobileNumber));
  });
});

describe("lead lists older than a withdrawal", () => {
  it("the leads page says which of the leads a browser kept may not be sent a WhatsApp", async () => {
    const { user } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const withdrawn = await birthdayClient(user.id, "withdrawn");
    const granted = await birthdayClient(user.id, "granted");
    const erased = await birthdayClient(user.id, "granted");
    expect(await eraseClient(erased.id, user)).toEqual({ ok: true });
    const page = await outcome(
      await callRoute(
        assistant.loader,
        makeRequest(`/ai-assistant?consentOf=${withdrawn.id},${granted.id},${erased.id},junk`, { cookie }),
      ),
    );
    expect((page.body as { whatsapp: unknown }).whatsapp).toEqual({
      checked: [withdrawn.id, granted.id, erased.id],
      withdrawn: [withdrawn.id, erased.id],
      // The browser forgets an erased client's lead.
      erased: [erased.id],
    });
  });

  it("a saved run shown again (?run=, without JavaScript) marks a client who withdrew since", async () => {
    const { user } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const since = await birthdayClient(user.id, "granted");
    const lead = {
      clientId: since.id,
      name: since.fullName,
      mobile: since.mobileNumber,
      emirate: "dubai",
      country: "uae",
      segmentType: "vip",
      tier: "gold",
      leadScore: 80,
      priority: "High",
      totalSalesValue: "1000.00",
      lastPurchaseDate: null,
      daysSinceLastPurchase: null,
      expectedRevenue: "500.00",
      aiInsights: "",
      recommendedProducts: [],
      recommendedTeam: "team_a",
      bestContactTime: "",
      suggestedMessage: "Hello",
      reasonForOutreach: "",
    };
    const run = await db.leadRun.create({
      data: { userId: user.id, filtersJson: "{}", leadsJson: JSON.stringify([lead]), source: "engine" },
    });
    await db.client.update({ where: { id: since.id }, data: { consentWhatsapp: "withdrawn" } });
    const page = await outcome(
      await callRoute(assistant.loader, makeRequest(`/ai-assistant?run=${run.id}`, { cookie })),
    );
    const body = page.body as { run: { leads: { clientId: number }[] }; whatsapp: unknown };
    expect(body.run.leads.map((l) => l.clientId)).toEqual([since.id]);
    expect(body.whatsapp).toEqual({ checked: [since.id], withdrawn: [since.id], erased: [] });
  });
});

/**
 * The tracked route as Remix runs a document POST (its static handler: the action, then the
 * loaders of the routes that render), so a refusal that the loader would turn into a redirect shows.
 */
function documentHandler() {
  return createStaticHandler([
    {
      id: "root",
      path: "/",
      children: [
        {
          id: "whatsapp",
          path: "customers/:id/whatsapp",
          loader: ({ request, params }) => whatsapp.loader({ request, params, context: {} }),
          action: ({ request, params }) => whatsapp.action({ request, params, context: {} }),
          hasErrorBoundary: "ErrorBoundary" in whatsapp,
        },
      ],
    },
  ]);
}

describe("POST /customers/:id/whatsapp for a withdrawn client, as a page", () => {
  it("answers 403 with the reason (not a redirect to the client) and records nothing", async () => {
    const { user } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const withdrawn = await birthdayClient(user.id, "withdrawn");
    const interactions = () => db.clientInteraction.count({ where: { clientId: withdrawn.id } });
    const request = new Request(`${ORIGIN}/customers/${withdrawn.id}/whatsapp`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "message=Hello",
    });
    const context = await documentHandler().query(request);
    expect(context).not.toBeInstanceOf(Response);
    if (context instanceof Response) return;
    expect(context.statusCode).toBe(403);
    const error = context.errors?.whatsapp;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error).toMatchObject({
      status: 403,
      data: { clientId: withdrawn.id, clientName: withdrawn.fullName, reason: "clients:whatsapp.withdrawn" },
    });
    expect(await interactions()).toBe(0);
  });

  it("a client who has not withdrawn still goes on to wa.me", async () => {
    const { user } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const granted = await birthdayClient(user.id, "granted");
    const request = new Request(`${ORIGIN}/customers/${granted.id}/whatsapp`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "message=Hello",
    });
    const answer = await documentHandler().query(request);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(`https://wa.me/${granted.mobileNumber}?text=Hello`);
  });
});
