import type { Role } from "~/domain/roles";
import { unlockedAdmin } from "../support/admin-gate";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as clientsApi from "~/routes/api.clients";
import * as clientApi from "~/routes/api.clients.$id";
import * as clientsPage from "~/routes/_app.customers";
import * as ownerRoute from "~/routes/_app.customers.owner";
import * as deleteUserPage from "~/routes/_app.profile.users.$userId.delete";
import * as editUserPage from "~/routes/_app.profile.users.$userId.edit";
import { readToast } from "~/http/toast.server";
import { callRoute, createUser, makeRequest, outcome, signedInStaff } from "../support/factories";

let seq = 0;
const nextMobile = () => `97156${String(++seq).padStart(7, "0")}`;

const signedIn = (role: Role = "sales_front") => signedInStaff(role);

type ClientJson = { id: number; ownerId: string | null; ownerName: string | null };

async function addClient(cookie: string, extra: Record<string, unknown> = {}) {
  const res = await outcome(
    await callRoute(
      clientsApi.action,
      makeRequest("/api/clients", {
        cookie,
        json: { fullName: "Owner Test", mobileNumber: nextMobile(), team: "team_a", ...extra },
      }),
    ),
  );
  return res as { status: number; body: { data: ClientJson; error?: string } };
}

async function listIds(cookie: string, owner: string) {
  const res = await outcome(await callRoute(clientsApi.loader, makeRequest(`/api/clients?owner=${owner}`, { cookie })));
  expect(res.status).toBe(200);
  return (res.body as { data: ClientJson[] }).data.map((c) => c.id);
}

async function toastOf(headers: Headers) {
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(makeRequest("/customers", { cookie }))).toast;
}

describe("client owner", () => {
  it("a new client belongs to its creator unless ownerId names another active user", async () => {
    const reem = await signedIn();
    const omar = await signedIn();
    const own = await addClient(reem.cookie);
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ ownerId: reem.user.id, ownerName: reem.user.name });
    const given = await addClient(reem.cookie, { ownerId: omar.user.id });
    expect(given.body.data.ownerId).toBe(omar.user.id);
    const retired = await createUser({ isActive: false });
    const refused = await addClient(reem.cookie, { ownerId: retired.user.id });
    expect(refused.status).toBe(400);
    expect(await db.client.count({ where: { ownerId: retired.user.id } })).toBe(0);
  });

  it("filters the book and /api/clients by owner=me, a user id and none", async () => {
    const reem = await signedIn();
    const omar = await signedIn();
    const mine = (await addClient(reem.cookie)).body.data.id;
    const his = (await addClient(omar.cookie)).body.data.id;
    const nobody = (await addClient(reem.cookie, { ownerId: null })).body.data.id;
    expect(await listIds(reem.cookie, "me")).toEqual([mine]);
    expect(await listIds(reem.cookie, omar.user.id)).toEqual([his]);
    expect(await listIds(reem.cookie, "none")).toContain(nobody);
    expect(await listIds(reem.cookie, "none")).not.toContain(mine);

    const page = (await outcome(
      await callRoute(clientsPage.loader, makeRequest("/customers?owner=me", { cookie: omar.cookie })),
    )) as { body: { rows: { id: number; ownerInitials: string }[] } };
    expect(page.body.rows.map((r) => r.id)).toEqual([his]);
  });

  it("PUT /api/clients/:id reassigns for the owner or an admin and answers 403 to anyone else", async () => {
    const reem = await signedIn();
    const omar = await signedIn("road_sales");
    const admin = await signedIn("admin");
    const created = (await addClient(reem.cookie)).body.data as ClientJson & { mobileNumber: string };
    const id = created.id;
    const base = { fullName: "Owner Test", mobileNumber: created.mobileNumber };
    const put = async (cookie: string, json: unknown) =>
      outcome(
        await callRoute(clientApi.action, makeRequest(`/api/clients/${id}`, { cookie, method: "PUT", json }), {
          id: String(id),
        }),
      );
    const stranger = await put(omar.cookie, { ...base, ownerId: omar.user.id });
    expect(stranger.status).toBe(403);
    expect((await db.client.findUniqueOrThrow({ where: { id } })).ownerId).toBe(reem.user.id);

    const byOwner = await put(reem.cookie, { ...base, ownerId: omar.user.id });
    expect(byOwner.status).toBe(200);
    expect((byOwner.body as { data: ClientJson }).data).toMatchObject({
      ownerId: omar.user.id,
      ownerName: omar.user.name,
    });

    const byAdmin = await put(admin.cookie, { ...base, ownerId: null });
    expect((byAdmin.body as { data: ClientJson }).data.ownerId).toBeNull();
    const log = await db.auditLog.findMany({ where: { action: "client.owner_changed", targetId: String(id) } });
    expect(log).toHaveLength(2);
  });

  it("the bulk form moves only the clients the user may reassign and says how many were left", async () => {
    const reem = await signedIn();
    const omar = await signedIn();
    const mine = (await addClient(reem.cookie)).body.data.id;
    const his = (await addClient(omar.cookie)).body.data.id;
    const res = await outcome(
      await callRoute(
        ownerRoute.action,
        makeRequest("/customers/owner?tier=gold", {
          cookie: reem.cookie,
          form: { clientIds: [String(mine), String(his)], ownerId: omar.user.id, intent: "assign-owner" },
        }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/customers?tier=gold");
    expect((await toastOf(res.headers))?.description).toMatch(/1 client now with .*1 left as they were/);
    expect((await db.client.findUniqueOrThrow({ where: { id: mine } })).ownerId).toBe(omar.user.id);
    expect((await db.client.findUniqueOrThrow({ where: { id: his } })).ownerId).toBe(omar.user.id);

    // Omar's own client cannot be taken by Reem.
    await callRoute(
      ownerRoute.action,
      makeRequest("/customers/owner", { cookie: reem.cookie, form: { clientIds: String(his), ownerId: reem.user.id } }),
    );
    expect((await db.client.findUniqueOrThrow({ where: { id: his } })).ownerId).toBe(omar.user.id);
  });
});

describe("handing clients over when a user leaves", () => {
  it("deleting a user hands their clients to the colleague chosen", async () => {
    const admin = await unlockedAdmin();
    const leaving = await signedIn();
    const taker = await signedIn();
    const ids = [(await addClient(leaving.cookie)).body.data.id, (await addClient(leaving.cookie)).body.data.id];
    const path = `/profile/users/${leaving.user.id}/delete`;
    const dialog = (await outcome(
      await callRoute(deleteUserPage.loader, makeRequest(path, { cookie: admin.cookie }), { userId: leaving.user.id }),
    )) as { body: { handover: { clientCount: number } } };
    expect(dialog.body.handover.clientCount).toBe(2);
    const res = await outcome(
      await callRoute(
        deleteUserPage.action,
        makeRequest(path, { cookie: admin.cookie, form: { handClientsTo: taker.user.id } }),
        { userId: leaving.user.id },
      ),
    );
    expect(res.status).toBe(302);
    const owners = await db.client.findMany({ where: { id: { in: ids } }, select: { ownerId: true } });
    expect(owners.map((o) => o.ownerId)).toEqual([taker.user.id, taker.user.id]);
  });

  it("deleting without a choice leaves the clients unassigned", async () => {
    const admin = await unlockedAdmin();
    const leaving = await signedIn();
    const id = (await addClient(leaving.cookie)).body.data.id;
    await callRoute(
      deleteUserPage.action,
      makeRequest(`/profile/users/${leaving.user.id}/delete`, { cookie: admin.cookie, form: {} }),
      { userId: leaving.user.id },
    );
    expect((await db.client.findUniqueOrThrow({ where: { id } })).ownerId).toBeNull();
  });

  it("deactivating a user hands their clients over; a plain edit does not", async () => {
    const admin = await unlockedAdmin();
    const leaving = await signedIn();
    const taker = await signedIn();
    const id = (await addClient(leaving.cookie)).body.data.id;
    const path = `/profile/users/${leaving.user.id}/edit`;
    const form = {
      name: leaving.user.name,
      email: leaving.user.email,
      role: "sales_front",
      handClientsTo: taker.user.id,
    };
    await callRoute(
      editUserPage.action,
      makeRequest(path, { cookie: admin.cookie, form: { ...form, isActive: "on" } }),
      {
        userId: leaving.user.id,
      },
    );
    expect((await db.client.findUniqueOrThrow({ where: { id } })).ownerId).toBe(leaving.user.id);
    const res = await outcome(
      await callRoute(editUserPage.action, makeRequest(path, { cookie: admin.cookie, form }), {
        userId: leaving.user.id,
      }),
    );
    expect(res.status).toBe(302);
    expect((await db.client.findUniqueOrThrow({ where: { id } })).ownerId).toBe(taker.user.id);
  });
});
