import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as followUpsApi from "~/routes/api.follow-ups";
import * as followUpApi from "~/routes/api.follow-ups.$id";
import * as clientsPage from "~/routes/_app.customers";
import * as dashboard from "~/routes/_app.dashboard";
import * as newFollowUp from "~/routes/_app.customers_.$id.follow-up";
import * as closeFollowUp from "~/routes/_app.follow-ups.$id";
import { callRoute, createUser, makeRequest, outcome, signedInStaff } from "../support/factories";

const today = businessToday();
let seq = 0;

const signedIn = (role: Role = "sales_front") => signedInStaff(role);

async function client() {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Follow Client ${seq}`,
      searchText: `follow client ${seq}`,
      mobileNumber: `97159${String(seq).padStart(7, "0")}`,
    },
  });
}

type FollowUp = {
  id: string;
  clientId: number;
  clientName: string;
  ownerId: string | null;
  ownerName: string | null;
  dueDate: string;
  note: string | null;
  status: string;
  outcome: string | null;
};

const create = async (cookie: string, json: unknown) =>
  outcome(await callRoute(followUpsApi.action, makeRequest("/api/follow-ups", { cookie, json })));
const list = async (cookie: string, query: string) =>
  (
    (await outcome(await callRoute(followUpsApi.loader, makeRequest(`/api/follow-ups${query}`, { cookie })))).body as {
      data: FollowUp[];
    }
  ).data;
const change = async (cookie: string, id: string, json: unknown) =>
  outcome(
    await callRoute(followUpApi.action, makeRequest(`/api/follow-ups/${id}`, { cookie, method: "PUT", json }), { id }),
  );

describe("follow-ups API", () => {
  it("POST defaults the owner to the caller, or takes ownerId; GET filters by owner, status and due", async () => {
    const reem = await signedIn();
    const saif = await signedIn("road_sales");
    const c = await client();
    const mine = await create(reem.cookie, {
      clientId: c.id,
      dueDate: addDays(today, -2),
      note: "Call about the ring",
    });
    expect(mine.status).toBe(201);
    expect((mine.body as { data: FollowUp }).data).toMatchObject({
      clientId: c.id,
      clientName: c.fullName,
      ownerId: reem.user.id,
      ownerName: reem.user.name,
      dueDate: addDays(today, -2),
      status: "open",
      outcome: null,
    });
    await create(reem.cookie, { clientId: c.id, dueDate: today, ownerId: saif.user.id });
    await create(reem.cookie, { clientId: c.id, dueDate: addDays(today, 5), ownerId: saif.user.id });
    expect((await list(reem.cookie, "?owner=me")).map((f) => f.dueDate)).toEqual([addDays(today, -2)]);
    expect((await list(saif.cookie, "?owner=me&status=open")).map((f) => f.dueDate)).toEqual([
      today,
      addDays(today, 5),
    ]);
    expect((await list(saif.cookie, "?owner=me&due=today")).map((f) => f.dueDate)).toEqual([today]);
    expect((await list(saif.cookie, "?owner=me&due=week")).map((f) => f.dueDate)).toEqual([today, addDays(today, 5)]);
    expect((await list(saif.cookie, `?owner=${reem.user.id}&due=overdue`)).map((f) => f.ownerId)).toEqual([
      reem.user.id,
    ]);
    expect((await list(saif.cookie, "?owner=all")).length).toBeGreaterThanOrEqual(3);
    const scheduledForClient = { action: "follow_up.created", details: { contains: `"clientId":${c.id},` } };
    expect(await db.auditLog.count({ where: scheduledForClient })).toBe(3);
  });

  it("answers 400 to junk and 404 for unknown clients", async () => {
    const { cookie } = await signedIn();
    expect((await create(cookie, { clientId: "x", dueDate: "tomorrow" })).status).toBe(400);
    expect((await create(cookie, { clientId: 99_999_999, dueDate: today })).status).toBe(404);
    const c = await client();
    const retired = await createUser({ isActive: false });
    expect((await create(cookie, { clientId: c.id, dueDate: today, ownerId: retired.user.id })).status).toBe(400);
  });

  it("PUT closes as done with an outcome and records an interaction; strangers get 403", async () => {
    const reem = await signedIn();
    const stranger = await signedIn("sales_back");
    const c = await client();
    const id = (
      (await create(reem.cookie, { clientId: c.id, dueDate: today, note: "Eid gift" })).body as { data: FollowUp }
    ).data.id;
    // The service's refusals are codes; the JSON says them in English, as before.
    expect(await change(stranger.cookie, id, { status: "done" })).toMatchObject({
      status: 403,
      body: { error: "Only its owner, whoever scheduled it or an admin can change a follow-up" },
    });
    expect(await change(reem.cookie, "no-such-follow-up", { status: "done" })).toMatchObject({
      status: 404,
      body: { error: "Follow-up not found" },
    });
    expect((await change(reem.cookie, id, {})).status).toBe(400);
    const done = await change(reem.cookie, id, { status: "done", outcome: "Booked a visit on Friday" });
    expect(done.status).toBe(200);
    expect((done.body as { data: FollowUp }).data).toMatchObject({
      status: "done",
      outcome: "Booked a visit on Friday",
    });
    expect((await db.followUp.findUniqueOrThrow({ where: { id } })).doneAt).not.toBeNull();
    const interactions = await db.clientInteraction.findMany({ where: { clientId: c.id } });
    expect(interactions).toEqual([
      expect.objectContaining({
        outcome: "Booked a visit on Friday",
        note: "Follow-up: Eid gift",
        userId: reem.user.id,
      }),
    ]);
    const moved = await change(reem.cookie, id, {
      dueDate: addDays(today, 3),
      ownerId: stranger.user.id,
      status: "open",
    });
    expect((moved.body as { data: FollowUp }).data).toMatchObject({ ownerId: stranger.user.id, status: "open" });
  });
});

describe("follow-ups on the pages", () => {
  it("one created from an alert goes back to the dashboard and shows on the owner's home page (road sales: the client book)", async () => {
    const reem = await signedIn();
    const saif = await signedIn("road_sales");
    const c = await client();
    const res = await outcome(
      await callRoute(
        newFollowUp.action,
        makeRequest(`/customers/${c.id}/follow-up?back=/dashboard`, {
          cookie: reem.cookie,
          form: { dueDate: today, note: "Birthday call", ownerId: saif.user.id },
        }),
        { id: String(c.id) },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const book = (await outcome(
      await callRoute(clientsPage.loader, makeRequest("/customers", { cookie: saif.cookie })),
    )) as {
      body: { followUps: { items: { note: string; ownerName: string }[] } };
    };
    expect(book.body.followUps.items).toEqual([
      expect.objectContaining({ note: "Birthday call", ownerName: saif.user.name }),
    ]);
    // Reem's dashboard shows her own (none), not Saif's; an admin can ask for everyone's.
    const reemDash = (await outcome(
      await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: reem.cookie })),
    )) as {
      body: { followUps: { items: { note: string }[] } };
    };
    expect(reemDash.body.followUps.items.map((f) => f.note)).not.toContain("Birthday call");
    const admin = await signedIn("admin");
    const all = (await outcome(
      await callRoute(dashboard.loader, makeRequest("/dashboard?followUps=all", { cookie: admin.cookie })),
    )) as { body: { followUps: { items: { note: string }[] } } };
    expect(all.body.followUps.items.map((f) => f.note)).toContain("Birthday call");
  });

  it("a past day is refused and nothing is saved", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const res = await outcome(
      await callRoute(
        newFollowUp.action,
        makeRequest(`/customers/${c.id}/follow-up`, { cookie, form: { dueDate: addDays(today, -1) } }),
        { id: String(c.id) },
      ),
    );
    expect(res.status).toBe(400);
    expect(await db.followUp.count({ where: { clientId: c.id } })).toBe(0);
  });

  it("Mark done with an outcome from the list closes it without JavaScript", async () => {
    const saif = await signedIn("road_sales");
    const c = await client();
    const f = await db.followUp.create({ data: { clientId: c.id, dueDate: new Date(), ownerId: saif.user.id } });
    const res = await outcome(
      await callRoute(
        closeFollowUp.action,
        makeRequest(`/follow-ups/${f.id}`, {
          cookie: saif.cookie,
          form: { status: "done", outcome: "Not interested", redirectTo: "/customers" },
        }),
        { id: f.id },
      ),
    );
    expect(res.headers.get("Location")).toBe("/customers");
    expect(await db.followUp.findUniqueOrThrow({ where: { id: f.id } })).toMatchObject({
      status: "done",
      outcome: "Not interested",
    });
  });
});
