import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as clientsApi from "~/routes/api.clients";
import * as duplicatesApi from "~/routes/api.clients.duplicates";
import * as dismissApi from "~/routes/api.clients.duplicates.$pairId.dismiss";
import * as newPage from "~/routes/_app.customers.new";
import * as editPage from "~/routes/_app.customers.$id_.edit";
import * as duplicatesPage from "~/routes/_app.customers_.duplicates";
import { eraseClientsIn } from "~/services/client-erasure.server";
import { backfillDuplicateKeys, pairNewClients, refreshDuplicatePairs } from "~/services/client-duplicates.server";
import { callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

let seq = 0;
const nextMobile = () => `97156${String(++seq).padStart(7, "0")}`;

const signedIn = (role: Role = "admin") => signedInStaff(role);

type Created = { data: { id: number }; possibleDuplicates: { id: number; fullName: string; reasons: string[] }[] };

async function addClient(cookie: string, fields: Record<string, unknown>): Promise<Created> {
  const res = await outcome(
    await callRoute(
      clientsApi.action,
      makeRequest("/api/clients", {
        cookie,
        json: { fullName: "Test Client", mobileNumber: nextMobile(), team: "team_a", ...fields },
      }),
    ),
  );
  expect(res.status).toBe(201);
  return res.body as Created;
}

type PairsBody = {
  data: {
    pairId: number;
    score: number;
    reasons: string[];
    clients: { id: number; fullName: string; email: string | null; dateOfBirth: string | null; ownerName: string }[];
  }[];
  total: number;
};

async function listPairs(cookie: string, query = "") {
  return outcome(await callRoute(duplicatesApi.loader, makeRequest(`/api/clients/duplicates${query}`, { cookie })));
}

const pairsOf = async (cookie: string, query = "") => (await listPairs(cookie, query)).body as PairsBody;

async function dismiss(cookie: string, pairId: string) {
  return outcome(
    await callRoute(
      dismissApi.action,
      makeRequest(`/api/clients/duplicates/${pairId}/dismiss`, { cookie, method: "POST" }),
      { pairId },
    ),
  );
}

const pairWith = (body: PairsBody, a: number, b: number) =>
  body.data.find((p) => {
    const ids = p.clients.map((c) => c.id);
    return ids.includes(a) && ids.includes(b);
  });

describe("POST /api/clients answers who the new client may be, and saves anyway", () => {
  it("is [] for a client like nobody else", async () => {
    const { cookie } = await signedIn();
    const created = await addClient(cookie, { fullName: "Unique Person Zed", email: "zed-unique@example.com" });
    expect(created.possibleDuplicates).toEqual([]);
  });

  it("names the client with the same email (any case), Emirates ID, folded name and birth date", async () => {
    const { cookie } = await signedIn();
    const first = await addClient(cookie, {
      fullName: "Mohammed Al-Mansoori",
      email: "M.Mansoori@Example.com",
      emiratesId: "784-1985-1234567-1",
      dateOfBirth: "1985-03-02",
    });
    const second = await addClient(cookie, {
      fullName: "muhammad mansouri",
      email: "m.mansoori@example.com",
      emiratesId: "784198512345671",
      dateOfBirth: "1985-03-02",
    });
    expect(second.possibleDuplicates).toEqual([
      { id: first.data.id, fullName: "Mohammed Al-Mansoori", reasons: ["emirates_id", "email", "name_birth_date"] },
    ]);
    // Both are saved: the API does not block.
    expect(await db.client.count({ where: { id: { in: [first.data.id, second.data.id] } } })).toBe(2);
    const pair = await db.clientDuplicatePair.findFirstOrThrow({
      where: { lowClientId: first.data.id, highClientId: second.data.id },
    });
    expect(pair).toMatchObject({ reasons: "emirates_id,email,name_birth_date", score: 105, dismissedAt: null });
  });

  it("matches the same Arabic name with a birth date", async () => {
    const { cookie } = await signedIn();
    const first = await addClient(cookie, {
      fullName: "Fatima A",
      fullNameAr: "فاطمة الزهراء",
      dateOfBirth: "1990-01-05",
    });
    const second = await addClient(cookie, {
      fullName: "F. Zahra",
      fullNameAr: "فاطمه الزهراء",
      dateOfBirth: "1990-01-05",
    });
    expect(second.possibleDuplicates).toEqual([
      { id: first.data.id, fullName: "Fatima A", reasons: ["arabic_name_birth_date"] },
    ]);
  });
});

describe("GET /api/clients/duplicates and dismiss", () => {
  it("lists pairs strongest first, paged, without the Emirates ID, and only to admin and sales back", async () => {
    const { cookie, user } = await signedIn("sales_back");
    const tag = `page-${Date.now()}`;
    const a = await addClient(cookie, { fullName: "Layla Hashmi", email: `${tag}@x.ae`, dateOfBirth: "1970-01-01" });
    const b = await addClient(cookie, {
      fullName: "Layla Al Hashmee",
      email: `${tag}@X.AE`,
      dateOfBirth: "1970-01-01",
    });
    const res = await listPairs(cookie, "?page=1&pageSize=100");
    expect(res.status).toBe(200);
    const body = res.body as PairsBody;
    const scores = body.data.map((p) => p.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(body.total).toBeGreaterThanOrEqual(body.data.length);
    const pair = pairWith(body, a.data.id, b.data.id)!;
    expect(pair.reasons).toEqual(["email", "name_birth_date"]);
    expect(pair.clients[0]).toMatchObject({
      id: a.data.id,
      fullName: "Layla Hashmi",
      email: `${tag}@x.ae`,
      dateOfBirth: "1970-01-01",
      ownerName: user.name,
      totalSalesValue: "0.00",
    });
    expect(Object.keys(pair.clients[0]!).sort()).toEqual(
      ["id", "fullName", "mobileNumber", "email", "dateOfBirth", "totalSalesValue", "ownerName"].sort(),
    );
    const onePage = await pairsOf(cookie, "?page=1&pageSize=1");
    expect(onePage.data).toHaveLength(1);
    expect(onePage.total).toBe(body.total);
    // Junk paging is the first page, never an error.
    expect((await listPairs(cookie, "?page=abc&pageSize=-4")).status).toBe(200);

    for (const role of ["sales_front", "road_sales"] as const) {
      const other = await signedIn(role);
      expect((await listPairs(other.cookie)).status).toBe(403);
      expect((await dismiss(other.cookie, String(pair.pairId))).status).toBe(403);
    }
  });

  it("hides a dismissed pair for good, audited; an unknown pair is 404", async () => {
    const { cookie } = await signedIn("admin");
    const tag = `dismiss-${Date.now()}`;
    const a = await addClient(cookie, { email: `${tag}@x.ae` });
    const b = await addClient(cookie, { email: `${tag}@x.ae` });
    const pair = pairWith(await pairsOf(cookie, "?pageSize=100"), a.data.id, b.data.id)!;
    const res = await dismiss(cookie, String(pair.pairId));
    expect(res.status).toBe(200);
    expect(pairWith(await pairsOf(cookie, "?pageSize=100"), a.data.id, b.data.id)).toBeUndefined();
    expect(await db.auditLog.count({ where: { action: "client.duplicate_dismissed" } })).toBeGreaterThan(0);
    // Dismissed again: still 200. Unknown or junk ids: 404.
    expect((await dismiss(cookie, String(pair.pairId))).status).toBe(200);
    expect((await dismiss(cookie, "999999")).status).toBe(404);
    expect((await dismiss(cookie, "99999999999")).status).toBe(404);
    expect((await dismiss(cookie, "abc")).status).toBe(404);
    // A later write of either client keeps the pair dismissed.
    await addClient(cookie, { fullName: "Third", email: `${tag}@x.ae` });
    const stored = await db.clientDuplicatePair.findUniqueOrThrow({ where: { id: pair.pairId } });
    expect(stored.dismissedAt).not.toBeNull();
  });

  it("leaves out erased clients and their keys", async () => {
    const { cookie, user } = await signedIn("admin");
    const tag = `erase-${Date.now()}`;
    const a = await addClient(cookie, { email: `${tag}@x.ae` });
    const b = await addClient(cookie, { email: `${tag}@x.ae` });
    await db.$transaction((tx) =>
      eraseClientsIn(tx, [b.data.id], { reason: "request", actor: { id: user.id, name: user.name } }, new Date()),
    );
    expect(pairWith(await pairsOf(cookie, "?pageSize=100"), a.data.id, b.data.id)).toBeUndefined();
    const erased = await db.client.findUniqueOrThrow({ where: { id: b.data.id } });
    expect(erased.dupEmailKey).toBeNull();
    expect((await addClient(cookie, { email: `${tag}@x.ae` })).possibleDuplicates.map((d) => d.id)).toEqual([
      a.data.id,
    ]);
  });
});

describe("the New Client and Edit pages warn before saving a possible duplicate", () => {
  const form = (over: Record<string, string>) => ({
    fullName: "Yousef Ahmed",
    mobileNumber: nextMobile(),
    country: "uae",
    emirate: "dubai",
    team: "team_a",
    totalSalesValue: "",
    lastPurchaseDate: "",
    ...over,
  });

  it("comes back with the warning, then saves on Save anyway", async () => {
    const { cookie } = await signedIn("sales_front");
    const tag = `form-${Date.now()}`;
    const first = await addClient(cookie, { fullName: "Yusuf Ahmad", email: `${tag}@x.ae` });
    const entered = form({ email: `${tag.toUpperCase()}@X.AE` });
    const warned = await outcome(
      await callRoute(newPage.action, makeRequest("/customers/new", { cookie, form: entered })),
    );
    expect(warned.status).toBe(200);
    const reply = warned.body as { duplicates: { id: number; fullName: string }[] };
    expect(reply.duplicates).toMatchObject([{ id: first.data.id, fullName: "Yusuf Ahmad" }]);
    expect(await db.client.count({ where: { mobileNumber: entered.mobileNumber } })).toBe(0);

    const saved = await outcome(
      await callRoute(
        newPage.action,
        makeRequest("/customers/new", { cookie, form: { ...entered, intent: "save_anyway" } }),
      ),
    );
    expect(saved.status).toBe(302);
    expect(await db.client.count({ where: { mobileNumber: entered.mobileNumber } })).toBe(1);
  });

  it("warns on Edit only when a compared field changes to another client's", async () => {
    const { cookie } = await signedIn("admin");
    const tag = `edit-${Date.now()}`;
    const other = await addClient(cookie, { fullName: "Hussain Ali", email: `${tag}@x.ae` });
    const mine = await addClient(cookie, { fullName: "Sara Khan", email: `${tag}-mine@x.ae` });
    const row = await db.client.findUniqueOrThrow({ where: { id: mine.data.id } });
    const edit = (over: Record<string, string>) =>
      callRoute(
        editPage.action,
        makeRequest(`/customers/${row.id}/edit`, {
          cookie,
          form: form({ fullName: "Sara Khan", mobileNumber: row.mobileNumber, email: `${tag}-mine@x.ae`, ...over }),
        }),
        { id: String(row.id) },
      ).then(outcome);
    // Nothing compared changes: saved.
    expect((await edit({ area: "Marina" })).status).toBe(302);
    const warned = await edit({ email: `${tag}@x.ae` });
    expect(warned.status).toBe(200);
    expect((warned.body as { duplicates: { id: number }[] }).duplicates.map((d) => d.id)).toEqual([other.data.id]);
    expect((await db.client.findUniqueOrThrow({ where: { id: row.id } })).email).toBe(`${tag}-mine@x.ae`);
    expect((await edit({ email: `${tag}@x.ae`, intent: "save_anyway" })).status).toBe(302);
    expect((await db.client.findUniqueOrThrow({ where: { id: row.id } })).dupEmailKey).toBe(`${tag}@x.ae`);
    expect(await db.clientDuplicatePair.count({ where: { lowClientId: other.data.id, highClientId: row.id } })).toBe(1);
  });
});

describe("refreshing pairs for an import batch", () => {
  it("takes 2,000 clients at once (more than SQLite's 999 parameters)", async () => {
    const { cookie } = await signedIn("admin");
    const tag = `batch-${Date.now()}`;
    const a = await addClient(cookie, { email: `${tag}@x.ae` });
    const b = await addClient(cookie, { email: `${tag}@x.ae` });
    await db.clientDuplicatePair.deleteMany({ where: { lowClientId: a.data.id } });
    const ids = [a.data.id, b.data.id, ...Array.from({ length: 1998 }, (_, i) => 1_000_000 + i)];
    await db.$transaction((tx) => refreshDuplicatePairs(tx, ids));
    expect(await db.clientDuplicatePair.count({ where: { lowClientId: a.data.id, highClientId: b.data.id } })).toBe(1);
  });
});

describe("pairing an import batch's new clients", () => {
  it("stores a pair of two new clients once when they fall in different chunks of the batch", async () => {
    const { cookie } = await signedIn("admin");
    const tag = `new-batch-${Date.now()}`;
    const a = await addClient(cookie, { email: `${tag}@x.ae` });
    const b = await addClient(cookie, { email: `${tag}@x.ae` });
    await db.clientDuplicatePair.deleteMany({ where: { lowClientId: a.data.id } });
    const keyed = (id: number, email: string | null) => ({
      id,
      dupEmiratesIdKey: null,
      dupEmailKey: email,
      dupNameKey: null,
      dupArabicNameKey: null,
    });
    // The two 400 apart: each chunk's lookup finds the other.
    const created = [
      keyed(a.data.id, `${tag}@x.ae`),
      ...Array.from({ length: 399 }, (_, i) => keyed(1_000_000 + i, null)),
      keyed(b.data.id, `${tag}@x.ae`),
    ];
    const pairs = await db.$transaction((tx) => pairNewClients(tx, created));
    expect(pairs).toEqual([{ lowId: a.data.id, highId: b.data.id, reasons: ["email"] }]);
    expect(await db.clientDuplicatePair.count({ where: { lowClientId: a.data.id, highClientId: b.data.id } })).toBe(1);
  });
});

describe("the start-up backfill", () => {
  it("keys clients written before the keys, finds their pairs, and does nothing the second time", async () => {
    const { cookie } = await signedIn("admin");
    const tag = `backfill-${Date.now()}`;
    const a = await addClient(cookie, { email: `${tag}@x.ae` });
    const b = await addClient(cookie, { email: `${tag}@x.ae` });
    // As a row written before this release: no keys, no pairs.
    await db.client.updateMany({
      where: { id: { in: [a.data.id, b.data.id] } },
      data: { dupEmailKey: null, dupKeysVersion: 0 },
    });
    await db.clientDuplicatePair.deleteMany({ where: { lowClientId: a.data.id } });
    expect(await backfillDuplicateKeys()).toBeGreaterThanOrEqual(2);
    expect(await db.clientDuplicatePair.count({ where: { lowClientId: a.data.id, highClientId: b.data.id } })).toBe(1);
    expect(await backfillDuplicateKeys()).toBe(0);
  });
});

describe("the Duplicates page", () => {
  it("shows the pairs with the Emirates ID masked, and Not the same person hides one", async () => {
    const { cookie } = await signedIn("sales_back");
    const tag = `page-${Date.now()}`;
    const a = await addClient(cookie, { fullName: "Page One", email: `${tag}@x.ae`, emiratesId: "784-1990-7654321-2" });
    const b = await addClient(cookie, { fullName: "Page Two", email: `${tag}@x.ae` });
    const load = async () =>
      (
        await outcome(
          await callRoute(duplicatesPage.loader, makeRequest("/customers/duplicates?pageSize=100", { cookie })),
        )
      ).body as { pairs: { pairId: number; clients: { id: number; emiratesId: string | null }[] }[] };
    const pair = (await load()).pairs.find((p) => p.clients.some((c) => c.id === a.data.id))!;
    expect(pair.clients.map((c) => c.id)).toEqual([a.data.id, b.data.id]);
    expect(pair.clients[0]!.emiratesId).toMatch(/^784-\D{4}-\D{7}-2$/u);
    expect(pair.clients[0]!.emiratesId).not.toContain("7654321");
    const post = (form: Record<string, string>) =>
      callRoute(duplicatesPage.action, makeRequest("/customers/duplicates", { cookie, form })).then(outcome);
    expect((await post({ intent: "dismiss", pairId: String(pair.pairId) })).status).toBe(302);
    expect((await load()).pairs.find((p) => p.pairId === pair.pairId)).toBeUndefined();
    expect((await post({ intent: "dismiss", pairId: "junk" })).status).toBe(404);
    expect((await post({ intent: "merge", pairId: String(pair.pairId) })).status).toBe(404);

    const front = await signedIn("sales_front");
    const refused = await outcome(
      await callRoute(duplicatesPage.loader, makeRequest("/customers/duplicates", { cookie: front.cookie })),
    );
    expect(refused.status).toBe(403);
    // Told plainly, not with the road-sales text of the spec's restricted pages.
    expect(JSON.stringify(refused.body)).toContain("You don't have permission to access this page.");
  });
});
