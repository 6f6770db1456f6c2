import * as XLSX from "@e965/xlsx";
import { SEEDED_SALE_LISTS } from "../support/seeded-sale-lists";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { businessToday, dateFromIso } from "~/domain/calendar";
import { defaultPeriod } from "~/domain/sales-report";
import { saleInputSchema, storedItems } from "~/domain/sales";
import { recordSale, voidSale } from "~/services/sales.server";
import * as reportApi from "~/routes/api.reports.sales";
import * as workbookApi from "~/routes/api.reports.sales[.]xlsx";
import * as reportPage from "~/routes/_app.reports";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// A known small data set (decision 018): six sales stand in the first half of 2025, one in it is
// void, a deleted client's sale counts, and the days around it belong to the two comparisons:
// the previous 181 days (2024-07-04 to 2024-12-31) and the same half of 2024.
const PERIOD = "from=2025-01-01&to=2025-06-30";

type Row = { key: string; label: string; count: number; total: string; average: string };
type Report = { rows: Row[]; totals: { count: number; total: string; average: string } };

let cookies: Record<"admin" | "sales_front" | "sales_back" | "road_sales", string>;
let aisha: { id: string; name: string };
let omar: { id: string; name: string };
let seq = 0;

async function client(data: { team?: string | null; tier: string; deleted?: boolean }) {
  seq += 1;
  const mobileNumber = `97152${String(seq).padStart(7, "0")}`;
  return db.client.create({
    data: {
      fullName: `Report Client ${seq}`,
      searchText: `report client ${seq} ${mobileNumber}`,
      mobileNumber,
      team: data.team ?? null,
      tier: data.tier,
      deletedAt: data.deleted ? new Date() : null,
    },
  });
}

/** A sale stored as recordSale stores one; items given as [category, price in fils]. */
async function sale(
  clientId: number,
  day: string,
  amountFils: bigint,
  extra: { showroom?: string; soldById?: string; items?: [string, bigint][]; voided?: boolean } = {},
) {
  return db.sale.create({
    data: {
      clientId,
      saleDate: dateFromIso(day),
      amountFils,
      showroom: extra.showroom ?? null,
      soldById: extra.soldById ?? null,
      voidedAt: extra.voided ? new Date() : null,
      voidReason: extra.voided ? "Entered twice" : null,
      items: {
        create: storedItems(
          (extra.items ?? []).map(([category, priceFils]) => ({ category, priceFils, saleVoided: !!extra.voided })),
          dateFromIso(day),
        ),
      },
    },
  });
}

beforeAll(async () => {
  const staff = await Promise.all(
    (["admin", "sales_front", "sales_back", "road_sales"] as const).map(async (role) => {
      const { user } = await createUser({ role });
      return [role, await sessionCookieFor(user.id)] as const;
    }),
  );
  cookies = Object.fromEntries(staff) as typeof cookies;
  aisha = (await createUser({ role: "sales_front", name: "Aisha Seller" })).user;
  // A name typed by people can look like a formula: the workbook must not run it.
  omar = (await createUser({ role: "sales_back", name: '=HYPERLINK("http://evil.example","Omar")' })).user;

  const a = await client({ team: "team_a", tier: "gold" });
  const b = await client({ team: "team_b", tier: "silver" });
  const c = await client({ team: null, tier: "bronze" });
  const d = await client({ team: "team_a", tier: "platinum", deleted: true });
  const e = await client({ team: "team_c", tier: "bronze" });

  // A: bought last year, so returning; a sale with a ring and earrings, one with two rings.
  await sale(a.id, "2024-03-10", 100_000n, { showroom: "dubai_mall", soldById: aisha.id });
  await sale(a.id, "2025-01-15", 250_050n, {
    showroom: "dubai_mall",
    soldById: aisha.id,
    items: [
      ["ring", 200_000n],
      ["earrings", 50_050n],
    ],
  });
  await sale(a.id, "2025-02-20", 15_000n, {
    showroom: "abu_dhabi",
    soldById: omar.id,
    items: [
      ["ring", 10_000n],
      ["ring", 5_000n],
    ],
  });
  // B: new; one sale without showroom, associate or items, one itemised, one void.
  await sale(b.id, "2025-02-01", 30_000n);
  await sale(b.id, "2025-06-30", 100_001n, { showroom: "sharjah", soldById: omar.id, items: [["bangle", 100_001n]] });
  await sale(b.id, "2025-03-03", 999_900n, { showroom: "dubai_mall", soldById: aisha.id, voided: true });
  // C: new, though a void sale came before (a void is no purchase).
  await sale(c.id, "2024-12-01", 50_000n, { showroom: "dubai_mall", voided: true });
  await sale(c.id, "2025-04-10", 70_000n, {
    showroom: "dubai_mall",
    soldById: aisha.id,
    items: [["necklace", 70_000n]],
  });
  // D: deleted since, and its sale still counts.
  await sale(d.id, "2025-05-05", 100_000n, { showroom: "dubai_mall", soldById: aisha.id });
  // E: only in the previous period, and a day after the period.
  await sale(e.id, "2024-10-10", 40_000n);
  await sale(e.id, "2024-12-31", 25_000n);
  await sale(e.id, "2025-07-01", 500_000n);
});

async function report(query: string, cookie = cookies.admin) {
  return outcome(await callRoute(reportApi.loader, makeRequest(`/api/reports/sales?${query}`, { cookie })));
}
async function rowsOf(groupBy: string) {
  const res = await report(`${PERIOD}&groupBy=${groupBy}`);
  expect(res.status).toBe(200);
  return res.body as Report;
}
const compact = (rows: Row[]) => rows.map((r) => [r.key, r.count, r.total]);
const TOTALS = { count: 6, total: "5650.51", average: "941.75" };

describe("GET /api/reports/sales", () => {
  it("groups by month: every month of the period in order, voided sales left out, totals exact", async () => {
    const body = await rowsOf("month");
    expect(body.rows).toEqual([
      { key: "2025-01", label: "Jan 2025", count: 1, total: "2500.50", average: "2500.50" },
      { key: "2025-02", label: "Feb 2025", count: 2, total: "450.00", average: "225.00" },
      { key: "2025-03", label: "Mar 2025", count: 0, total: "0.00", average: "0.00" },
      { key: "2025-04", label: "Apr 2025", count: 1, total: "700.00", average: "700.00" },
      { key: "2025-05", label: "May 2025", count: 1, total: "1000.00", average: "1000.00" },
      { key: "2025-06", label: "Jun 2025", count: 1, total: "1000.01", average: "1000.01" },
    ]);
    expect(body.totals).toEqual(TOTALS);
  });

  it("groups by showroom, largest first, sales without one last", async () => {
    const body = await rowsOf("showroom");
    expect(compact(body.rows.filter((r) => r.count > 0))).toEqual([
      ["dubai_mall", 3, "4200.50"],
      ["sharjah", 1, "1000.01"],
      ["abu_dhabi", 1, "150.00"],
      ["none", 1, "300.00"],
    ]);
    expect(body.rows.find((r) => r.key === "dubai_mall")!.label).toBe("Dubai Mall");
    expect(body.rows.find((r) => r.key === "al_ain")).toMatchObject({ count: 0, total: "0.00" });
    expect(body.rows.at(-1)!.label).toBe("No showroom recorded");
    expect(body.totals).toEqual(TOTALS);
  });

  it("groups by the associate who sold, by name", async () => {
    const body = await rowsOf("associate");
    expect(body.rows.map((r) => [r.key, r.label, r.count, r.total, r.average])).toEqual([
      [aisha.id, "Aisha Seller", 3, "4200.50", "1400.17"],
      [omar.id, omar.name, 2, "1150.01", "575.01"],
      ["none", "No associate recorded", 1, "300.00", "300.00"],
    ]);
    expect(body.totals).toEqual(TOTALS);
  });

  it("groups by the client's team and tier (a deleted client's sale included)", async () => {
    const team = await rowsOf("team");
    expect(compact(team.rows)).toEqual([
      ["team_a", 3, "3650.50"],
      ["team_b", 2, "1300.01"],
      ["team_c", 0, "0.00"],
      ["none", 1, "700.00"],
    ]);
    expect(team.rows[0]!.label).toBe("Full Selection (Luxury)");
    const tier = await rowsOf("tier");
    expect(compact(tier.rows)).toEqual([
      ["diamond", 0, "0.00"],
      ["platinum", 1, "1000.00"],
      ["gold", 2, "2650.50"],
      ["silver", 2, "1300.01"],
      ["bronze", 1, "700.00"],
    ]);
    expect(tier.totals).toEqual(TOTALS);
  });

  it("groups by item category: sales with it and its items' prices, one-amount sales as unitemised", async () => {
    const body = await rowsOf("category");
    expect(compact(body.rows.filter((r) => r.count > 0))).toEqual([
      ["ring", 2, "2150.00"],
      ["bangle", 1, "1000.01"],
      ["necklace", 1, "700.00"],
      ["earrings", 1, "500.50"],
      ["unitemised", 2, "1300.00"],
    ]);
    expect(body.rows).toHaveLength(11);
    expect(body.rows.find((r) => r.key === "ring")!.average).toBe("1075.00");
    // A sale with a ring and earrings is in both rows, once in the totals; the amounts add up.
    expect(body.totals).toEqual(TOTALS);
    const cents = body.rows.reduce((sum, r) => sum + BigInt(r.total.replace(".", "")), 0n);
    expect(cents).toBe(565_051n);
  });

  it("keeps a deactivated category's past sales in its row, under its name", async () => {
    const buyer = await client({ team: "team_a", tier: "gold" });
    await sale(buyer.id, "2022-03-10", 120_000n, { items: [["watch", 120_000n]] });
    await sale(buyer.id, "2022-03-11", 30_000n, { items: [["ring", 30_000n]] });
    await db.itemCategory.update({ where: { key: "watch" }, data: { active: false } });
    try {
      const march = (await report("from=2022-03-01&to=2022-03-31&groupBy=category")).body as Report;
      expect(march.rows.filter((r) => r.count > 0).map((r) => [r.key, r.label, r.count, r.total])).toEqual([
        ["watch", "Watch", 1, "1200.00"],
        ["ring", "Ring", 1, "300.00"],
      ]);
      // Not offered for new sales, it still names the old ones; nothing falls under "unitemised".
      expect(march.totals).toEqual({ count: 2, total: "1500.00", average: "750.00" });
    } finally {
      await db.itemCategory.update({ where: { key: "watch" }, data: { active: true } });
    }
  });

  it("leaves a sale's items out of the categories once it is voided, as recorded and voided by staff", async () => {
    const { user: admin } = await createUser({ role: "admin" });
    const buyer = await client({ team: "team_b", tier: "silver" });
    const context = { actor: { id: admin.id, name: admin.name, role: "admin" as const } };
    const input = saleInputSchema(businessToday(), SEEDED_SALE_LISTS).parse({
      saleDate: "2023-05-10",
      items: [
        { category: "bangle", price: "900" },
        { category: "bangle", price: "100" },
        { category: "pendant", price: "50.50" },
      ],
    });
    const recorded = await recordSale(buyer.id, input, context);
    if (!recorded.ok) throw new Error("the sale was refused");
    const may = "from=2023-05-01&to=2023-05-31&groupBy=category";
    const before = (await report(may)).body as Report;
    expect(compact(before.rows.filter((r) => r.count > 0))).toEqual([
      ["bangle", 1, "1000.00"],
      ["pendant", 1, "50.50"],
    ]);
    expect(before.totals).toEqual({ count: 1, total: "1050.50", average: "1050.50" });
    expect((await voidSale(recorded.sale.id, "Entered twice", context)).ok).toBe(true);
    const after = (await report(may)).body as Report;
    expect(after.rows.filter((r) => r.count > 0)).toEqual([]);
    expect(after.totals).toEqual({ count: 0, total: "0.00", average: "0.00" });
  });

  it("answers an empty period with zero rows and totals", async () => {
    const body = (await report("from=2019-01-01&to=2019-01-31&groupBy=associate")).body as Report;
    expect(body).toEqual({ rows: [], totals: { count: 0, total: "0.00", average: "0.00" } });
  });

  it("lets admin, sales front and sales back read it; road sales get 403, nobody signed in 401", async () => {
    for (const role of ["admin", "sales_front", "sales_back"] as const)
      expect((await report(`${PERIOD}&groupBy=tier`, cookies[role])).status).toBe(200);
    const refused = await report(`${PERIOD}&groupBy=tier`, cookies.road_sales);
    expect(refused.status).toBe(403);
    expect((refused.body as { error: string }).error).toMatch(/Access Restricted/);
    const anonymous = await outcome(
      await callRoute(reportApi.loader, makeRequest(`/api/reports/sales?${PERIOD}&groupBy=tier`)),
    );
    expect(anonymous.status).toBe(401);
  });

  it("answers bad input with 400 {error, details}", async () => {
    const cases: [string, string, string][] = [
      ["groupBy=month", "from", "from is required (YYYY-MM-DD)"],
      ["from=2025-01-01&groupBy=month", "to", "to is required (YYYY-MM-DD)"],
      ["from=2025-02-30&to=2025-03-01&groupBy=month", "from", "from must be a date written YYYY-MM-DD"],
      ["from=01/02/2025&to=2025-03-01&groupBy=month", "from", "from must be a date written YYYY-MM-DD"],
      ["from=2025-03-02&to=2025-03-01&groupBy=month", "from", "from must be on or before to"],
      ["from=2019-01-01&to=2025-03-01&groupBy=month", "from", "A report covers at most 5 years"],
      ["from=2025-01-01&from=2025-01-02&to=2025-03-01&groupBy=month", "from", "Give from once"],
      [`${PERIOD}`, "groupBy", "groupBy must be one of month, showroom, associate, team, tier, category"],
      [`${PERIOD}&groupBy=week`, "groupBy", "groupBy must be one of month, showroom, associate, team, tier, category"],
      [
        `${PERIOD}&groupBy=month&groupBy=tier`,
        "groupBy",
        "groupBy must be one of month, showroom, associate, team, tier, category",
      ],
      [`${PERIOD}&groupBy=month&limit=5`, "limit", 'Unknown parameter "limit"'],
    ];
    for (const [query, path, message] of cases) {
      const res = await report(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ error: message, details: expect.arrayContaining([{ path, message }]) });
    }
  });
});

describe("the workbook of a chart's table", () => {
  async function workbook(query: string) {
    const res = await callRoute(
      workbookApi.loader,
      makeRequest(`/api/reports/sales.xlsx?${query}`, { cookie: cookies.sales_back }),
    );
    expect(res).toBeInstanceOf(Response);
    const response = res as Response;
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: "buffer", cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    return { response, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true }) };
  }

  it("holds the table with numbers to add up, under a title and the period, named after both", async () => {
    const { response, rows, sheet } = await workbook(`${PERIOD}&groupBy=associate`);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="sales-report-associate-2025-01-01-to-2025-06-30.xlsx"',
    );
    expect(rows).toEqual([
      ["Sales by associate"],
      ["1 Jan 2025 – 30 Jun 2025. Voided sales are left out."],
      [],
      ["Associate", "Sales", "Total (AED)", "Average ticket (AED)", "Share of total"],
      ["Aisha Seller", 3, 4200.5, 1400.17, "74.3%"],
      // The name that looks like a formula is text that shows as typed.
      [`'${omar.name}`, 2, 1150.01, 575.01, "20.4%"],
      ["No associate recorded", 1, 300, 300, "5.3%"],
      ["Total", 6, 5650.51, 941.75, "100.0%"],
    ]);
    expect(sheet.C5!.t).toBe("n");
    expect(sheet.C5!.z).toBe("#,##0.00");
    expect(Object.values(sheet).some((cell: { f?: string }) => typeof cell === "object" && cell?.f)).toBe(false);
  });

  it("gives the monthly table each month a year earlier, and the category table its note", async () => {
    const months = await workbook(`${PERIOD}&groupBy=month`);
    expect(months.rows[3]).toEqual([
      "Month",
      "Sales",
      "Total (AED)",
      "Average ticket (AED)",
      "Share of total",
      "Same month last year (AED)",
    ]);
    expect(months.rows[6]).toEqual(["Mar 2025", 0, 0, 0, "0.0%", 1000]);
    expect(months.rows.at(-1)).toEqual(["Total", 6, 5650.51, 941.75, "100.0%", 1000]);
    const categories = await workbook(`${PERIOD}&groupBy=category`);
    expect(String(categories.rows[2]![0])).toMatch(/^A sale counts in the row of each category/);
  });

  it("is refused to road sales and answers bad input with 400", async () => {
    const refused = await callRoute(
      workbookApi.loader,
      makeRequest(`/api/reports/sales.xlsx?${PERIOD}&groupBy=tier`, { cookie: cookies.road_sales }),
    );
    expect((await outcome(refused)).status).toBe(403);
    const bad = await callRoute(
      workbookApi.loader,
      makeRequest(`/api/reports/sales.xlsx?from=2025-01-01&groupBy=tier`, { cookie: cookies.admin }),
    );
    expect(await outcome(bad)).toMatchObject({ status: 400, body: { error: "to is required (YYYY-MM-DD)" } });
  });
});

type PageData = Awaited<ReturnType<typeof reportPage.loader>>;
type ReadyPage = Extract<PageData, { ok: true }>;

describe("the /reports page", () => {
  async function page(query: string, cookie = cookies.sales_front) {
    return outcome(await callRoute(reportPage.loader, makeRequest(`/reports?${query}`, { cookie })));
  }

  it("compares the period with the previous one and the same period last year, new and returning clients", async () => {
    const res = await page(PERIOD);
    expect(res.status).toBe(200);
    const body = res.body as ReadyPage;
    expect(body.periods).toEqual({
      current: "1 Jan 2025 – 30 Jun 2025",
      previous: "4 Jul 2024 – 31 Dec 2024",
      lastYear: "1 Jan 2024 – 30 Jun 2024",
    });
    const line = (key: string) => {
      const row = body.comparisons.find((r) => r.key === key)!;
      return [row.current, row.previous, row.previousChange, row.lastYear, row.lastYearChange];
    };
    expect(line("sales")).toEqual(["6", "2", "+200.0%", "1", "+500.0%"]);
    expect(line("total")).toEqual(["AED 5,650.51", "AED 650.00", "+769.3%", "AED 1,000.00", "+465.1%"]);
    expect(line("average")).toEqual(["AED 941.75", "AED 325.00", "+189.8%", "AED 1,000.00", "−5.8%"]);
    expect(line("clients")).toEqual(["4", "1", "+300.0%", "1", "+300.0%"]);
    // A returning (bought in 2024); B, C (only a void before) and the deleted D new.
    expect(line("newClients")).toEqual(["3", "1", "+200.0%", "1", "+200.0%"]);
    expect(line("newTotal")).toEqual(["AED 3,000.01", "AED 650.00", "+361.5%", "AED 1,000.00", "+200.0%"]);
    expect(line("returningClients")).toEqual(["1", "0", "—", "0", "—"]);
    expect(line("returningTotal")).toEqual(["AED 2,650.50", "AED 0.00", "—", "AED 0.00", "—"]);
  });

  it("draws the monthly line beside last year's and a bar chart with its table and workbook for each grouping", async () => {
    const body = (await page(PERIOD)).body as ReadyPage;
    expect(body.monthly.chart.series.map((s) => s.markers.length)).toEqual([6, 6]);
    expect(body.monthly.table.rows[2]!.cells).toEqual(["Mar 2025", "0", "0.00", "0.00", "0.0%", "1,000.00"]);
    expect(body.dimensions.map((d) => d.groupBy)).toEqual(["showroom", "associate", "team", "tier", "category"]);
    const showroom = body.dimensions[0]!;
    expect(showroom.chart.bars[0]).toMatchObject({ label: "Dubai Mall", valueText: "AED 4.2K", width: 100 });
    expect(showroom.table.rows[0]!.cells).toEqual(["Dubai Mall", "3", "4,200.50", "1,400.17", "74.3%"]);
    expect(showroom.table.totals).toEqual(["Total", "6", "5,650.51", "941.75", "100.0%"]);
    expect(showroom.downloadHref).toBe(`/api/reports/sales.xlsx?${PERIOD}&groupBy=showroom`);
    expect(showroom.description).toBe(
      "Total sales by showroom, 1 Jan 2025 – 30 Jun 2025. Largest: Dubai Mall, AED 4,200.50 of AED 5,650.51.",
    );
  });

  it("gives each bar chart the same groups as the API, though the page reads its sales once for four of them", async () => {
    const body = (await page(PERIOD)).body as ReadyPage;
    for (const dimension of body.dimensions) {
      const api = await rowsOf(dimension.groupBy);
      expect(dimension.table.rows.map((row) => [row.cells[0], row.cells[1]])).toEqual(
        api.rows.map((row) => [row.label, String(row.count)]),
      );
      expect(dimension.table.totals[2]).toBe(TOTALS.total.replace("5650", "5,650"));
    }
  });

  it("shows a sale, and a client's new team, at the next load: its figures are kept only until a write", async () => {
    const period = "from=2023-01-01&to=2023-06-30";
    const teamCounts = async () =>
      Object.fromEntries(
        ((await page(period)).body as ReadyPage).dimensions
          .find((d) => d.groupBy === "team")!
          .table.rows.map((row): [string, string] => [row.cells[0]!, row.cells[1]!]),
      );
    expect(await teamCounts()).toMatchObject({ "Full Selection (Luxury)": "0", "Entry Level": "0" });
    const buyer = await client({ team: "team_a", tier: "silver" });
    await sale(buyer.id, "2023-02-01", 100_00n);
    expect(await teamCounts()).toMatchObject({ "Full Selection (Luxury)": "1", "Entry Level": "0" });
    await db.client.update({ where: { id: buyer.id }, data: { team: "team_b" } });
    expect(await teamCounts()).toMatchObject({ "Full Selection (Luxury)": "0", "Entry Level": "1" });
    const line = ((await page(period)).body as ReadyPage).comparisons.find((r) => r.key === "newClients")!;
    expect(line.current).toBe("1");
  });

  it("shows the last 12 months up to today without a period", async () => {
    const body = (await page("")).body as ReadyPage;
    expect(body.values).toEqual(defaultPeriod(businessToday()));
    expect(body.presets.find((p) => p.current)?.label).toBe("Last 12 months");
    expect(body.monthly.table.rows).toHaveLength(12);
  });

  it("keeps what was typed and says what is wrong, with 400", async () => {
    const res = await page("from=2025-06-30&to=2025-01-01");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      values: { from: "2025-06-30", to: "2025-01-01" },
      issues: [{ path: "from", message: "from must be on or before to" }],
    });
  });

  it("is refused to road sales with 'Access Restricted'", async () => {
    const res = await page(PERIOD, cookies.road_sales);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ denial: { title: "Access Restricted" } });
  });
});
