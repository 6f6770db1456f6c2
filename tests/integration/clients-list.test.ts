import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_ROWS_ID } from "~/components/clients/client-table";
import { db } from "~/db/db.server";
import { businessToday, dateFromIso, type IsoDate } from "~/domain/calendar";
import { notPurchasedCutoff } from "~/domain/client-filters";
import * as clientsApi from "~/routes/api.clients";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as clientsPage from "~/routes/_app.customers";
import * as historyPage from "~/routes/_app.customer-history";
import { deleteClients } from "~/services/client-deletion.server";
import { createClient } from "~/services/client-writes.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

type ApiList = {
  data: { id: number; fullName: string; totalSalesValue: string; tier: string }[];
  pagination: Record<string, number | boolean>;
};

const today = businessToday();
/** A day `months` calendar months back, plus `extraDays` (positive = more recent). */
const monthsAgo = (months: number, extraDays = 0): IsoDate => {
  const d = dateFromIso(notPurchasedCutoff(today, months));
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
};

let cookie = "";
let seq = 0;
async function addClient(fields: Record<string, unknown>) {
  seq += 1;
  const { user } = await createUser();
  const result = await createClient(
    { team: "team_a", mobileNumber: `97152${String(seq).padStart(7, "0")}`, ...fields },
    { actor: user },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.client;
}

async function list(query: string): Promise<ApiList> {
  const res = await outcome(await callRoute(clientsApi.loader, makeRequest(`/api/clients?${query}`, { cookie })));
  expect(res.status).toBe(200);
  return res.body as ApiList;
}
const names = (body: ApiList) => body.data.map((c) => c.fullName).sort();

beforeAll(async () => {
  const { user } = await createUser({ role: "road_sales" });
  cookie = await sessionCookieFor(user.id);
  // A known book: tiers, places, teams and last purchases chosen so every filter has one answer.
  await addClient({
    fullName: "Aisha Diamond",
    totalSalesValue: "1000000",
    lastPurchaseDate: monthsAgo(2),
    emirate: "dubai",
    team: "team_a",
    email: "aisha@example.com",
  });
  await addClient({
    fullName: "Omar Platinum",
    totalSalesValue: "500000",
    lastPurchaseDate: monthsAgo(3),
    emirate: "abu_dhabi",
    team: "team_b",
    emiratesId: "784-1985-7654321-2",
  });
  await addClient({
    fullName: "Fatima Gold",
    totalSalesValue: "100000",
    lastPurchaseDate: monthsAgo(6, 1),
    emirate: "sharjah",
    team: "team_c",
  });
  await addClient({
    fullName: "Khalid Silver",
    totalSalesValue: "25000",
    lastPurchaseDate: monthsAgo(6),
    country: "qatar",
    team: "team_b",
  });
  await addClient({
    fullName: "Mariam Bronze",
    totalSalesValue: "24999.99",
    lastPurchaseDate: monthsAgo(12),
    country: "bahrain",
    team: "team_a",
  });
  await addClient({ fullName: "Yousef New", emirate: "dubai", team: "team_c", mobileNumber: "0501234567" });
  const gone = await addClient({
    fullName: "Deleted Person",
    totalSalesValue: "2000000",
    lastPurchaseDate: monthsAgo(13),
    team: "team_a",
  });
  const { user: admin } = await createUser({ role: "admin" });
  await deleteClients([gone.id], admin, null);
});

describe("GET /api/clients filters (any role may read)", () => {
  it("lists the book newest first, without deleted clients, with the count", async () => {
    const body = await list("");
    expect(body.data.map((c) => c.fullName)).toEqual([
      "Yousef New",
      "Mariam Bronze",
      "Khalid Silver",
      "Fatima Gold",
      "Omar Platinum",
      "Aisha Diamond",
    ]);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 500,
      totalCount: 6,
      totalPages: 1,
      hasPrevPage: false,
      hasNextPage: false,
    });
  });

  it("derives the tier from total sales at the exact thresholds", async () => {
    const tiers = Object.fromEntries((await list("")).data.map((c) => [c.fullName, c.tier]));
    expect(tiers).toMatchObject({
      "Aisha Diamond": "diamond",
      "Omar Platinum": "platinum",
      "Fatima Gold": "gold",
      "Khalid Silver": "silver",
      "Mariam Bronze": "bronze",
      "Yousef New": "bronze",
    });
  });

  it.each([
    ["tier=gold", ["Fatima Gold"]],
    ["tier=bronze", ["Mariam Bronze", "Yousef New"]],
    ["emirate=dubai", ["Aisha Diamond", "Yousef New"]],
    ["country=qatar", ["Khalid Silver"]],
    ["team=team_b", ["Khalid Silver", "Omar Platinum"]],
    ["country=uae&team=team_c", ["Fatima Gold", "Yousef New"]],
    ["tier=bronze&team=team_c&emirate=dubai", ["Yousef New"]],
    ["tier=diamond&country=qatar", []],
  ])("filters %s", async (query, expected) => {
    const body = await list(query);
    expect(names(body)).toEqual(expected);
    expect(body.pagination.totalCount).toBe(expected.length);
  });

  it.each([
    ["3", ["Fatima Gold", "Khalid Silver", "Mariam Bronze", "Omar Platinum", "Yousef New"]],
    ["6", ["Khalid Silver", "Mariam Bronze", "Yousef New"]],
    ["12", ["Mariam Bronze", "Yousef New"]],
    ["6m", ["Khalid Silver", "Mariam Bronze", "Yousef New"]],
  ])(
    "notPurchasedFor=%s counts calendar months (exactly N months ago included, never-bought included)",
    async (months, expected) => {
      expect(names(await list(`notPurchasedFor=${months}`))).toEqual(expected);
    },
  );

  it.each([
    ["fatima", ["Fatima Gold"]],
    ["GOLD", ["Fatima Gold"]],
    ["050 123 4567", ["Yousef New"]],
    ["+971 50 123", ["Yousef New"]],
    ["aisha@example", ["Aisha Diamond"]],
    ["7654321", ["Omar Platinum"]],
    ["784-1985", ["Omar Platinum"]],
    ["deleted person", []],
  ])("searches %s", async (search, expected) => {
    expect(names(await list(`search=${encodeURIComponent(search)}`))).toEqual(expected);
  });
});

describe("paging", () => {
  beforeAll(async () => {
    for (let i = 1; i <= 54; i++)
      await addClient({ fullName: `Paging Client ${String(i).padStart(2, "0")}`, team: "team_b", emirate: "fujairah" });
  });

  it("splits 54 clients into pages of 25 and flags the edges", async () => {
    const first = await list("emirate=fujairah&limit=25");
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.fullName).toBe("Paging Client 54");
    expect(first.pagination).toMatchObject({
      page: 1,
      totalCount: 54,
      totalPages: 3,
      hasPrevPage: false,
      hasNextPage: true,
    });
    const last = await list("emirate=fujairah&limit=25&page=3");
    expect(last.data.map((c) => c.fullName)).toEqual([
      "Paging Client 04",
      "Paging Client 03",
      "Paging Client 02",
      "Paging Client 01",
    ]);
    expect(last.pagination).toMatchObject({ page: 3, hasPrevPage: true, hasNextPage: false });
    const beyond = await list("emirate=fujairah&limit=25&page=4");
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ totalCount: 54, hasNextPage: false });
  });

  it("counts the whole book on a full page without its deleted client", async () => {
    // 6 clients of the known book and these 54; "Deleted Person" is on file but not in the book.
    const page = await list("limit=25&page=2");
    expect(page.data).toHaveLength(25);
    expect(page.pagination).toMatchObject({ totalCount: 60, totalPages: 3, hasNextPage: true });
    expect(await db.client.count()).toBe(61);
  });

  it("serves the page screen at /customers and /customer-history with the same rows", async () => {
    const request = () => makeRequest("/customers?emirate=fujairah&limit=50&page=2", { cookie });
    const page = (await outcome(await callRoute(clientsPage.loader, request()))).body as {
      rows: { name: string }[];
      totalCount: number;
      totalPages: number;
    };
    expect(page.totalCount).toBe(54);
    expect(page.totalPages).toBe(2);
    expect(page.rows.map((r) => r.name)).toEqual([
      "Paging Client 04",
      "Paging Client 03",
      "Paging Client 02",
      "Paging Client 01",
    ]);
    const history = (
      await outcome(
        await callRoute(
          historyPage.loader,
          makeRequest("/customer-history?emirate=fujairah&limit=50&page=2", { cookie }),
        ),
      )
    ).body;
    expect(history).toEqual(page);
  });
});

describe("the table rows", () => {
  it("shows the table columns ready to display", async () => {
    const res = await outcome(await callRoute(clientsPage.loader, makeRequest("/customers?search=omar", { cookie })));
    const [row] = (res.body as { rows: Record<string, unknown>[] }).rows;
    expect(row).toMatchObject({
      name: "Omar Platinum",
      address: "Abu Dhabi",
      totalSale: "AED 500,000.00",
      team: "Entry Level",
      // Signed in as staff, not admin: the ID shows masked (docs/privacy.md).
      idNumber: "784-****-*******-2",
      tier: "platinum",
    });
    expect(row!.daysSince).toBeGreaterThanOrEqual(89);
  });

  it("carries a whole page's rows once, as HTML linking under the list it is on; a later page as data", async () => {
    const load = async (path: string, headers: Record<string, string>) => {
      const context: AppLoadContext = {};
      const request = makeRequest(path, { cookie, headers });
      const page = (await clientsPage.loader({ request, params: {}, context })) as { rows: { name: string }[] | null };
      return { rows: page.rows, html: context.documentHtml?.[DOCUMENT_ROWS_ID]?.toString() };
    };
    const whole = await load("/customer-history?search=omar", { "Sec-Fetch-Dest": "document" });
    expect(whole.rows).toBeNull();
    expect(whole.html).toContain(">Omar Platinum <");
    expect(whole.html).toMatch(/href="\/customer-history\/\d+\?search=omar"/);
    expect(whole.html).toContain("784-****-*******-2");

    const later = await load("/customers?search=omar", {});
    expect(later.rows?.map((r) => r.name)).toEqual(["Omar Platinum"]);
    expect(later.html).toBeUndefined();
  });

  it("sends an anonymous visitor to sign in and refuses the API without a session", async () => {
    const page = await outcome(await callRoute(clientsPage.loader, makeRequest("/customers")));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fcustomers");
    const api = await outcome(await callRoute(clientsApi.loader, makeRequest("/api/clients")));
    expect(api.status).toBe(401);
  });
});

describe("GET /api/clients/:id/sales", () => {
  it("lists the purchases newest first with decimal amounts, and 404 for a deleted client", async () => {
    const aisha = await db.client.findFirstOrThrow({ where: { fullName: "Aisha Diamond" } });
    await db.sale.create({
      data: { clientId: aisha.id, saleDate: dateFromIso(monthsAgo(24)), amountFils: 12345n, description: "Ring" },
    });
    const res = await outcome(
      await callRoute(salesApi.loader, makeRequest(`/api/clients/${aisha.id}/sales`, { cookie }), {
        id: String(aisha.id),
      }),
    );
    const sale = {
      invoiceNo: null,
      showroom: null,
      showroomName: null,
      soldById: null,
      soldByName: null,
      items: [],
      // Sales from before payment methods were recorded: no parts, no cash report.
      payments: [],
      cashReport: null,
      voidedAt: null,
      voidReason: null,
    };
    expect(res.body).toEqual({
      data: [
        // The opening sale of Add New Client was sold by whoever added the client.
        {
          id: expect.any(Number),
          saleDate: monthsAgo(2),
          amount: "1000000.00",
          description: null,
          ...sale,
          soldById: expect.any(String),
          soldByName: expect.any(String),
        },
        { id: expect.any(Number), saleDate: monthsAgo(24), amount: "123.45", description: "Ring", ...sale },
      ],
    });
    const deleted = await db.client.findFirstOrThrow({ where: { fullName: "Deleted Person" } });
    const gone = await outcome(
      await callRoute(salesApi.loader, makeRequest(`/api/clients/${deleted.id}/sales`, { cookie }), {
        id: String(deleted.id),
      }),
    );
    expect(gone.status).toBe(404);
  });
});
