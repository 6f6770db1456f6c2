import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as verifyApi from "~/routes/api.auth.verify-otp-for-action";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as bulkApi from "~/routes/api.clients.bulk";
import * as deletePage from "~/routes/_app.customers.delete";
import * as deletedPage from "~/routes/_app.customers.deleted";
import * as editPage from "~/routes/_app.customers.$id_.edit";
import * as newPage from "~/routes/_app.customers.new";
import { readToast } from "~/http/toast.server";
import { callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

const today = businessToday();
let seq = 0;
const nextMobile = () => `97155${String(++seq).padStart(7, "0")}`;

const signedIn = (role: Role = "sales_front") => signedInStaff(role);

async function postJson(
  route: { action: typeof clientsApi.action },
  path: string,
  cookie: string,
  json: unknown,
  method = "POST",
  params: Record<string, string> = {},
) {
  return outcome(await callRoute(route.action, makeRequest(path, { cookie, json, method }), params));
}

async function createViaApi(cookie: string, fields: Record<string, unknown>) {
  const res = await postJson(clientsApi, "/api/clients", cookie, {
    fullName: "Test Client",
    mobileNumber: nextMobile(),
    team: "team_a",
    ...fields,
  });
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number; mobileNumber: string; totalSalesValue: string; tier: string } }).data;
}

async function toastOf(headers: Headers) {
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(makeRequest("/customers", { cookie }))).toast;
}

type FormReply = { result: { error: Record<string, string[]> }; summary: string };

describe("Add New Client through the page form", () => {
  it("creates the client, normalises it and returns to the list with a toast", async () => {
    const { cookie } = await signedIn();
    const form = {
      fullName: "  Noura Al Suwaidi ",
      mobileNumber: "050 777 1234",
      country: "uae",
      emirate: "ajman",
      area: " Al Nuaimiya ",
      team: "team_c",
      totalSalesValue: "",
      lastPurchaseDate: "",
    };
    const res = await outcome(
      await callRoute(newPage.action, makeRequest("/customers/new?tier=gold", { cookie, form })),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/customers?tier=gold");
    expect(await toastOf(res.headers)).toMatchObject({ type: "success", title: "Client Added" });
    const saved = await db.client.findUniqueOrThrow({ where: { mobileNumber: "971507771234" } });
    expect(saved).toMatchObject({
      fullName: "Noura Al Suwaidi",
      area: "Al Nuaimiya",
      emirate: "ajman",
      team: "team_c",
      totalSalesFils: 0n,
      tier: "bronze",
      isActive: true,
      source: "manual",
    });
    expect(saved.searchText).toBe("noura al suwaidi 971507771234");
  });

  it("names every missing field ('Validation failed for:') and keeps nothing", async () => {
    const { cookie } = await signedIn();
    const before = await db.client.count();
    const res = await outcome(
      await callRoute(
        newPage.action,
        makeRequest("/customers/new", { cookie, form: { fullName: " ", mobileNumber: "", country: "uae", team: "" } }),
      ),
    );
    expect(res.status).toBe(400);
    const reply = res.body as FormReply;
    expect(reply.summary).toBe("Validation failed for: fullName, mobileNumber, team");
    expect(reply.result.error).toMatchObject({
      fullName: ["Name is required"],
      mobileNumber: ["Mobile number is required"],
      team: ["Team is required"],
    });
    expect(await db.client.count()).toBe(before);
  });

  it("asks for the purchase date when a sales amount is given", async () => {
    const { cookie } = await signedIn();
    const res = await outcome(
      await callRoute(
        newPage.action,
        makeRequest("/customers/new", {
          cookie,
          form: { fullName: "Salem", mobileNumber: nextMobile(), team: "team_a", totalSalesValue: "1500" },
        }),
      ),
    );
    expect(res.status).toBe(400);
    const reply = res.body as FormReply;
    expect(reply.summary).toBe("Purchase date is required when entering a sales amount");
    expect(reply.result.error.lastPurchaseDate).toEqual(["Purchase date is required when entering a sales amount"]);
  });

  it("refuses a mobile that already exists, in any written form, naming the client", async () => {
    const { cookie } = await signedIn();
    await createViaApi(cookie, { fullName: "Hessa Original", mobileNumber: "+971 56 111 2222" });
    const res = await outcome(
      await callRoute(
        newPage.action,
        makeRequest("/customers/new", {
          cookie,
          form: { fullName: "Someone Else", mobileNumber: "056-111-2222", team: "team_b" },
        }),
      ),
    );
    expect(res.status).toBe(409);
    const reply = res.body as FormReply;
    expect(reply.summary).toBe("This mobile number already belongs to Hessa Original.");
    expect(reply.result.error.mobileNumber).toEqual(["This mobile number already belongs to Hessa Original."]);
  });
});

describe("POST /api/clients", () => {
  it("records a starting total as one sale, so the total is the sum of the sales", async () => {
    const { cookie } = await signedIn("road_sales");
    const created = await createViaApi(cookie, {
      totalSalesValue: "100000.50",
      lastPurchaseDate: "2024-05-01T00:00:00.000Z",
      country: "kuwait",
      emirate: "dubai",
    });
    expect(created).toMatchObject({ totalSalesValue: "100000.50", tier: "gold" });
    const row = await db.client.findUniqueOrThrow({ where: { id: created.id }, include: { sales: true } });
    expect(row.emirate).toBe("none");
    expect(row.lastPurchaseDate?.toISOString()).toBe("2024-05-01T00:00:00.000Z");
    expect(row.sales.map((s) => s.amountFils)).toEqual([10000050n]);
  });

  it("answers validation failures as {error, details:[{path, message}]}", async () => {
    const { cookie } = await signedIn();
    const res = await postJson(clientsApi, "/api/clients", cookie, {
      fullName: "X",
      mobileNumber: "123",
      team: "team_a",
      email: "nope",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Validation failed for: mobileNumber, email",
      details: [
        { path: "mobileNumber", message: "Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567)" },
        { path: "email", message: "Invalid email address" },
      ],
    });
  });
});

describe("Edit Customer and PUT /api/clients/:id", () => {
  it("adds a new sale exactly, moves the last purchase and the tier, and records the Sale", async () => {
    const { cookie } = await signedIn();
    const client = await createViaApi(cookie, { totalSalesValue: "99999.99", lastPurchaseDate: "2023-01-10" });
    expect(client.tier).toBe("silver");
    const form = {
      fullName: "Test Client",
      mobileNumber: client.mobileNumber,
      country: "uae",
      emirate: "dubai",
      team: "",
      anniversaryType: "",
      isActive: "true",
      newSaleAmount: "0.01",
      newSaleDate: "",
      newSaleDescription: "",
    };
    const res = await outcome(
      await callRoute(editPage.action, makeRequest(`/customers/${client.id}/edit?page=2`, { cookie, form }), {
        id: String(client.id),
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/customers?page=2");
    expect(await toastOf(res.headers)).toMatchObject({
      title: "Customer Updated",
      description: "Test Client was saved. A sale of AED 0.01 was recorded.",
    });
    const row = await db.client.findUniqueOrThrow({
      where: { id: client.id },
      include: { sales: { orderBy: { id: "asc" } } },
    });
    expect(row.totalSalesFils).toBe(10_000_000n);
    expect(row.tier).toBe("gold");
    expect(row.team).toBeNull();
    expect(row.lastPurchaseDate?.toISOString().slice(0, 10)).toBe(today);
    expect(row.sales.map((s) => [s.amountFils, s.saleDate.toISOString().slice(0, 10)])).toEqual([
      [9_999_999n, "2023-01-10"],
      [1n, today],
    ]);
  });

  it("keeps the later last purchase when a sale is back-dated, and refuses a future sale date", async () => {
    const { cookie } = await signedIn();
    const client = await createViaApi(cookie, { totalSalesValue: "10", lastPurchaseDate: "2024-06-01" });
    const path = `/api/clients/${client.id}`;
    const params = { id: String(client.id) };
    const back = await postJson(
      clientApi,
      path,
      cookie,
      { fullName: "Test Client", mobileNumber: client.mobileNumber, newSaleAmount: "5.50", newSaleDate: "2024-01-15" },
      "PUT",
      params,
    );
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ data: { totalSalesValue: "15.50", lastPurchaseDate: "2024-06-01" } });
    const future = await postJson(
      clientApi,
      path,
      cookie,
      {
        fullName: "Test Client",
        mobileNumber: client.mobileNumber,
        newSaleAmount: "1",
        newSaleDate: addDays(today, 1),
      },
      "PUT",
      params,
    );
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ error: "Validation failed for: newSaleDate" });
  });

  it("ignores a zero sale and leaves fields a PUT does not carry as they were", async () => {
    const { cookie } = await signedIn();
    const client = await createViaApi(cookie, { email: "keep@example.com", dateOfBirth: "1990-07-04" });
    const res = await postJson(
      clientApi,
      `/api/clients/${client.id}`,
      cookie,
      { fullName: "Renamed Client", mobileNumber: client.mobileNumber, newSaleAmount: "0", pepStatus: "No" },
      "PUT",
      { id: String(client.id) },
    );
    expect(res.status).toBe(200);
    const row = await db.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row).toMatchObject({
      fullName: "Renamed Client",
      email: "keep@example.com",
      pepStatus: "No",
      totalSalesFils: 0n,
      birthMonthDay: 704,
    });
    expect(row.searchText).toBe(`renamed client ${client.mobileNumber} keep@example.com`);
    expect(await db.sale.count({ where: { clientId: client.id } })).toBe(0);
  });

  it("answers errors as {error}: a required field, another client's mobile, an unknown client", async () => {
    const { cookie } = await signedIn();
    const a = await createViaApi(cookie, { fullName: "Client A" });
    const b = await createViaApi(cookie, { fullName: "Client B" });
    const params = { id: String(b.id) };
    const missing = await postJson(
      clientApi,
      `/api/clients/${b.id}`,
      cookie,
      { fullName: "", mobileNumber: b.mobileNumber },
      "PUT",
      params,
    );
    expect(missing).toMatchObject({ status: 400, body: { error: "Validation failed for: fullName" } });
    const taken = await postJson(
      clientApi,
      `/api/clients/${b.id}`,
      cookie,
      { fullName: "Client B", mobileNumber: a.mobileNumber },
      "PUT",
      params,
    );
    expect(taken).toMatchObject({ status: 409, body: { error: "This mobile number already belongs to Client A." } });
    const unknown = await postJson(
      clientApi,
      "/api/clients/999999",
      cookie,
      { fullName: "X", mobileNumber: nextMobile() },
      "PUT",
      { id: "999999" },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("bulk delete behind a fresh code", () => {
  const verify = async (cookie: string, otpCode: string) =>
    outcome(
      await callRoute(verifyApi.action, makeRequest("/api/auth/verify-otp-for-action", { cookie, json: { otpCode } })),
    );
  const bulkDelete = async (cookie: string, clientIds: number[]) =>
    outcome(
      await callRoute(
        bulkApi.action,
        makeRequest("/api/clients/bulk", { cookie, method: "DELETE", json: { clientIds, otpVerified: true } }),
      ),
    );

  it("refuses with 403 without a verification, whatever the body says", async () => {
    const { cookie } = await signedIn();
    const client = await createViaApi(cookie, {});
    const res = await bulkDelete(cookie, [client.id]);
    expect(res.status).toBe(403);
    expect(await db.client.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ deletedAt: null });
  });

  it("refuses a wrong code with the message, and deletes after a right one, once", async () => {
    const { cookie, code, user } = await signedIn("sales_back");
    const clients = [await createViaApi(cookie, {}), await createViaApi(cookie, {})];
    const ids = clients.map((c) => c.id);
    const wrong = await verify(cookie, code() === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    expect((wrong.body as { message: string }).message).toMatch(/Invalid or expired code/);
    expect((await bulkDelete(cookie, ids)).status).toBe(403);

    expect((await verify(cookie, code())).status).toBe(200);
    const res = await bulkDelete(cookie, ids);
    expect(res).toMatchObject({ status: 200, body: { success: true, deleted: 2 } });
    const rows = await db.client.findMany({ where: { id: { in: ids } } });
    expect(rows.every((r) => r.deletedAt !== null && r.deletedById === user.id)).toBe(true);
    expect(await db.sale.count({ where: { clientId: { in: ids } } })).toBe(0);

    // The verification was spent by that delete.
    const another = await createViaApi(cookie, {});
    expect((await bulkDelete(cookie, [another.id])).status).toBe(403);
  });

  it("deletes in audited batches of 50 and hides the clients from the list", async () => {
    const { cookie, code, user } = await signedIn("admin");
    const ids: number[] = [];
    for (let i = 0; i < 120; i++)
      ids.push(
        (await createViaApi(cookie, { fullName: `Bulk Client ${i}`, team: "team_c", emirate: "umm_al_quwain" })).id,
      );
    expect((await verify(cookie, code())).status).toBe(200);
    expect((await bulkDelete(cookie, ids)).body).toMatchObject({ deleted: 120 });
    // One entry per client (a client's audit trail is one index range), naming no personal value.
    const audits = await db.auditLog.findMany({ where: { action: "customer.deleted", actorId: user.id } });
    expect(audits.map((a) => Number(a.targetId)).sort((a, b) => a - b)).toEqual(ids);
    expect(audits.every((a) => a.targetType === "client" && a.details === null)).toBe(true);
    const listed = await outcome(
      await callRoute(clientsApi.loader, makeRequest("/api/clients?emirate=umm_al_quwain", { cookie })),
    );
    expect((listed.body as { pagination: { totalCount: number } }).pagination.totalCount).toBe(0);
  });

  it("works without JavaScript as two form posts: confirm, then the code", async () => {
    const { cookie, code } = await signedIn();
    const clients = [await createViaApi(cookie, {}), await createViaApi(cookie, {})];
    const clientIds = clients.map((c) => String(c.id));
    const confirm = await outcome(
      await callRoute(
        deletePage.action,
        makeRequest("/customers/delete?team=team_a", { cookie, form: { intent: "confirm", clientIds } }),
      ),
    );
    expect(confirm).toMatchObject({ status: 200, body: { clientIds: clients.map((c) => c.id), error: null } });
    expect(await db.client.count({ where: { id: { in: clients.map((c) => c.id) }, deletedAt: { not: null } } })).toBe(
      0,
    );

    const wrong = await outcome(
      await callRoute(
        deletePage.action,
        makeRequest("/customers/delete", {
          cookie,
          form: { intent: "delete", clientIds, otpCode: code() === "000000" ? "111111" : "000000" },
        }),
      ),
    );
    expect(wrong.status).toBe(401);
    expect((wrong.body as { error: string }).error).toMatch(/Invalid or expired code/);
    // The prompt with JavaScript reads which step refused: the code, not the delete.
    expect(wrong.body).toMatchObject({ failed: "code" });

    const done = await outcome(
      await callRoute(
        deletePage.action,
        makeRequest("/customers/delete?team=team_a", {
          cookie,
          form: { intent: "delete", clientIds, otpCode: code() },
        }),
      ),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/customers?team=team_a");
    expect(await toastOf(done.headers)).toMatchObject({
      title: "Clients Deleted",
      description: "2 clients deleted. An admin can restore them.",
    });
    expect(await db.client.count({ where: { id: { in: clients.map((c) => c.id) }, deletedAt: { not: null } } })).toBe(
      2,
    );
  });

  it("lets an admin restore deleted clients, and nobody else", async () => {
    const admin = await signedIn("admin");
    const staff = await signedIn("sales_front");
    const client = await createViaApi(staff.cookie, { fullName: "Restorable Rashid" });
    expect((await verify(staff.cookie, staff.code())).status).toBe(200);
    await bulkDelete(staff.cookie, [client.id]);

    const refused = await outcome(
      await callRoute(deletedPage.loader, makeRequest("/customers/deleted", { cookie: staff.cookie })),
    );
    expect(refused.status).toBe(403);
    const refusedPost = await outcome(
      await callRoute(
        deletedPage.action,
        makeRequest("/customers/deleted", { cookie: staff.cookie, form: { clientIds: String(client.id) } }),
      ),
    );
    expect(refusedPost.status).toBe(403);

    const listing = await outcome(
      await callRoute(deletedPage.loader, makeRequest("/customers/deleted?q=rashid", { cookie: admin.cookie })),
    );
    expect((listing.body as { rows: { id: number; deletedBy: string }[] }).rows).toEqual([
      expect.objectContaining({ id: client.id, deletedBy: staff.user.name }),
    ]);
    const restored = await outcome(
      await callRoute(
        deletedPage.action,
        makeRequest("/customers/deleted", { cookie: admin.cookie, form: { clientIds: String(client.id) } }),
      ),
    );
    expect(restored.status).toBe(302);
    expect(await db.client.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({
      deletedAt: null,
      deletedById: null,
    });
    expect(await db.auditLog.count({ where: { action: "customer.restored", actorId: admin.user.id } })).toBe(1);
  });

  it("keeps a deleted client's mobile reserved and says who has it", async () => {
    const { cookie, code } = await signedIn();
    const client = await createViaApi(cookie, { fullName: "Gone Ghalia" });
    await verify(cookie, code());
    await bulkDelete(cookie, [client.id]);
    const res = await postJson(clientsApi, "/api/clients", cookie, {
      fullName: "New Person",
      mobileNumber: client.mobileNumber,
      team: "team_a",
    });
    expect(res).toMatchObject({
      status: 409,
      body: { error: "This mobile number belongs to Gone Ghalia, a deleted client. An admin can restore them." },
    });
  });
});
