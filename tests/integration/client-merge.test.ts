import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as duplicatesApi from "~/routes/api.clients.duplicates";
import * as mergeApi from "~/routes/api.clients.merge";
import * as undoApi from "~/routes/api.clients.merges.$mergeId.undo";
import { eraseClientsIn } from "~/services/client-erasure.server";
import { releaseMergedMobiles, undoClientMerge } from "~/services/client-merge.server";
import { callRoute, createUser, makeRequest, outcome, signedInStaff } from "../support/factories";

let seq = 0;
const nextMobile = () => `97158${String(++seq).padStart(7, "0")}`;

const signedIn = (role: Role = "admin") => signedInStaff(role);

async function addClient(cookie: string, fields: Record<string, unknown>): Promise<number> {
  const res = await outcome(
    await callRoute(
      clientsApi.action,
      makeRequest("/api/clients", {
        cookie,
        json: { fullName: "Merge Client", mobileNumber: nextMobile(), team: "team_a", ...fields },
      }),
    ),
  );
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

const merge = async (cookie: string, json: unknown) =>
  outcome(await callRoute(mergeApi.action, makeRequest("/api/clients/merge", { cookie, json })));

const undo = async (cookie: string, mergeId: string) =>
  outcome(
    await callRoute(undoApi.action, makeRequest(`/api/clients/merges/${mergeId}/undo`, { cookie, method: "POST" }), {
      mergeId,
    }),
  );

const getClient = async (cookie: string, id: number) =>
  outcome(await callRoute(clientApi.loader, makeRequest(`/api/clients/${id}`, { cookie }), { id: String(id) }));

/** Two clients entered twice, each with one record of every kind. */
async function twoClientsWithHistory(cookie: string, name: string) {
  const keepId = await addClient(cookie, {
    fullName: name,
    email: `${name.replace(/\W/g, "")}@example.com`,
    area: "Deira",
  });
  const mergeId = await addClient(cookie, {
    fullName: `${name}a`,
    email: `${name.replace(/\W/g, "")}@example.com`,
    area: "Karama",
    preferredMetals: "platinum",
  });
  const owner = await createUser({ role: "sales_front" });
  const records = async (clientId: number, amount: bigint, day: string) => ({
    sale: await db.sale.create({
      data: { clientId, saleDate: new Date(day), amountFils: amount },
      select: { id: true },
    }),
    interaction: await db.clientInteraction.create({
      data: { clientId, type: "call", at: new Date(day) },
      select: { id: true },
    }),
    followUp: await db.followUp.create({ data: { clientId, dueDate: new Date(day) }, select: { id: true } }),
    family: await db.clientFamilyMember.create({
      data: { clientId, relation: "spouse", name: "Sam" },
      select: { id: true },
    }),
    consent: await db.clientConsent.create({
      data: {
        clientId,
        channel: "whatsapp",
        status: clientId === mergeId ? "withdrawn" : "granted",
        source: "in_store",
        recordedAt: new Date(day),
      },
      select: { id: true },
    }),
    job: await db.job.create({
      data: {
        number: `J-M-${clientId}`,
        type: "repair",
        status: "received",
        clientId,
        takenByName: owner.user.name,
        promisedDate: new Date(day),
        description: "Resize",
      },
      select: { id: true },
    }),
  });
  const kept = await records(keepId, 1_000_000n, "2026-03-01");
  const merged = await records(mergeId, 30_000_000n, "2026-05-01");
  await db.client.update({ where: { id: keepId }, data: { consentWhatsapp: "granted" } });
  await db.client.update({ where: { id: mergeId }, data: { consentWhatsapp: "withdrawn" } });
  return { keepId, mergeId, kept, merged };
}

describe("POST /api/clients/merge", () => {
  it("moves every record to the kept client, recomputes it and hides the merged-away one", async () => {
    const { cookie } = await signedIn("sales_back");
    const { keepId, mergeId, merged } = await twoClientsWithHistory(cookie, "Fatima Merge One");
    const pairsBefore = (
      await outcome(
        await callRoute(duplicatesApi.loader, makeRequest("/api/clients/duplicates?pageSize=100", { cookie })),
      )
    ).body as { data: { clients: { id: number }[] }[] };
    expect(pairsBefore.data.some((p) => p.clients.some((c) => c.id === mergeId))).toBe(true);

    const res = await merge(cookie, { keepId, mergeId, values: { area: "merge" } });
    expect(res.status).toBe(200);
    const body = res.body as {
      data: { id: number; area: string; tier: string; totalSalesValue: string; preferredMetals: unknown };
      mergeId: number;
    };
    expect(body.data.id).toBe(keepId);
    expect(body.data.area).toBe("Karama");
    expect(body.data.totalSalesValue).toBe("310000.00");
    expect(typeof body.mergeId).toBe("number");

    expect((await db.sale.findUniqueOrThrow({ where: { id: merged.sale.id } })).clientId).toBe(keepId);
    expect((await db.clientInteraction.findUniqueOrThrow({ where: { id: merged.interaction.id } })).clientId).toBe(
      keepId,
    );
    expect((await db.followUp.findUniqueOrThrow({ where: { id: merged.followUp.id } })).clientId).toBe(keepId);
    expect((await db.clientFamilyMember.findUniqueOrThrow({ where: { id: merged.family.id } })).clientId).toBe(keepId);
    expect((await db.clientConsent.findUniqueOrThrow({ where: { id: merged.consent.id } })).clientId).toBe(keepId);
    const job = await db.job.findUniqueOrThrow({ where: { id: merged.job.id } });
    expect(job.clientId).toBe(keepId);
    expect(job.inClientBook).toBe(true);

    const keptRow = await db.client.findUniqueOrThrow({ where: { id: keepId } });
    // The merged-away client's consent change is the later one: it wins.
    expect(keptRow.consentWhatsapp).toBe("withdrawn");
    expect(keptRow.preferredMetals).toBe("platinum");
    expect(keptRow.lastPurchaseDate?.toISOString().slice(0, 10)).toBe("2026-05-01");
    const mergedRow = await db.client.findUniqueOrThrow({ where: { id: mergeId } });
    expect(mergedRow.mergedIntoId).toBe(keepId);
    expect(mergedRow.deletedAt).not.toBeNull();

    // Hidden from the API, the list and its search, and the duplicates list.
    const gone = await getClient(cookie, mergeId);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: expect.any(String), mergedIntoId: keepId });
    const list = await outcome(
      await callRoute(
        clientsApi.loader,
        makeRequest(`/api/clients?search=${encodeURIComponent("Fatima Merge One")}`, { cookie }),
      ),
    );
    const ids = (list.body as { data: { id: number }[] }).data.map((c) => c.id);
    expect(ids).toContain(keepId);
    expect(ids).not.toContain(mergeId);
    const pairsAfter = (
      await outcome(
        await callRoute(duplicatesApi.loader, makeRequest("/api/clients/duplicates?pageSize=100", { cookie })),
      )
    ).body as { data: { clients: { id: number }[] }[] };
    expect(pairsAfter.data.some((p) => p.clients.some((c) => c.id === mergeId))).toBe(false);

    const audit = await db.auditLog.findMany({ where: { action: "client.merged", targetId: String(keepId) } });
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ choices: { area: "merge" }, mergedId: mergeId });
  });

  it("refuses the same id twice (400), unknown, deleted or erased clients (404), junk (400)", async () => {
    const { cookie, user } = await signedIn("admin");
    const a = await addClient(cookie, {});
    const b = await addClient(cookie, {});
    expect((await merge(cookie, { keepId: a, mergeId: a })).status).toBe(400);
    expect((await merge(cookie, { keepId: a, mergeId: 2_000_000_000 })).status).toBe(404);
    await db.client.update({ where: { id: b }, data: { deletedAt: new Date() } });
    expect((await merge(cookie, { keepId: a, mergeId: b })).status).toBe(404);
    const c = await addClient(cookie, {});
    await db.$transaction((tx) => eraseClientsIn(tx, [c], { reason: "request", actor: user, ip: null }, new Date()));
    expect((await merge(cookie, { keepId: c, mergeId: a })).status).toBe(404);
    for (const junk of [
      null,
      [],
      "x",
      { keepId: "1", mergeId: 2 },
      { keepId: a, mergeId: 1e12 },
      { keepId: a, mergeId: b, values: { mobileNumber: "merge" } },
      { keepId: a, mergeId: b, values: { area: "both" } },
    ])
      expect((await merge(cookie, junk)).status).toBe(400);
    const broken = new Request("http://localhost/api/clients/merge", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/json" },
      body: "{",
    });
    expect((await outcome(await callRoute(mergeApi.action, broken))).status).toBe(400);
  });

  it("is for admins and the back office only", async () => {
    const { cookie } = await signedIn("admin");
    const a = await addClient(cookie, {});
    const b = await addClient(cookie, {});
    for (const role of ["sales_front", "road_sales"] as const) {
      const other = await signedIn(role);
      expect((await merge(other.cookie, { keepId: a, mergeId: b })).status).toBe(403);
    }
  });
});

describe("POST /api/clients/merges/:mergeId/undo", () => {
  it("puts back exactly what the merged-away client brought, once", async () => {
    const { cookie } = await signedIn("admin");
    const { keepId, mergeId, kept, merged } = await twoClientsWithHistory(cookie, "Layla Merge Two");
    const done = await merge(cookie, { keepId, mergeId, values: { area: "merge", fullName: "merge" } });
    const id = String((done.body as { mergeId: number }).mergeId);

    const backOffice = await signedIn("sales_back");
    expect((await undo(backOffice.cookie, id)).status).toBe(403);

    const res = await undo(cookie, id);
    expect(res.status).toBe(200);
    const body = res.body as {
      data: {
        kept: { id: number; area: string; fullName: string; totalSalesValue: string };
        restored: { id: number; totalSalesValue: string };
      };
    };
    expect(body.data.kept).toMatchObject({
      id: keepId,
      area: "Deira",
      fullName: "Layla Merge Two",
      totalSalesValue: "10000.00",
    });
    expect(body.data.restored).toMatchObject({ id: mergeId, totalSalesValue: "300000.00" });
    expect((await db.sale.findUniqueOrThrow({ where: { id: merged.sale.id } })).clientId).toBe(mergeId);
    expect((await db.sale.findUniqueOrThrow({ where: { id: kept.sale.id } })).clientId).toBe(keepId);
    expect((await db.job.findUniqueOrThrow({ where: { id: merged.job.id } })).clientId).toBe(mergeId);
    expect((await db.clientConsent.findUniqueOrThrow({ where: { id: merged.consent.id } })).clientId).toBe(mergeId);
    expect((await db.clientFamilyMember.findUniqueOrThrow({ where: { id: merged.family.id } })).clientId).toBe(mergeId);
    expect((await db.followUp.findUniqueOrThrow({ where: { id: merged.followUp.id } })).clientId).toBe(mergeId);
    const keptRow = await db.client.findUniqueOrThrow({ where: { id: keepId } });
    expect(keptRow.consentWhatsapp).toBe("granted");
    expect(keptRow.preferredMetals).toBeNull();
    expect((await getClient(cookie, mergeId)).status).toBe(200);

    expect((await undo(cookie, id)).status).toBe(409);
    expect((await undo(cookie, "999999")).status).toBe(404);
    expect((await undo(cookie, "junk")).status).toBe(404);
  });

  it("refuses after 30 days, and the merged-away mobile is freed then", async () => {
    const { cookie, user } = await signedIn("admin");
    const a = await addClient(cookie, {});
    const b = await addClient(cookie, {});
    const done = await merge(cookie, { keepId: a, mergeId: b });
    const mergeId = (done.body as { mergeId: number }).mergeId;
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await undoClientMerge(mergeId, { actor: user }, later)).toMatchObject({ ok: false, status: 409 });
    const mobile = (await db.client.findUniqueOrThrow({ where: { id: b } })).mobileNumber;
    await releaseMergedMobiles(new Date());
    expect((await db.client.findUniqueOrThrow({ where: { id: b } })).mobileNumber).toBe(mobile);
    await releaseMergedMobiles(later);
    expect((await db.client.findUniqueOrThrow({ where: { id: b } })).mobileNumber).toBe(`merged-${b}`);
  });

  it("erasing the kept client erases the merged-away one and the merge's kept values", async () => {
    const { cookie, user } = await signedIn("admin");
    const a = await addClient(cookie, { area: "Deira" });
    const b = await addClient(cookie, { area: "Karama" });
    const done = await merge(cookie, { keepId: a, mergeId: b, values: { area: "merge" } });
    const mergeId = (done.body as { mergeId: number }).mergeId;
    await db.$transaction((tx) => eraseClientsIn(tx, [a], { reason: "request", actor: user, ip: null }, new Date()));
    expect((await db.client.findUniqueOrThrow({ where: { id: b } })).erasedAt).not.toBeNull();
    expect((await db.clientMerge.findUniqueOrThrow({ where: { id: mergeId } })).values).toBe("{}");
    expect((await undo(cookie, String(mergeId))).status).toBe(409);
  });
});

describe("the Merge page and the Undo merge button (plain forms)", () => {
  it("merges a pair from the form, redirects to the kept client, and an admin undoes it", async () => {
    const mergePage = await import("~/routes/_app.customers_.duplicates_.$pairId.merge");
    const undoPage = await import("~/routes/_app.customers_.merges.$mergeId.undo");
    const { cookie } = await signedIn("admin");
    const a = await addClient(cookie, { fullName: "Noura Page", email: "noura.page@example.com", area: "Deira" });
    const b = await addClient(cookie, { fullName: "Noora Page", email: "noura.page@example.com", area: "Karama" });
    const pair = await db.clientDuplicatePair.findFirstOrThrow({ where: { lowClientId: a, highClientId: b } });
    const pairId = String(pair.id);

    const front = await signedIn("sales_front");
    const denied = await outcome(
      await callRoute(
        mergePage.loader,
        makeRequest(`/customers/duplicates/${pairId}/merge`, { cookie: front.cookie }),
        { pairId },
      ),
    );
    expect(denied.status).toBe(403);

    const page = await outcome(
      await callRoute(mergePage.loader, makeRequest(`/customers/duplicates/${pairId}/merge`, { cookie }), { pairId }),
    );
    expect((page.body as { differing: string[] }).differing).toEqual(["fullName", "area"]);

    // A client outside the pair, as a crafted post could name: the form comes back, nothing is merged.
    const stranger = await addClient(cookie, { fullName: "Someone Else Entirely" });
    const crafted = await outcome(
      await callRoute(
        mergePage.action,
        makeRequest(`/customers/duplicates/${pairId}/merge`, {
          cookie,
          form: { keepId: String(stranger), "field.area": String(a) },
        }),
        { pairId },
      ),
    );
    expect(crafted.status).toBe(400);
    expect(crafted.body).toMatchObject({ result: { error: { keepId: ["Choose one of the two clients."] } } });
    expect(await db.clientMerge.count({ where: { mergedId: { in: [a, b] } } })).toBe(0);

    const posted = await outcome(
      await callRoute(
        mergePage.action,
        makeRequest(`/customers/duplicates/${pairId}/merge`, {
          cookie,
          form: { keepId: String(b), "field.fullName": String(b), "field.area": String(a) },
        }),
        { pairId },
      ),
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/customers/${b}`);
    const keptRow = await db.client.findUniqueOrThrow({ where: { id: b } });
    expect(keptRow).toMatchObject({ fullName: "Noora Page", area: "Deira" });
    const mergeRow = await db.clientMerge.findFirstOrThrow({ where: { keptId: b, mergedId: a } });

    const back = await signedIn("sales_back");
    const refused = await outcome(
      await callRoute(
        undoPage.action,
        makeRequest(`/customers/merges/${mergeRow.id}/undo`, { cookie: back.cookie, form: {} }),
        {
          mergeId: String(mergeRow.id),
        },
      ),
    );
    expect(refused.status).toBe(403);
    const undone = await outcome(
      await callRoute(undoPage.action, makeRequest(`/customers/merges/${mergeRow.id}/undo`, { cookie, form: {} }), {
        mergeId: String(mergeRow.id),
      }),
    );
    expect(undone.status).toBe(302);
    expect(await db.client.findUniqueOrThrow({ where: { id: b } })).toMatchObject({ area: "Karama" });
    expect((await db.client.findUniqueOrThrow({ where: { id: a } })).deletedAt).toBeNull();
  });
});
