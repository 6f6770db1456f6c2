import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as editPage from "~/routes/_app.customers.$id_.edit";
import * as newPage from "~/routes/_app.customers.new";
import { listAuditLog } from "~/services/audit-log.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// Adding, editing and recording a sale on a client are in the audit log: who, which client
// ("client <id>") and which fields changed, by name only (the values are the client's personal data).

let seq = 0;
const nextMobile = () => `97157${String(++seq).padStart(7, "0")}`;

async function signedIn() {
  const staff = await createUser({ role: "sales_back" });
  return { ...staff, cookie: await sessionCookieFor(staff.user.id) };
}

async function auditOf(action: string, clientId: number) {
  return db.auditLog.findMany({ where: { action, targetType: "client", targetId: String(clientId) } });
}

async function createViaApi(cookie: string, json: Record<string, unknown>) {
  const res = await outcome(await callRoute(clientsApi.action, makeRequest("/api/clients", { cookie, json })));
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function put(cookie: string, id: number, json: Record<string, unknown>) {
  return outcome(
    await callRoute(clientApi.action, makeRequest(`/api/clients/${id}`, { cookie, json, method: "PUT" }), {
      id: String(id),
    }),
  );
}

describe("client writes in the audit log", () => {
  it("records an API create with the actor and the field names given, never their values", async () => {
    const { user, cookie } = await signedIn();
    const mobile = nextMobile();
    const id = await createViaApi(cookie, {
      fullName: "Audit Amina",
      mobileNumber: mobile,
      team: "team_b",
      email: "amina@example.com",
    });
    const [entry, ...more] = await auditOf("client.created", id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actorId: user.id, actorName: user.name });
    const details = JSON.parse(entry!.details!) as { fields: string[] };
    expect(details.fields).toEqual(expect.arrayContaining(["fullName", "mobileNumber", "team", "email"]));
    expect(entry!.details).not.toMatch(/Amina|amina@example\.com|\d{9}/);
  });

  it("records a create through the New Client form", async () => {
    const { user, cookie } = await signedIn();
    const res = await outcome(
      await callRoute(
        newPage.action,
        makeRequest("/customers/new", {
          cookie,
          form: {
            fullName: "Form Fatma",
            mobileNumber: nextMobile(),
            country: "uae",
            emirate: "dubai",
            team: "team_a",
          },
        }),
      ),
    );
    expect(res.status).toBe(302);
    const client = await db.client.findFirstOrThrow({ where: { fullName: "Form Fatma" } });
    expect(await auditOf("client.created", client.id)).toEqual([expect.objectContaining({ actorId: user.id })]);
  });

  it("records an edit with the names of the fields that changed, and nothing for an edit that changes nothing", async () => {
    const { user, cookie } = await signedIn();
    const mobile = nextMobile();
    const id = await createViaApi(cookie, { fullName: "Edit Eman", mobileNumber: mobile, team: "team_a" });

    const same = await put(cookie, id, { fullName: "Edit Eman", mobileNumber: mobile, team: "team_a" });
    expect(same.status).toBe(200);
    expect(await auditOf("client.updated", id)).toHaveLength(0);

    const changed = await put(cookie, id, {
      fullName: "Edit Eman",
      mobileNumber: mobile,
      email: "eman@example.com",
      emiratesId: "784-1990-7654321-0",
    });
    expect(changed.status).toBe(200);
    const [entry, ...more] = await auditOf("client.updated", id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actorId: user.id, actorName: user.name });
    expect((JSON.parse(entry!.details!) as { fields: string[] }).fields.sort()).toEqual(["email", "emiratesId"]);
    expect(entry!.details).not.toMatch(/eman@example\.com|784/);
  });

  it("records a new sale from the edit form with its amount and day", async () => {
    const { user, cookie } = await signedIn();
    const mobile = nextMobile();
    const id = await createViaApi(cookie, { fullName: "Sale Salma", mobileNumber: mobile, team: "team_c" });
    const res = await outcome(
      await callRoute(
        editPage.action,
        makeRequest(`/customers/${id}/edit`, {
          cookie,
          form: {
            fullName: "Sale Salma",
            mobileNumber: mobile,
            country: "uae",
            emirate: "dubai",
            team: "team_c",
            newSaleAmount: "1250.50",
            newSaleDate: "2024-03-01",
          },
        }),
        { id: String(id) },
      ),
    );
    expect(res.status).toBe(302);
    const [sale] = await auditOf("client.sale_recorded", id);
    expect(sale).toMatchObject({ actorId: user.id });
    expect(JSON.parse(sale!.details!)).toEqual({ amount: "1250.50", saleDate: "2024-03-01" });

    // System Logs names the new entries.
    const { entries } = await listAuditLog({
      action: "client.sale_recorded",
      actorId: user.id,
      clientId: null,
      page: 1,
    });
    expect(entries[0]).toMatchObject({
      action: "client.sale_recorded",
      about: { kind: "clients", clients: [{ id: String(id), name: expect.any(String) }] },
    });
  });

  it("writes no entry for a refused write", async () => {
    const { cookie } = await signedIn();
    const before = await db.auditLog.count({ where: { action: "client.created" } });
    const res = await outcome(
      await callRoute(
        clientsApi.action,
        makeRequest("/api/clients", { cookie, json: { fullName: "", team: "team_a" } }),
      ),
    );
    expect(res.status).toBe(400);
    expect(await db.auditLog.count({ where: { action: "client.created" } })).toBe(before);
  });
});
