import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { businessToday } from "~/domain/calendar";
import { defaultPeriod } from "~/domain/sales-report";
import * as clientsApi from "~/routes/api.clients";
import * as clientSalesApi from "~/routes/api.clients.$id.sales";
import * as reportApi from "~/routes/api.reports.sales";
import { addShopRow, changeShopRow, readShopLists } from "~/services/shop-lists.server";
import { callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/**
 * Clients' teams are the shop's Team rows (issue #42): POST /api/clients takes a team by key or either name,
 * refuses an inactive or unknown one naming the active teams, GET filters by any of its names, and a team an
 * admin adds is usable at once.
 */

let seq = 0;
const nextMobile = () => `97156${String(Date.now() % 1000).padStart(3, "0")}${String(++seq).padStart(4, "0")}`;

const signedIn = (role: Role = "admin") => signedInStaff(role);

type ClientData = { id: number; team: string | null; teamName: string | null };

async function postClient(cookie: string, fields: Record<string, unknown>) {
  return outcome(
    await callRoute(
      clientsApi.action,
      makeRequest("/api/clients", {
        cookie,
        json: { fullName: "Team Test", mobileNumber: nextMobile(), ...fields },
        method: "POST",
      }),
    ),
  );
}

async function listClients(cookie: string, query: string) {
  const res = await outcome(await callRoute(clientsApi.loader, makeRequest(`/api/clients?${query}`, { cookie })));
  expect(res.status).toBe(200);
  return (res.body as { data: ClientData[] }).data;
}

const activeNames = async () => (await readShopLists()).teams.filter((team) => team.active).map((team) => team.name);

describe("a client's team from the shop's teams", () => {
  it("takes the team as its Arabic name: stores the key and answers its English name", async () => {
    const { cookie } = await signedIn();
    const res = await postClient(cookie, { team: "الفئة الأساسية" });
    expect(res.status).toBe(201);
    expect((res.body as { data: ClientData }).data).toMatchObject({ team: "team_b", teamName: "Entry Level" });

    const upper = await postClient(cookie, { team: "  MIXED   products " });
    expect((upper.body as { data: ClientData }).data).toMatchObject({ team: "team_c", teamName: "Mixed Products" });
  });

  it("refuses a deactivated team with a 400 naming the active ones", async () => {
    const { user, cookie } = await signedIn();
    const added = await addShopRow(user, "teams", { name: "Closing Desk", nameAr: null }, null);
    if (!added.ok) throw new Error("not added");
    expect((await postClient(cookie, { team: "Closing Desk" })).status).toBe(201);
    const changed = await changeShopRow(user, "teams", added.value.id, { nameAr: undefined, active: false }, null);
    expect(changed.ok).toBe(true);

    const res = await postClient(cookie, { team: "closing desk" });
    expect(res.status).toBe(400);
    const body = res.body as { error: string; details: { path: string; message: string }[] };
    expect(body.error).toBe("Validation failed for: team");
    const message = body.details.find((d) => d.path === "team")!.message;
    expect(message).toMatch(/^Choose a team: /);
    for (const name of await activeNames()) expect(message).toContain(name);
    expect(message).not.toContain("Closing Desk");
    // Unknown is refused the same way.
    expect((await postClient(cookie, { team: "Team Z" })).status).toBe(400);
  });

  it("filters GET /api/clients by a team's English name, any case", async () => {
    const { cookie } = await signedIn();
    const created = await postClient(cookie, { team: "team_b" });
    const id = (created.body as { data: ClientData }).data.id;
    const rows = await listClients(cookie, `team=${encodeURIComponent("entry level")}&limit=5000`);
    expect(rows.map((r) => r.id)).toContain(id);
    expect(rows.every((r) => r.team === "team_b")).toBe(true);
    const byKey = await listClients(cookie, "team=team_b&limit=5000");
    expect(byKey.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("uses a team an admin adds at once, by its names, and filters by it", async () => {
    const { user, cookie } = await signedIn();
    const added = await addShopRow(user, "teams", { name: "Bridal Studio", nameAr: "استوديو العرائس" }, null);
    if (!added.ok) throw new Error("not added");
    const key = added.value.key;

    const res = await postClient(cookie, { team: "استوديو العرائس" });
    expect(res.status).toBe(201);
    const data = (res.body as { data: ClientData }).data;
    expect(data).toMatchObject({ team: key, teamName: "Bridal Studio" });

    const renamed = await changeShopRow(
      user,
      "teams",
      added.value.id,
      { nameAr: undefined, name: "Bridal Salon" },
      null,
    );
    expect(renamed.ok).toBe(true);
    const rows = await listClients(cookie, `team=${encodeURIComponent("BRIDAL SALON")}`);
    expect(rows.map((r) => ({ id: r.id, team: r.team, teamName: r.teamName }))).toEqual([
      { id: data.id, team: key, teamName: "Bridal Salon" },
    ]);
  });
});

describe("the sales report by team", () => {
  it("names a team an admin adds, and keeps its row and name on past sales once it is deactivated", async () => {
    const { user, cookie } = await signedIn();
    const added = await addShopRow(user, "teams", { name: "Watch Corner", nameAr: "ركن الساعات" }, null);
    if (!added.ok) throw new Error("not added");
    const created = await postClient(cookie, { team: "Watch Corner" });
    const clientId = String((created.body as { data: ClientData }).data.id);
    const sale = await outcome(
      await callRoute(
        clientSalesApi.action,
        makeRequest(`/api/clients/${clientId}/sales`, {
          cookie,
          json: { saleDate: businessToday(), amount: "1234.50" },
        }),
        { id: clientId },
      ),
    );
    expect(sale.status).toBe(201);

    const teamRows = async () => {
      const { from, to } = defaultPeriod(businessToday());
      const res = await outcome(
        await callRoute(
          reportApi.loader,
          makeRequest(`/api/reports/sales?from=${from}&to=${to}&groupBy=team`, { cookie }),
        ),
      );
      expect(res.status).toBe(200);
      return (res.body as { rows: { key: string; label: string; total: string }[] }).rows;
    };
    expect((await teamRows()).find((row) => row.key === added.value.key)).toMatchObject({ label: "Watch Corner" });
    expect((await teamRows()).find((row) => row.key === "team_a")?.label).toBe("Full Selection (Luxury)");

    expect((await changeShopRow(user, "teams", added.value.id, { active: false }, null)).ok).toBe(true);
    expect((await teamRows()).find((row) => row.key === added.value.key)).toMatchObject({ label: "Watch Corner" });
  });
});
