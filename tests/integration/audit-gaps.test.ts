import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as schedule from "~/routes/_app.ai-assistant.schedule.$clientId";
import * as clientsNew from "~/routes/_app.customers.new";
import * as dashboard from "~/routes/_app.dashboard";
import * as newUser from "~/routes/_app.profile.users.new";
import * as metricsApi from "~/routes/api.dashboard.metrics";
import * as usersApi from "~/routes/api.users";
import { resetAuthenticator } from "~/services/authenticators.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// Follow-ups, refusals and the operator's authenticator reset are in the audit log, through the
// one writer, with who acted, on what, and no secret or personal value.

async function addClient(name: string) {
  const mobileNumber = `97155${String(Date.now()).slice(-7)}`;
  return db.client.create({
    data: { fullName: name, mobileNumber, searchText: `${name} ${mobileNumber}`.toLowerCase() },
  });
}

/** The newest audit row for an action (refusals by the origin check are written alongside the 403). */
async function lastAudit(action: string, where: Record<string, unknown> = {}) {
  for (let i = 0; i < 50; i++) {
    const row = await db.auditLog.findFirst({ where: { action, ...where }, orderBy: { createdAt: "desc" } });
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

describe("audit log", () => {
  it("records scheduling a follow-up and marking it done, without the note", async () => {
    const { user } = await createUser({ role: "sales_front", name: "Follow Upper" });
    const cookie = await sessionCookieFor(user.id);
    const client = await addClient("Audit Client");
    const note = "Call about the emerald ring she liked";
    const created = await outcome(
      await callRoute(
        schedule.action,
        makeRequest(`/ai-assistant/schedule/${client.id}`, {
          cookie,
          form: { dueDate: addDays(businessToday(), 2), note },
        }),
        { clientId: String(client.id) },
      ),
    );
    expect(created.status).toBe(302);
    const followUp = await db.followUp.findFirstOrThrow({ where: { clientId: client.id } });
    const scheduled = await lastAudit("follow_up.created", { targetId: followUp.id });
    expect(scheduled).toMatchObject({ actorId: user.id, actorName: "Follow Upper", targetType: "follow_up" });
    expect(JSON.parse(scheduled!.details!)).toEqual({
      clientId: client.id,
      dueDate: addDays(businessToday(), 2),
      ownerId: user.id,
    });
    expect(scheduled!.details).not.toContain("emerald");

    const done = await outcome(
      await callRoute(
        dashboard.action,
        makeRequest("/dashboard", { cookie, form: { intent: "complete-follow-up", followUpId: followUp.id } }),
      ),
    );
    expect(done.status).toBe(302);
    expect(await lastAudit("follow_up.done", { targetId: followUp.id })).toMatchObject({ actorId: user.id });
  });

  it("records a refusal by role on a page and on the API, with the path but not the query", async () => {
    const { user } = await createUser({ role: "road_sales" });
    const cookie = await sessionCookieFor(user.id);
    const page = await outcome(await callRoute(dashboard.loader, makeRequest("/dashboard?search=Fatima", { cookie })));
    expect(page.status).toBe(403);
    const pageRefusal = await lastAudit("auth.access_refused", { actorId: user.id, targetId: "/dashboard" });
    expect(JSON.parse(pageRefusal!.details!)).toEqual({ reason: "role", method: "GET" });
    expect(pageRefusal!.details).not.toContain("Fatima");

    const api = await outcome(await callRoute(metricsApi.loader, makeRequest("/api/dashboard/metrics", { cookie })));
    expect(api.status).toBe(403);
    expect(await lastAudit("auth.access_refused", { actorId: user.id, targetId: "/api/dashboard/metrics" })).not.toBe(
      null,
    );
  });

  it("records an admin refused by the closed user-management gate", async () => {
    const { user } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const api = await outcome(
      await callRoute(usersApi.action, makeRequest("/api/users", { cookie, json: { name: "X", email: "x@y.co" } })),
    );
    expect(api.status).toBe(403);
    const refusal = await lastAudit("auth.access_refused", { actorId: user.id, targetId: "/api/users" });
    expect(JSON.parse(refusal!.details!)).toEqual({ reason: "admin_gate", method: "POST" });

    const form = await outcome(
      await callRoute(
        newUser.action,
        makeRequest("/profile/users/new", { cookie, form: { name: "X", email: "x@y.co", role: "sales_front" } }),
      ),
    );
    expect(form.status).toBe(403);
    expect(await lastAudit("auth.access_refused", { actorId: user.id, targetId: "/profile/users/new" })).not.toBe(null);
  });

  it("records a cross-site post refused by the origin check", async () => {
    const { user } = await createUser({ role: "sales_front" });
    const cookie = await sessionCookieFor(user.id);
    const res = await outcome(
      await callRoute(
        clientsNew.action,
        makeRequest("/customers/new", {
          cookie,
          form: { fullName: "Forged", mobileNumber: "0501234999" },
          origin: "https://evil.example",
        }),
      ),
    );
    expect(res.status).toBe(403);
    const refusal = await lastAudit("auth.access_refused", { targetId: "/customers/new" });
    expect(JSON.parse(refusal!.details!)).toEqual({ reason: "cross_site", method: "POST" });
    expect(await db.client.count({ where: { fullName: "Forged" } })).toBe(0);
  });

  it("records the operator's authenticator reset, without the new secret", async () => {
    const { user } = await createUser({ role: "sales_back" });
    await sessionCookieFor(user.id);
    const issued = await resetAuthenticator(user.email);
    const reset = await lastAudit("auth.authenticator_reset", { targetId: user.id });
    expect(reset).toMatchObject({ actorId: null, actorName: "operator (command line)", targetType: "user" });
    expect(JSON.parse(reset!.details!)).toEqual({ devicesRemoved: 1, sessionsEnded: 1 });
    expect(reset!.details).not.toContain(issued.secret);
  });
});
