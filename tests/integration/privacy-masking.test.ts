import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import type { Role } from "~/domain/roles";
import { REVEAL_LIMIT, WITHHELD } from "~/domain/client-privacy";
import * as listPage from "~/routes/_app.customers";
import * as detailsPage from "~/routes/_app.customers.$id";
import * as editPage from "~/routes/_app.customers.$id_.edit";
import * as logsPage from "~/routes/_app.profile_.logs";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as revealApi from "~/routes/api.clients.$id.reveal-emirates-id";
import * as auditApi from "~/routes/api.audit";
import * as alertsApi from "~/routes/api.dashboard.alerts";
import * as leadsApi from "~/routes/api.ai.generate-leads";
import * as leadsExport from "~/routes/_app.ai-assistant.export";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { insertLeadClient } from "../support/lead-clients";

// Emirates IDs outside the admin role (docs/privacy.md): masked on every route that returns a
// client, searchable by the full number, revealed one client at a time (audited, 30 an hour).

const FULL_ID = "784-1985-7654321-3";
const MASKED_ID = "784-****-*******-3";
const PICTURES = "https://files.example/eid-front.jpg https://files.example/eid-back.jpg";

let client: { id: number };
const cookies = {} as Record<Role, string>;
const users = {} as Record<Role, { id: string; name: string }>;

async function signedIn(role: Role) {
  const { user } = await createUser({ role, name: `Privacy ${role}` });
  return { user, cookie: await sessionCookieFor(user.id) };
}

beforeAll(async () => {
  for (const role of ["admin", "sales_front", "sales_back", "road_sales"] as const) {
    const { user, cookie } = await signedIn(role);
    cookies[role] = cookie;
    users[role] = user;
  }
  // A lead (high value, lapsed) whose ID expires in 5 days, so it is on the alerts too.
  client = await insertLeadClient(db, {
    name: "Masked Mariam",
    totalAed: 900_000,
    purchases: 3,
    lastPurchaseDaysAgo: 200,
    idExpiresInDays: 5,
    contactOk: "Yes",
  });
  await db.client.update({
    where: { id: client.id },
    data: { emiratesId: FULL_ID, emiratesIdPictures: PICTURES, searchText: `masked mariam ${FULL_ID} 784198576543213` },
  });
});

const get = async (loader: (a: never) => unknown, path: string, role: Role, params: Record<string, string> = {}) =>
  outcome(await callRoute(loader as never, makeRequest(path, { cookie: cookies[role] }), params));

type Row = { id: number; idNumber: string };
type Json = { id: number; emiratesId: string | null; emiratesIdPictures: string | null };

describe("masking per role", () => {
  it("the client book and its search: masked outside admin, found by the full number for every role", async () => {
    for (const role of ["admin", "sales_front", "sales_back", "road_sales"] as const) {
      for (const search of [FULL_ID, "784198576543213"]) {
        const res = await get(listPage.loader, `/customers?search=${encodeURIComponent(search)}`, role);
        const rows = (res.body as { rows: Row[] }).rows;
        expect(
          rows.map((r) => r.id),
          `${role} searching ${search}`,
        ).toEqual([client.id]);
        expect(rows[0]!.idNumber).toBe(role === "admin" ? FULL_ID : MASKED_ID);
      }
    }
    const page = await get(listPage.loader, "/customers", "road_sales");
    expect(JSON.stringify(page.body)).not.toContain("7654321");
  });

  it("the client's details and the edit form: masked, pictures withheld, Reveal offered", async () => {
    const staff = await get(detailsPage.loader, `/customers/${client.id}`, "sales_front", { id: String(client.id) });
    expect(staff.body).toMatchObject({
      client: { emiratesId: MASKED_ID, emiratesIdPictures: WITHHELD },
      canReveal: true,
    });
    expect(JSON.stringify(staff.body)).not.toMatch(/7654321|files\.example/);
    const admin = await get(detailsPage.loader, `/customers/${client.id}`, "admin", { id: String(client.id) });
    expect(admin.body).toMatchObject({
      client: { emiratesId: FULL_ID, emiratesIdPictures: PICTURES },
      canReveal: false,
    });

    const edit = await get(editPage.loader, `/customers/${client.id}/edit`, "sales_back", { id: String(client.id) });
    expect(edit.body).toMatchObject({
      values: { emiratesId: MASKED_ID, emiratesIdPictures: WITHHELD },
      readOnlyFields: ["emiratesId", "emiratesIdPictures"],
    });
  });

  it("/api/clients (list and single): emiratesId masked and picture links withheld outside admin", async () => {
    for (const role of ["admin", "sales_front", "road_sales"] as const) {
      const list = await get(clientsApi.loader, `/api/clients?search=${encodeURIComponent(FULL_ID)}`, role);
      const one = await get(clientApi.loader, `/api/clients/${client.id}`, role, { id: String(client.id) });
      for (const json of [(list.body as { data: Json[] }).data[0]!, (one.body as { data: Json }).data]) {
        expect(json.emiratesId, role).toBe(role === "admin" ? FULL_ID : MASKED_ID);
        expect(json.emiratesIdPictures, role).toBe(role === "admin" ? PICTURES : WITHHELD);
      }
    }
  });

  it("a client created or edited through the API answers masked to a non-admin", async () => {
    const created = await outcome(
      await callRoute(
        clientsApi.action,
        makeRequest("/api/clients", {
          cookie: cookies.sales_front,
          json: { fullName: "New Noor", mobileNumber: "0559876501", team: "team_a", emiratesId: "784-2001-1111111-5" },
        }),
      ),
    );
    expect(created.status).toBe(201);
    const data = (created.body as { data: Json }).data;
    expect(data.emiratesId).toBe("784-****-*******-5");
    expect((await db.client.findUniqueOrThrow({ where: { id: data.id } })).emiratesId).toBe("784-2001-1111111-5");
  });

  it("a masked value sent back keeps the number; a non-admin cannot overwrite it, an admin can", async () => {
    const put = async (role: Role, json: Record<string, unknown>) =>
      outcome(
        await callRoute(
          clientApi.action,
          makeRequest(`/api/clients/${client.id}`, { cookie: cookies[role], json, method: "PUT" }),
          { id: String(client.id) },
        ),
      );
    const one = await get(clientApi.loader, `/api/clients/${client.id}`, "sales_front", { id: String(client.id) });
    const echoed = await put("sales_front", { ...(one.body as { data: Json }).data, area: "Jumeirah 2" });
    expect(echoed.status).toBe(200);
    const row = await db.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row).toMatchObject({ emiratesId: FULL_ID, emiratesIdPictures: PICTURES, area: "Jumeirah 2" });

    const refused = await put("sales_back", {
      fullName: row.fullName,
      mobileNumber: row.mobileNumber,
      emiratesId: "784-2000-0000000-1",
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: "Only an admin can change a recorded Emirates ID or its pictures." },
    });
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).emiratesId).toBe(FULL_ID);

    // The edit's audit entry names the fields changed, never a value.
    const edits = await db.auditLog.findMany({
      where: { action: "client.updated", targetType: "client", targetId: String(client.id) },
    });
    expect(edits).toHaveLength(1);
    expect(JSON.parse(edits[0]!.details!)).toEqual({ fields: ["area"] });
    expect(edits[0]!.details).not.toMatch(/Jumeirah|7654321/);
  });

  it("alerts, leads and the leads CSV carry no Emirates ID", async () => {
    const alerts = await get(alertsApi.loader, "/api/dashboard/alerts", "sales_front");
    expect(JSON.stringify(alerts.body)).toContain("Masked Mariam");
    const leads = await outcome(
      await callRoute(
        leadsApi.action,
        makeRequest("/api/ai/generate-leads", { cookie: cookies.sales_front, json: { location: "dubai", count: 50 } }),
      ),
    );
    expect(JSON.stringify(leads.body)).toContain("Masked Mariam");
    const csv = await get(leadsExport.loader, "/ai-assistant/export", "sales_front");
    expect(String(csv.body)).toContain("Masked Mariam");
    for (const body of [alerts.body, leads.body, csv.body])
      expect(JSON.stringify(body)).not.toMatch(/7654321|784-?1985|files\.example/);
  });
});

describe("Reveal", () => {
  it("shows the full number on the details page's answer and records who, which client and when", async () => {
    const before = new Date();
    const res = await outcome(
      await callRoute(
        detailsPage.action,
        makeRequest(`/customers/${client.id}`, { cookie: cookies.sales_back, form: { intent: "reveal-emirates-id" } }),
        { id: String(client.id) },
      ),
    );
    expect(res.body).toMatchObject({ revealed: { emiratesId: FULL_ID, pictures: PICTURES }, error: null });
    const entries = await db.auditLog.findMany({
      where: { action: "client.emirates_id_revealed", actorId: users.sales_back.id },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorName: users.sales_back.name,
      targetType: "client",
      targetId: String(client.id),
    });
    expect(entries[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(entries[0]!.details).not.toContain("7654321");
  });

  it(`POST /api/clients/:id/reveal-emirates-id → {emiratesId}; the ${REVEAL_LIMIT + 1}st in an hour is 429`, async () => {
    const reveal = async () =>
      outcome(
        await callRoute(
          revealApi.action,
          makeRequest(`/api/clients/${client.id}/reveal-emirates-id`, { cookie: cookies.road_sales, method: "POST" }),
          { id: String(client.id) },
        ),
      );
    for (let i = 0; i < REVEAL_LIMIT; i++)
      expect(await reveal()).toMatchObject({ status: 200, body: { emiratesId: FULL_ID } });
    const refused = await reveal();
    expect(refused.status).toBe(429);
    expect((refused.body as { error: string }).error).toMatch(/^You have revealed 30 Emirates IDs in the last hour/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(
      await db.auditLog.count({ where: { action: "client.emirates_id_revealed", actorId: users.road_sales.id } }),
    ).toBe(REVEAL_LIMIT);
    // The page's Reveal shares the count.
    const page = await outcome(
      await callRoute(
        detailsPage.action,
        makeRequest(`/customers/${client.id}`, { cookie: cookies.road_sales, form: { intent: "reveal-emirates-id" } }),
        { id: String(client.id) },
      ),
    );
    expect(page.status).toBe(429);
    expect(page.body).toMatchObject({ revealed: null, error: expect.stringMatching(/Try again in \d+ minutes?\./) });
  });

  it("counts reveals older than an hour out (the window slides)", async () => {
    const { user, cookie } = await signedIn("sales_front");
    const old = new Date(Date.now() - 61 * 60_000);
    await db.auditLog.createMany({
      data: Array.from({ length: REVEAL_LIMIT }, () => ({
        actorId: user.id,
        actorName: user.name,
        action: "client.emirates_id_revealed",
        targetType: "client",
        targetId: String(client.id),
        createdAt: old,
      })),
    });
    const res = await outcome(
      await callRoute(
        revealApi.action,
        makeRequest(`/api/clients/${client.id}/reveal-emirates-id`, { cookie, method: "POST" }),
        { id: String(client.id) },
      ),
    );
    expect(res.status).toBe(200);
  });

  it("answers 404 for a client not in the book", async () => {
    const res = await outcome(
      await callRoute(
        revealApi.action,
        makeRequest(`/api/clients/99999999/reveal-emirates-id`, { cookie: cookies.sales_front, method: "POST" }),
        { id: "99999999" },
      ),
    );
    expect(res.status).toBe(404);
  });
});

describe("a client's audit trail", () => {
  it("GET /api/audit?target=client:<id>: admin only, newest first, bounded, old 'customer' entries included", async () => {
    // An entry about several clients from before the one target type (see the migration).
    await db.auditLog.create({
      data: {
        actorName: "Old release",
        action: "customer.deleted",
        targetType: "customer",
        targetId: `1,${client.id},99`,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
    });
    for (const role of ["sales_front", "sales_back", "road_sales"] as const)
      expect((await get(auditApi.loader, `/api/audit?target=client:${client.id}`, role)).status).toBe(403);

    const res = await get(auditApi.loader, `/api/audit?target=client:${client.id}&limit=500`, "admin");
    expect(res.status).toBe(200);
    const data = (res.body as { data: Record<string, unknown>[] }).data;
    expect(Object.keys(data[0]!).sort()).toEqual(["action", "actorId", "actorName", "at", "details", "target"]);
    const ats = data.map((e) => e.at as string);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(data.at(-1)).toMatchObject({ action: "customer.deleted", target: `client:1,${client.id},99` });
    expect(data.filter((e) => e.action === "client.emirates_id_revealed").length).toBeGreaterThan(REVEAL_LIMIT);
    expect(data.find((e) => e.action === "client.updated")).toMatchObject({
      actorId: users.sales_front.id,
      actorName: users.sales_front.name,
      target: `client:${client.id}`,
      details: { fields: ["area"] },
    });
    const limited = await get(auditApi.loader, `/api/audit?target=client:${client.id}&limit=2`, "admin");
    expect((limited.body as { data: unknown[] }).data).toHaveLength(2);

    for (const junk of ["", "?target=client:abc", "?target=client:1&limit=501", "?target=client:1&limit=-1", "?x=1"])
      expect((await get(auditApi.loader, `/api/audit${junk}`, "admin")).status, junk).toBe(400);
  });

  it("System Logs filters by client (a GET form), legacy entries included", async () => {
    const res = await get(logsPage.loader, `/profile/logs?client=${client.id}`, "admin");
    type About = { kind: string; clients: { id: string; name: string | null }[] };
    const body = res.body as { entries: { action: string; about: About }[]; totalCount: number };
    expect(body.entries.length).toBeGreaterThan(0);
    expect(body.entries.every((e) => e.about.clients.some((c) => c.id === String(client.id)))).toBe(true);
    expect(body.entries[0]!.about.clients).toContainEqual({ id: String(client.id), name: "Masked Mariam" });
    const other = await get(logsPage.loader, `/profile/logs?client=99999998`, "admin");
    expect((other.body as { totalCount: number }).totalCount).toBe(0);
  });

  it("consent changes, contacts, owner changes and deletions use the target type 'client'", async () => {
    const { cookie, user } = await signedIn("admin");
    const created = await outcome(
      await callRoute(
        clientsApi.action,
        makeRequest("/api/clients", {
          cookie,
          json: { fullName: "Trail Tariq", mobileNumber: "0559876502", team: "team_b" },
        }),
      ),
    );
    const id = (created.body as { data: Json }).data.id;
    const { recordConsent } = await import("~/services/consent.server");
    const { assignClientOwner } = await import("~/services/client-owners.server");
    const { deleteClients } = await import("~/services/client-deletion.server");
    await recordConsent(id, { channel: "email", status: "granted", source: "in_store" }, user);
    await assignClientOwner([id], users.sales_front.id, { ...user, role: "admin" }, null);
    await deleteClients([id], user, null);
    const entries = await db.auditLog.findMany({ where: { targetId: String(id) }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => [e.action, e.targetType])).toEqual([
      ["client.created", "client"],
      ["client.consent_changed", "client"],
      ["client.owner_changed", "client"],
      ["customer.deleted", "client"],
    ]);
    expect(entries.map((e) => e.details ?? "").join(" ")).not.toMatch(/Trail Tariq|559876502/);
  });
});
