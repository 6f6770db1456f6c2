import { SEEDED_SALE_LISTS } from "../support/seeded-sale-lists";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import { CLEARED_FIELDS } from "~/domain/client-erasure";
import type { Role } from "~/domain/roles";
import { saleInputSchema } from "~/domain/sales";
import * as eraseApi from "~/routes/api.clients.$id.erase";
import * as erasePage from "~/routes/_app.customers_.$id.erase";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as interactionsApi from "~/routes/api.clients.$id.interactions";
import * as consentApi from "~/routes/api.clients.$id.consent";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as listPage from "~/routes/_app.customers";
import * as deletedPage from "~/routes/_app.customers.deleted";
import { getClientFigures } from "~/services/dashboard.server";
import { deleteClients } from "~/services/client-deletion.server";
import { createClient } from "~/services/client-writes.server";
import { recordConsent } from "~/services/consent.server";
import { createFollowUp, updateFollowUp } from "~/services/follow-ups.server";
import { recordInteraction } from "~/services/interactions.server";
import { addFamilyMember } from "~/services/client-family.server";
import { recordSale, voidSale } from "~/services/sales.server";
import { jobInputSchema } from "~/domain/jobs";
import { createJob, moveJob } from "~/services/jobs.server";
import { lastSkippedClients } from "~/services/import.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { importFile, spreadsheet } from "../support/import-files";
import { CLIENT_FILE_HEADER } from "../support/import-header";

// Erasure (docs/privacy.md): personal fields wiped in place, the mobile freed, sales kept as
// anonymous amounts, the audit log without the erased values; a fresh code from the admin.

let seq = 0;

/** An admin of their own: each erasure spends one authenticator code (single-use per 30-second step). */
async function admin() {
  const staff = await createUser({ role: "admin", name: `Erasing admin ${++seq}` });
  return { ...staff, cookie: await sessionCookieFor(staff.user.id), actor: { ...staff.user, role: "admin" as Role } };
}

const FULL = {
  fullName: "Aisha Forgotten",
  fullNameAr: "عائشة المنسية",
  preferredLanguage: "ar",
  mobileNumber: "0507770007",
  team: "team_a",
  email: "aisha.forgotten@example.com",
  area: "Jumeirah",
  emiratesId: "784-1991-7770007-3",
  emiratesIdExpiry: "2030-01-31",
  emiratesIdPictures: "https://files.example/front.jpg https://files.example/back.jpg",
  pepStatus: "No",
  dateOfBirth: "1991-06-02",
  anniversaryType: "Wedding Anniversary",
  anniversaryDate: "2015-11-20",
  preferredTime: "Evenings",
  preferredCollection: "Bridal",
  meetingComments: "Prefers Sara's counter",
  contactOk: "Yes",
  category: "Walk-in",
};
const MOBILE = "971507770007";

/** A client with personal data in every table, and a second one that must not change. */
async function personWithHistory(fields: Record<string, string>, marker: string) {
  const { actor } = await admin();
  const created = await createClient(fields, { actor });
  if (!created.ok) throw new Error(JSON.stringify(created.issues));
  const id = created.client.id;
  const sale = await recordSale(
    id,
    saleInputSchema(businessToday(), SEEDED_SALE_LISTS).parse({
      saleDate: businessToday(),
      showroom: "dubai_mall",
      invoiceNo: `${marker}-1`,
      description: `${marker} engagement ring`,
      items: [
        { category: "ring", metal: "white_gold", karat: 18, stone: "diamond", stoneCarats: "1.02", price: "25000" },
      ],
    }),
    { actor },
  );
  const wrong = await recordSale(
    id,
    saleInputSchema(businessToday(), SEEDED_SALE_LISTS).parse({ saleDate: businessToday(), amount: "99" }),
    { actor },
  );
  if (!sale.ok || !wrong.ok) throw new Error("sale");
  await voidSale(wrong.sale.id, "typed the wrong amount", { actor });
  await recordInteraction(
    id,
    { type: "call", note: `${marker} call note`, outcome: `${marker} outcome`, at: new Date() },
    actor,
  );
  const open = await createFollowUp({
    clientId: id,
    dueDate: addDays(businessToday(), 5),
    note: `${marker} open note`,
    createdBy: actor,
  });
  const done = await createFollowUp({
    clientId: id,
    dueDate: addDays(businessToday(), 1),
    note: `${marker} done note`,
    createdBy: actor,
  });
  await updateFollowUp(done!.id, { status: "done", outcome: `${marker} will buy` }, actor);
  await recordConsent(id, { channel: "whatsapp", status: "granted", source: "in_store" }, actor);
  // A job with the person's words in its description, a piece's notes and a cancel reason, and a payment.
  const job = await createJob(
    id,
    jobInputSchema(businessToday(), SEEDED_SALE_LISTS).parse({
      type: "repair",
      description: `${marker} resize her wedding ring`,
      promisedDate: addDays(businessToday(), 3),
      price: "150",
      items: [
        { category: "ring", metal: "yellow_gold", karat: "22", weightGrams: "3.5", notes: `${marker} scratched` },
      ],
      deposit: { amount: "50", method: "card" },
    }),
    { actor },
  );
  if (!job.ok) throw new Error("job");
  await moveJob(job.job.id, { to: "cancelled", reason: `${marker} moved abroad`, override: false }, { actor });
  return { id, openFollowUp: open!.id, doneFollowUp: done!.id, jobId: job.job.id };
}

let person: Awaited<ReturnType<typeof personWithHistory>>;
let bystander: Awaited<ReturnType<typeof personWithHistory>>;
let staffCookie: string;
let importer: string;

beforeAll(async () => {
  person = await personWithHistory(FULL, "AISHA");
  bystander = await personWithHistory(
    { fullName: "Omar Stays", mobileNumber: "0508880008", team: "team_b", email: "omar@example.com" },
    "OMAR",
  );
  // Entries from before decision 014 copied names and mobiles: one about both clients, one owner change.
  await db.auditLog.createMany({
    data: [
      {
        actorName: "Old admin",
        action: "customer.deleted",
        targetType: "customer",
        targetId: `${person.id},${bystander.id}`,
        details: JSON.stringify({
          clients: [
            { id: person.id, fullName: FULL.fullName, mobileNumber: MOBILE },
            { id: bystander.id, fullName: "Omar Stays", mobileNumber: "971508880008" },
          ],
        }),
      },
      {
        actorName: "Old admin",
        action: "client.owner_changed",
        targetType: "client",
        targetId: String(person.id),
        details: JSON.stringify({ ownerId: null, ownerName: null, clients: [FULL.fullName] }),
      },
    ],
  });
  // Two users' last lead lists: one names the person, one does not.
  const lister = await createUser();
  const other = await createUser();
  const run = (userId: string, clientId: number, name: string) => ({
    userId,
    filtersJson: "{}",
    leadsJson: JSON.stringify([{ clientId, name, mobile: "9715" }]),
    source: "engine",
  });
  await db.leadRun.createMany({
    data: [run(lister.user.id, person.id, FULL.fullName), run(other.user.id, bystander.id, "Omar Stays")],
  });
  staffCookie = await sessionCookieFor((await createUser({ role: "sales_front" })).user.id);
  // An import that skipped both as already on file keeps their rows for its "export skipped".
  importer = (await createUser({ role: "sales_back" })).user.id;
  const rows = [
    CLIENT_FILE_HEADER,
    [FULL.fullName, "0507770007", "", "", "Team A", "", "", "03/04/1985", ""],
    ["Omar Stays", "0508880008", "", "", "Team A", "", "", "", ""],
  ];
  const imported = await importFile(await sessionCookieFor(importer), "clients.csv", spreadsheet(rows, "csv"));
  expect(imported.body).toMatchObject({ imported: 0, skipped: 2 });
});

const erase = async (cookie: string, id: number | string, json?: unknown) =>
  outcome(
    await callRoute(eraseApi.action, makeRequest(`/api/clients/${id}/erase`, { cookie, method: "POST", json }), {
      id: String(id),
    }),
  );

async function businessFigures() {
  const sales = await db.sale.aggregate({ _sum: { amountFils: true }, _count: { _all: true } });
  const notVoid = await db.sale.aggregate({ where: { voidedAt: null }, _sum: { amountFils: true } });
  return { figures: await getClientFigures(), sales, notVoid };
}

describe("POST /api/clients/:id/erase", () => {
  it("is refused without a fresh code, with a wrong one, to other roles and for an unknown client", async () => {
    const a = await admin();
    const wrong = a.code() === "000000" ? "111111" : "000000";
    expect((await erase(a.cookie, person.id, {})).status).toBe(403);
    expect((await erase(a.cookie, person.id)).status).toBe(403);
    expect((await erase(a.cookie, person.id, { token: wrong })).status).toBe(401);
    expect((await erase(staffCookie, person.id, { token: "123456" })).status).toBe(403);
    expect((await erase(a.cookie, 999_999, { token: a.code() })).status).toBe(404);
    const row = await db.client.findUniqueOrThrow({ where: { id: person.id } });
    expect(row).toMatchObject({ fullName: FULL.fullName, erasedAt: null });
  });

  it("wipes every personal field in place, keeps the sales and the figures, and frees the mobile", async () => {
    const before = await businessFigures();
    const rowBefore = await db.client.findUniqueOrThrow({ where: { id: person.id } });
    const a = await admin();

    const res = await erase(a.cookie, person.id, { token: a.code() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, id: person.id });

    const row = await db.client.findUniqueOrThrow({ where: { id: person.id } });
    expect(row.fullName).toBe(`Erased client #${person.id}`);
    expect(row.mobileNumber).toBe(`erased-${person.id}`);
    expect(row.searchText).toBe(`erased client #${person.id} erased-${person.id}`);
    for (const field of CLEARED_FIELDS) expect(row[field], field).toBeNull();
    expect(row).toMatchObject({
      birthMonthDay: null,
      anniversaryMonthDay: null,
      consentWhatsapp: "withdrawn",
      consentCall: "withdrawn",
      consentEmail: "withdrawn",
      consentSms: "withdrawn",
      erasedById: a.user.id,
      deletedAt: null,
      // What the business's figures read stays.
      totalSalesFils: rowBefore.totalSalesFils,
      tier: rowBefore.tier,
      lastPurchaseDate: rowBefore.lastPurchaseDate,
      country: rowBefore.country,
      emirate: rowBefore.emirate,
      team: rowBefore.team,
      preferredLanguage: "ar",
      category: rowBefore.category,
    });
    expect(row.erasedAt).toBeInstanceOf(Date);
    const text = JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));
    for (const value of ["Aisha", "عائشة", "7770007", "forgotten@", "Jumeirah", "1991", "Bridal", "Sara"])
      expect(text, value).not.toContain(value);

    // Sales: amounts, items, invoice and void stay; the free text (descriptions, void reasons) goes. Figures unchanged.
    const sales = await db.sale.findMany({ where: { clientId: person.id }, include: { items: true } });
    expect(sales).toHaveLength(2);
    expect(sales.every((s) => s.description === null)).toBe(true);
    expect(sales.find((s) => s.voidedAt)?.voidReason).toBeNull();
    expect(sales.find((s) => !s.voidedAt)?.items[0]).toMatchObject({ category: "ring", stoneCaratPoints: 102 });
    expect(await businessFigures()).toEqual(before);

    // Contacts and follow-ups keep their facts, not their words; nobody will make an open call.
    const contacts = await db.clientInteraction.findMany({ where: { clientId: person.id } });
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.every((i) => i.note === null && i.outcome === null)).toBe(true);
    const followUps = await db.followUp.findMany({ where: { clientId: person.id } });
    expect(followUps.every((f) => f.note === null && f.outcome === null)).toBe(true);
    expect(followUps.find((f) => f.id === person.openFollowUp)).toMatchObject({ status: "cancelled" });
    expect(followUps.find((f) => f.id === person.doneFollowUp)).toMatchObject({ status: "done" });
    expect(await db.clientConsent.count({ where: { clientId: person.id } })).toBe(0);

    // Jobs keep their number, status, pieces and amounts, anonymous; their words go.
    const job = await db.job.findUniqueOrThrow({
      where: { id: person.jobId },
      include: { items: true, payments: true, changes: true },
    });
    expect(job).toMatchObject({ description: "", status: "cancelled", priceFils: 15000n, paidFils: 5000n });
    expect(job.items[0]).toMatchObject({ category: "ring", weightMg: 3500, notes: null });
    expect(job.payments.map((p) => p.amountFils)).toEqual([5000n]);
    expect(job.changes.every((c) => c.reason === null)).toBe(true);
    const bystanderJob = await db.job.findUniqueOrThrow({ where: { id: bystander.jobId } });
    expect(bystanderJob.description).toBe("OMAR resize her wedding ring");

    // The audit log: the erasure without values; no entry keeps a personal value of the person.
    const erasure = await db.auditLog.findFirstOrThrow({
      where: { action: "client.erased", targetType: "client", targetId: String(person.id) },
    });
    expect(erasure).toMatchObject({ actorId: a.user.id, details: JSON.stringify({ reason: "request" }) });
    const log = JSON.stringify(await db.auditLog.findMany({ select: { details: true } }));
    for (const value of ["Aisha", MOBILE, "AISHA outcome", "AISHA will buy"]) expect(log, value).not.toContain(value);
    // The other client's copy in the shared old entry stays.
    expect(log).toContain("971508880008");
    expect(log).toContain("OMAR outcome");

    // The lead list naming the person is gone; the other stays.
    const runs = await db.leadRun.findMany();
    expect(runs.map((r) => r.leadsJson).join()).not.toContain(FULL.fullName);
    expect(runs).toHaveLength(1);

    // The bystander is untouched.
    expect(await db.client.findUniqueOrThrow({ where: { id: bystander.id } })).toMatchObject({
      fullName: "Omar Stays",
      erasedAt: null,
    });
    expect(await db.clientInteraction.count({ where: { clientId: bystander.id, note: null } })).toBe(0);
  });

  it("leaves the person findable by nothing they were, and free to be added again with the same mobile", async () => {
    const a = await admin();
    for (const search of [FULL.fullName, FULL.fullNameAr, "050 777 0007", FULL.email, FULL.emiratesId]) {
      const list = await outcome(
        await callRoute(
          listPage.loader,
          makeRequest(`/customers?search=${encodeURIComponent(search)}`, { cookie: a.cookie }),
        ),
      );
      expect((list.body as { rows: unknown[] }).rows, search).toEqual([]);
    }
    const again = await outcome(
      await callRoute(
        clientsApi.action,
        makeRequest("/api/clients", {
          cookie: a.cookie,
          json: { fullName: FULL.fullName, mobileNumber: FULL.mobileNumber, team: "team_a" },
        }),
      ),
    );
    expect(again.status).toBe(201);
    expect((again.body as { data: { id: number; mobileNumber: string } }).data).toMatchObject({ mobileNumber: MOBILE });
  });

  it("takes the person's rows out of what imports skipped, leaving the others'", async () => {
    expect((await lastSkippedClients(importer))!.map((row) => row.mobile)).toEqual(["971508880008"]);
    const kept = await db.importRun.findFirstOrThrow({ where: { userId: importer } });
    expect(kept.skippedJson).not.toContain(FULL.fullName);
    expect(kept.skippedJson).not.toContain("1985");
  });

  it("a second call answers 409 and spends no code", async () => {
    const a = await admin();
    const res = await erase(a.cookie, person.id, { token: a.code() });
    expect(res.status).toBe(409);
    // The code was not used: it still verifies (the step is not spent).
    expect((await erase(a.cookie, bystander.id, { token: a.code() })).status).toBe(200);
  });

  it("takes nothing more about an erased client: edits 409, contacts, consent, sales and family 404", async () => {
    const { cookie } = await admin();
    const params = { id: String(person.id) };
    const put = await outcome(
      await callRoute(
        clientApi.action,
        makeRequest(`/api/clients/${person.id}`, {
          cookie,
          method: "PUT",
          json: { fullName: "Back Again", mobileNumber: "0501112223" },
        }),
        params,
      ),
    );
    expect(put.status).toBe(409);
    const contact = await outcome(
      await callRoute(
        interactionsApi.action,
        makeRequest(`/api/clients/${person.id}/interactions`, { cookie, json: { type: "note", note: "Aisha again" } }),
        params,
      ),
    );
    expect(contact.status).toBe(404);
    const consent = await outcome(
      await callRoute(
        consentApi.action,
        makeRequest(`/api/clients/${person.id}/consent`, {
          cookie,
          method: "PUT",
          json: { channel: "whatsapp", status: "granted", source: "phone" },
        }),
        params,
      ),
    );
    expect(consent.status).toBe(404);
    const sale = await outcome(
      await callRoute(
        salesApi.action,
        makeRequest(`/api/clients/${person.id}/sales`, { cookie, json: { saleDate: businessToday(), amount: "10" } }),
        params,
      ),
    );
    expect(sale.status).toBe(404);
    const family = await addFamilyMember(
      person.id,
      { relation: "daughter", name: "Mariam", birthDate: "2018-03-01" },
      { actor: { id: "erasure-test", name: "Erasure Test" } },
    );
    expect(family).toMatchObject({ ok: false, status: 404 });
    expect(await db.clientFamilyMember.count({ where: { clientId: person.id } })).toBe(0);
    expect((await db.client.findUniqueOrThrow({ where: { id: person.id } })).fullName).toBe(
      `Erased client #${person.id}`,
    );
    // The JSON says so.
    const json = await outcome(
      await callRoute(clientApi.loader, makeRequest(`/api/clients/${person.id}`, { cookie }), params),
    );
    expect((json.body as { data: { erasedAt: string | null } }).data.erasedAt).not.toBeNull();
  });
});

describe("Erase this client (the page, with the typed name and a code; works without JavaScript)", () => {
  const post = async (cookie: string, id: number, form: Record<string, string>) =>
    outcome(
      await callRoute(erasePage.action, makeRequest(`/customers/${id}/erase`, { cookie, form }), { id: String(id) }),
    );

  it("a soft-deleted client: a wrong name spends no code, then the erasure returns to the deleted list", async () => {
    const deleted = await personWithHistory(
      { fullName: "Dana  Deleted", mobileNumber: "0509990009", team: "team_a", email: "dana@example.com" },
      "DANA",
    );
    const a = await admin();
    await deleteClients([deleted.id], a.user, null);
    const page = await outcome(
      await callRoute(erasePage.loader, makeRequest(`/customers/${deleted.id}/erase`, { cookie: a.cookie }), {
        id: String(deleted.id),
      }),
    );
    expect(page.body).toMatchObject({
      client: { fullName: "Dana  Deleted", deleted: true },
      back: "/customers/deleted",
    });

    const attempts = () => db.authAttempt.count({ where: { userId: a.user.id } });
    const before = await attempts();
    const wrongName = await post(a.cookie, deleted.id, { confirmName: "Dana", otpCode: a.code() });
    expect(wrongName).toMatchObject({ status: 400, body: { field: "confirmName" } });
    expect(await attempts()).toBe(before);

    const wrongCode = await post(a.cookie, deleted.id, {
      confirmName: "Dana Deleted",
      otpCode: a.code() === "000000" ? "111111" : "000000",
    });
    expect(wrongCode).toMatchObject({ status: 401, body: { field: "otpCode" } });

    const done = await post(a.cookie, deleted.id, { confirmName: " Dana Deleted ", otpCode: a.code() });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/customers/deleted");
    const row = await db.client.findUniqueOrThrow({ where: { id: deleted.id } });
    expect(row).toMatchObject({ fullName: `Erased client #${deleted.id}`, email: null });
    expect(row.deletedAt).not.toBeNull();
    // Still in the deleted list, erased, with no mobile shown.
    const list = await outcome(
      await callRoute(deletedPage.loader, makeRequest("/customers/deleted", { cookie: a.cookie })),
    );
    expect((list.body as { rows: { id: number; erased: boolean }[] }).rows).toContainEqual(
      expect.objectContaining({ id: deleted.id, erased: true }),
    );
  });

  it("is the admin's only", async () => {
    const res = await outcome(
      await callRoute(erasePage.loader, makeRequest(`/customers/${bystander.id}/erase`, { cookie: staffCookie }), {
        id: String(bystander.id),
      }),
    );
    expect(res.status).toBe(403);
    const posted = await post(staffCookie, bystander.id, { confirmName: "Omar Stays", otpCode: "123456" });
    expect(posted.status).toBe(403);
  });
});
