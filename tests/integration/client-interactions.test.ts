import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as interactionsApi from "~/routes/api.clients.$id.interactions";
import * as detailsPage from "~/routes/_app.customers.$id";
import * as interactionForm from "~/routes/_app.customers_.$id.interactions";
import { callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

let seq = 0;

const signedIn = (role: Role = "sales_front") => signedInStaff(role);

async function client(extra: { deletedAt?: Date } = {}) {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Contact Client ${seq}`,
      searchText: `contact client ${seq}`,
      mobileNumber: `97157${String(seq).padStart(7, "0")}`,
      ...extra,
    },
  });
}

const post = async (cookie: string, id: number, json: unknown) =>
  outcome(
    await callRoute(interactionsApi.action, makeRequest(`/api/clients/${id}/interactions`, { cookie, json }), {
      id: String(id),
    }),
  );
const list = async (cookie: string, id: number) =>
  outcome(
    await callRoute(interactionsApi.loader, makeRequest(`/api/clients/${id}/interactions`, { cookie }), {
      id: String(id),
    }),
  );

type Interaction = {
  id: string;
  type: string;
  note: string | null;
  outcome: string | null;
  at: string;
  userName: string;
};

describe("interactions API", () => {
  it("any role records a contact; the list is newest first with who made it", async () => {
    const road = await signedIn("road_sales");
    const back = await signedIn("sales_back");
    const c = await client();
    const older = await post(road.cookie, c.id, {
      type: "visit",
      note: "Showed the pearl set",
      at: "2026-01-05T09:00:00Z",
    });
    expect(older.status).toBe(201);
    expect((older.body as { data: Interaction }).data).toMatchObject({
      type: "visit",
      note: "Showed the pearl set",
      at: "2026-01-05T09:00:00.000Z",
      userId: road.user.id,
      userName: road.user.name,
    });
    const newer = await post(back.cookie, c.id, { type: "call", outcome: "Will visit Friday" });
    expect(newer.status).toBe(201);
    const res = await list(road.cookie, c.id);
    const data = (res.body as { data: Interaction[] }).data;
    expect(data.map((i) => [i.type, i.userName])).toEqual([
      ["call", back.user.name],
      ["visit", road.user.name],
    ]);
    const stored = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect(stored.lastContactType).toBe("call");
    expect(stored.lastContactById).toBe(back.user.id);
    expect(await db.auditLog.count({ where: { action: "client.interaction_recorded", targetId: String(c.id) } })).toBe(
      2,
    );
  });

  it("a back-dated contact does not move the last contact back", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    await post(cookie, c.id, { type: "whatsapp" });
    await post(cookie, c.id, { type: "note", at: "2025-06-01T10:00:00Z" });
    const stored = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect(stored.lastContactType).toBe("whatsapp");
  });

  it("answers 400 with details to junk, 404 for deleted or unknown clients, 401 signed out", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const junk = await post(cookie, c.id, { type: "pigeon", at: "soon" });
    expect(junk.status).toBe(400);
    expect((junk.body as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(["type", "at"]);
    expect((await post(cookie, c.id, "call")).status).toBe(400);
    expect((await post(cookie, c.id, { type: "call", at: "2999-01-01T00:00:00Z" })).status).toBe(400);
    const gone = await client({ deletedAt: new Date() });
    expect((await post(cookie, gone.id, { type: "call" })).status).toBe(404);
    expect((await list(cookie, gone.id)).status).toBe(404);
    expect((await list(cookie, 99_999_999)).status).toBe(404);
    expect((await post("", c.id, { type: "call" })).status).toBe(401);
    expect(await db.clientInteraction.count({ where: { clientId: c.id } })).toBe(0);
  });
});

describe("recording a contact from the details dialog", () => {
  it("the form posts, redirects back to the dialog and the dialog lists it", async () => {
    const { cookie, user } = await signedIn("road_sales");
    const c = await client();
    const res = await outcome(
      await callRoute(
        interactionForm.action,
        makeRequest(`/customers/${c.id}/interactions`, {
          cookie,
          form: {
            type: "call",
            note: "Asked about ring sizes",
            outcome: "Call back",
            redirectTo: `/customers/${c.id}?page=2`,
          },
        }),
        { id: String(c.id) },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/customers/${c.id}?page=2`);
    const details = (await outcome(
      await callRoute(detailsPage.loader, makeRequest(`/customers/${c.id}`, { cookie }), { id: String(c.id) }),
    )) as { body: { contacts: { typeLabel: string; note: string; outcome: string; userName: string }[] } };
    expect(details.body.contacts).toEqual([
      expect.objectContaining({
        typeLabel: "Call",
        note: "Asked about ring sizes",
        outcome: "Call back",
        userName: user.name,
      }),
    ]);
  });

  it("refuses a post from another site", async () => {
    const { cookie } = await signedIn();
    const c = await client();
    const res = await outcome(
      await callRoute(
        interactionForm.action,
        makeRequest(`/customers/${c.id}/interactions`, {
          cookie,
          form: { type: "call" },
          origin: "https://evil.example",
        }),
        { id: String(c.id) },
      ),
    );
    expect(res.status).toBe(403);
    expect(await db.clientInteraction.count({ where: { clientId: c.id } })).toBe(0);
  });
});
