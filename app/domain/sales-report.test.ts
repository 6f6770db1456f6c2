import { describe, expect, it } from "vitest";
import { SEEDED_ITEM_CATEGORIES, SEEDED_SHOWROOMS } from "../../tests/support/seeded-sale-lists";
import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { english } from "~/i18n/english.server";
import { MESSAGE_CODES } from "./message-codes";
import {
  averageFils,
  comparedPeriods,
  defaultPeriod,
  groupLabel,
  monthlySales,
  monthsOf,
  parseReportPeriod,
  parseSalesReportQuery,
  percentChange,
  periodDays,
  periodTotals,
  reportFileName,
  reportRows,
  reportTable,
  salesReportJson,
  shareOf,
  spanOf,
  type DaySales,
  type SalesReport,
} from "./sales-report";

const query = (text: string) => parseSalesReportQuery(new URLSearchParams(text));
/** The issues as GET /api/reports/sales words them: the period's codes in English. */
const issuesOf = (text: string) => {
  const parsed = query(text);
  return parsed.ok ? [] : parsed.issues.map((issue) => ({ path: issue.path, message: english(issue.message) }));
};

describe("the report's periods", () => {
  it("defaults to this month to date and the 11 whole months before it", () => {
    expect(defaultPeriod("2026-11-25")).toEqual({ from: "2025-12-01", to: "2026-11-25" });
    expect(defaultPeriod("2026-01-31")).toEqual({ from: "2025-02-01", to: "2026-01-31" });
  });

  it("compares with the same number of days just before, and the same days a year earlier", () => {
    const periods = comparedPeriods({ from: "2026-03-01", to: "2026-03-31" });
    expect(periods.previous).toEqual({ from: "2026-01-29", to: "2026-02-28" });
    expect(periodDays(periods.previous)).toBe(31);
    expect(periods.lastYear).toEqual({ from: "2025-03-01", to: "2025-03-31" });
  });

  it("counts both days: one day's report is compared with the day before", () => {
    expect(comparedPeriods({ from: "2026-05-10", to: "2026-05-10" }).previous).toEqual({
      from: "2026-05-09",
      to: "2026-05-09",
    });
  });

  it("puts 29 February a year earlier on the 28th, and a leap year's 366 days before it", () => {
    const periods = comparedPeriods({ from: "2028-02-29", to: "2028-03-31" });
    expect(periods.lastYear).toEqual({ from: "2027-02-28", to: "2027-03-31" });
    const year = comparedPeriods({ from: "2028-01-01", to: "2028-12-31" });
    expect(year.previous).toEqual({ from: "2026-12-31", to: "2027-12-31" });
    expect(year.lastYear).toEqual({ from: "2027-01-01", to: "2027-12-31" });
  });

  it("reads the days of all three from the earliest start to the latest end", () => {
    const { current, previous, lastYear } = comparedPeriods({ from: "2026-03-01", to: "2026-03-31" });
    expect(spanOf([current, previous, lastYear])).toEqual({ from: "2025-03-01", to: "2026-03-31" });
  });

  it("lists every month a period touches", () => {
    expect(monthsOf({ from: "2025-12-15", to: "2026-02-01" })).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(monthsOf({ from: "2026-01-31", to: "2026-01-31" })).toEqual(["2026-01"]);
  });
});

describe("GET /api/reports/sales query", () => {
  it("takes from, to and groupBy", () => {
    expect(query("from=2026-01-01&to=2026-06-30&groupBy=category")).toEqual({
      ok: true,
      query: { period: { from: "2026-01-01", to: "2026-06-30" }, groupBy: "category" },
    });
  });

  it("says what is missing or wrong, each field once", () => {
    expect(issuesOf("")).toEqual([
      { path: "from", message: "from is required (YYYY-MM-DD)" },
      { path: "to", message: "to is required (YYYY-MM-DD)" },
      { path: "groupBy", message: "groupBy must be one of month, showroom, associate, team, tier, category" },
    ]);
    expect(issuesOf("from=2026-02-30&to=26/03/2026&groupBy=week")).toEqual([
      { path: "from", message: "from must be a date written YYYY-MM-DD" },
      { path: "to", message: "to must be a date written YYYY-MM-DD" },
      { path: "groupBy", message: "groupBy must be one of month, showroom, associate, team, tier, category" },
    ]);
    expect(issuesOf("from=2026-01-01&from=2026-02-01&to=2026-03-01&groupBy=tier&groupBy=team")).toEqual([
      { path: "from", message: "Give from once" },
      { path: "groupBy", message: "groupBy must be one of month, showroom, associate, team, tier, category" },
    ]);
    expect(issuesOf("from=2026-01-01&to=2026-03-01&groupBy=tier&sort=total")).toEqual([
      { path: "sort", message: 'Unknown parameter "sort"' },
    ]);
  });

  it("refuses a period that ends before it starts, or is longer than 5 years", () => {
    expect(issuesOf("from=2026-03-02&to=2026-03-01&groupBy=month")).toEqual([
      { path: "from", message: "from must be on or before to" },
    ]);
    expect(query("from=2021-01-01&to=2025-12-31&groupBy=month").ok).toBe(true);
    expect(issuesOf("from=2020-12-31&to=2025-12-31&groupBy=month")).toEqual([
      { path: "from", message: "A report covers at most 5 years" },
    ]);
  });

  it("names the workbook after what it groups and its days", () => {
    expect(reportFileName({ period: { from: "2025-12-01", to: "2026-11-25" }, groupBy: "showroom" })).toBe(
      "sales-report-showroom-2025-12-01-to-2026-11-25.xlsx",
    );
  });
});

describe("the page's period", () => {
  it("fills a missing or blank day from the default period", () => {
    const params = (text: string) => parseReportPeriod(new URLSearchParams(text), "2026-11-25");
    expect(params("")).toEqual({ ok: true, period: { from: "2025-12-01", to: "2026-11-25" } });
    expect(params("from=2026-06-01&to=")).toEqual({ ok: true, period: { from: "2026-06-01", to: "2026-11-25" } });
    expect(params("from=2027-01-01")).toEqual({
      ok: false,
      issues: [{ path: "from", message: { code: MESSAGE_CODES.reportFromAfterTo } }],
    });
    expect(params("to=yesterday").ok).toBe(false);
  });
});

const day = (d: string, count: number, totalFils: bigint): DaySales => ({ day: d, count, totalFils });

describe("months from days", () => {
  const days = [
    day("2025-11-30", 9, 900n),
    day("2025-12-01", 1, 100n),
    day("2025-12-31", 2, 250n),
    day("2026-02-14", 3, 12_345n),
    day("2026-03-01", 5, 500n),
  ];

  it("adds each month's days inside the period, months without sales included", () => {
    expect(monthlySales(days, { from: "2025-12-01", to: "2026-02-28" })).toEqual([
      { key: "2025-12", count: 3, totalFils: 350n },
      { key: "2026-01", count: 0, totalFils: 0n },
      { key: "2026-02", count: 3, totalFils: 12_345n },
    ]);
  });

  it("counts only the period's days in its first and last months", () => {
    expect(monthlySales(days, { from: "2025-12-31", to: "2026-02-13" })).toEqual([
      { key: "2025-12", count: 2, totalFils: 250n },
      { key: "2026-01", count: 0, totalFils: 0n },
      { key: "2026-02", count: 0, totalFils: 0n },
    ]);
    expect(periodTotals(days, { from: "2025-12-01", to: "2026-03-01" })).toEqual({ count: 11, totalFils: 13_195n });
  });
});

/** A shop list as the service gives it to the report: English names by key (inactive too), active keys in order. */
const namesOf = (rows: typeof SEEDED_SHOWROOMS) => new Map(rows.map((r) => [r.key, r.name]));
const activeKeys = (rows: typeof SEEDED_SHOWROOMS) => rows.filter((r) => r.active).map((r) => r.key);

describe("rows and their labels", () => {
  it("labels months, the lists' keys, associates by name and what was not recorded", () => {
    expect(groupLabel("month", "2026-03")).toBe("Mar 2026");
    expect(groupLabel("showroom", "dubai_mall", namesOf(SEEDED_SHOWROOMS))).toBe("Dubai Mall");
    expect(groupLabel("showroom", "deira_old")).toBe("deira_old");
    expect(groupLabel("showroom", "none")).toBe("No showroom recorded");
    expect(groupLabel("associate", "u1", new Map([["u1", "Noor Seller"]]))).toBe("Noor Seller");
    expect(groupLabel("associate", "none")).toBe("No associate recorded");
    expect(groupLabel("team", "team_a", namesOf(SEEDED_TEAMS))).toBe("Full Selection (Luxury)");
    expect(groupLabel("team", "team_gone")).toBe("team_gone");
    expect(groupLabel("team", "none")).toBe("No team");
    expect(groupLabel("tier", "platinum")).toBe("Platinum");
    expect(groupLabel("category", "coin_bar", namesOf(SEEDED_ITEM_CATEGORIES))).toBe("Coin / bar");
    expect(groupLabel("category", "unitemised")).toBe("Unitemised (one amount, no items)");
  });

  it("orders tiers from Diamond down, all five shown", () => {
    const rows = reportRows("tier", [
      { key: "bronze", count: 5, totalFils: 9_000n },
      { key: "diamond", count: 1, totalFils: 100n },
    ]);
    expect(rows.map((r) => [r.key, r.count])).toEqual([
      ["diamond", 1],
      ["platinum", 0],
      ["gold", 0],
      ["silver", 0],
      ["bronze", 5],
    ]);
  });

  it("puts the largest total first, active shops without sales after, and 'not recorded' last", () => {
    // Al Ain deactivated: shown with its name while it has sales in the period, not as an empty row.
    const showrooms = SEEDED_SHOWROOMS.map((r) =>
      r.key === "al_ain" || r.key === "online" ? { ...r, active: false } : r,
    );
    const rows = reportRows(
      "showroom",
      [
        { key: null, count: 9, totalFils: 90_000n },
        { key: "sharjah", count: 1, totalFils: 500n },
        { key: "abu_dhabi", count: 2, totalFils: 700n },
        { key: "al_ain", count: 1, totalFils: 100n },
      ],
      namesOf(showrooms),
      activeKeys(showrooms),
    );
    expect(rows.map((r) => r.key)).toEqual([
      "abu_dhabi",
      "sharjah",
      "al_ain",
      "dubai_gold_souk",
      "dubai_mall",
      "road_sales",
      "none",
    ]);
    expect(rows.find((r) => r.key === "al_ain")!.label).toBe("Al Ain");
  });

  it("lists only associates who sold, a sale without items under 'unitemised'", () => {
    expect(
      reportRows(
        "associate",
        [
          { key: "u2", count: 1, totalFils: 100n },
          { key: "u1", count: 1, totalFils: 300n },
        ],
        new Map([
          ["u1", "Aisha"],
          ["u2", "Omar"],
        ]),
      ).map((r) => r.label),
    ).toEqual(["Aisha", "Omar"]);
    const categories = reportRows(
      "category",
      [{ key: null, count: 2, totalFils: 50n }],
      namesOf(SEEDED_ITEM_CATEGORIES),
      activeKeys(SEEDED_ITEM_CATEGORIES),
    );
    expect(categories.at(-1)).toEqual({
      key: "unitemised",
      label: "Unitemised (one amount, no items)",
      count: 2,
      totalFils: 50n,
    });
    expect(categories).toHaveLength(11);
  });
});

describe("figures", () => {
  it("averages to the nearest fils, halves up, and 0 without sales", () => {
    expect(averageFils({ count: 3, totalFils: 100n })).toBe(33n);
    expect(averageFils({ count: 3, totalFils: 200n })).toBe(67n);
    expect(averageFils({ count: 2, totalFils: 3n })).toBe(2n);
    expect(averageFils({ count: 0, totalFils: 0n })).toBe(0n);
  });

  it("writes changes with a sign and one decimal, none from nothing", () => {
    expect(percentChange(1125n, 1000n)).toBe("+12.5%");
    expect(percentChange(960, 1000)).toBe("−4.0%");
    expect(percentChange(7, 7)).toBe("0.0%");
    expect(percentChange(2, 3)).toBe("−33.3%");
    expect(percentChange(5n, 0n)).toBeNull();
  });

  it("writes shares with one decimal", () => {
    expect(shareOf(1n, 3n)).toBe("33.3%");
    expect(shareOf(2n, 3n)).toBe("66.7%");
    expect(shareOf(0n, 0n)).toBe("0.0%");
  });
});

const report: SalesReport = {
  period: { from: "2026-01-01", to: "2026-02-28" },
  groupBy: "month",
  rows: [
    { key: "2026-01", label: "Jan 2026", count: 2, totalFils: 150_001n },
    { key: "2026-02", label: "Feb 2026", count: 1, totalFils: 50_000n },
  ],
  totals: { count: 3, totalFils: 200_001n },
};

describe("the report's shapes", () => {
  it("answers the JSON contract with decimal strings", () => {
    expect(salesReportJson(report)).toEqual({
      rows: [
        { key: "2026-01", label: "Jan 2026", count: 2, total: "1500.01", average: "750.01" },
        { key: "2026-02", label: "Feb 2026", count: 1, total: "500.00", average: "500.00" },
      ],
      totals: { count: 3, total: "2000.01", average: "666.67" },
    });
  });

  it("tables the rows with shares, and the monthly one with each month a year earlier", () => {
    const table = reportTable(report, [
      { count: 1, totalFils: 10_000n },
      { count: 4, totalFils: 90_000n },
    ]);
    expect(table.title).toBe("Sales by month");
    expect(table.columns).toEqual([
      "Month",
      "Sales",
      "Total (AED)",
      "Average ticket (AED)",
      "Share of total",
      "Same month last year (AED)",
    ]);
    expect(table.rows.map((r) => [r.label, r.averageFils, r.share, r.lastYearFils])).toEqual([
      ["Jan 2026", 75_001n, "75.0%", 10_000n],
      ["Feb 2026", 50_000n, "25.0%", 90_000n],
    ]);
    expect(table.totals).toMatchObject({ label: "Total", count: 3, share: "100.0%", lastYearFils: 100_000n });
    expect(reportTable({ ...report, groupBy: "tier" }).columns).toHaveLength(5);
  });
});
