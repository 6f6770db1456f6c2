import { describe, expect, it } from "vitest";
import { SEEDED_SALE_LISTS } from "../../tests/support/seeded-sale-lists";
import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { fixedT } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { NO_SALES, parseReportPeriod, reportTable, type ClientMix, type SalesReport } from "./sales-report";
import {
  barChartSection,
  comparisonRows,
  monthlySection,
  periodPresets,
  tableView,
  type ReportWords,
} from "./sales-report-view";

const EN: ReportWords = { language: "en", t: fixedT("en", "reports") };
const AR: ReportWords = {
  language: "ar",
  t: fixedT("ar", "reports"),
  lists: { ...SEEDED_SALE_LISTS, teams: SEEDED_TEAMS },
};

const report = (groupBy: SalesReport["groupBy"], rows: SalesReport["rows"]): SalesReport => ({
  period: { from: "2026-01-01", to: "2026-02-28" },
  groupBy,
  rows,
  totals: rows.reduce((t, r) => ({ count: t.count + r.count, totalFils: t.totalFils + r.totalFils }), NO_SALES),
});

describe("the page's quick periods", () => {
  it("offers the last 12 months, this month, this year and last year", () => {
    expect(periodPresets("2026-11-25", EN)).toEqual([
      { label: "Last 12 months", period: { from: "2025-12-01", to: "2026-11-25" } },
      { label: "This month", period: { from: "2026-11-01", to: "2026-11-25" } },
      { label: "This year", period: { from: "2026-01-01", to: "2026-11-25" } },
      { label: "Last year", period: { from: "2025-01-01", to: "2025-12-31" } },
    ]);
  });
});

describe("a grouping's chart section", () => {
  const showrooms = report("showroom", [
    { key: "dubai_mall", label: "Dubai Mall", count: 3, totalFils: 123_456_700n },
    { key: "none", label: "A showroom with a very long name indeed", count: 1, totalFils: 100n },
  ]);

  it("names the chart, describes its largest figure and links its workbook", () => {
    const section = barChartSection(showrooms, EN);
    expect(section.title).toBe("Sales by showroom");
    expect(section.description).toBe(
      "Total sales by showroom, 1 Jan 2026 – 28 Feb 2026. Largest: Dubai Mall, AED 1,234,567.00 of AED 1,234,568.00.",
    );
    expect(section.downloadHref).toBe("/api/reports/sales.xlsx?from=2026-01-01&to=2026-02-28&groupBy=showroom");
    expect(section.note).toBeNull();
  });

  it("writes compact totals on the bars, exact ones in their titles, and shortens long labels", () => {
    const [first, second] = barChartSection(showrooms, EN).chart.bars;
    expect(first).toMatchObject({ valueText: "AED 1.23M", title: "Dubai Mall: AED 1,234,567.00 from 3 sales" });
    expect(second!.label).toBe("A showroom with a very lo…");
    expect(second!.title).toBe("A showroom with a very long name indeed: AED 1.00 from 1 sale");
  });

  it("says there is nothing when no group sold", () => {
    expect(barChartSection(report("associate", []), EN).description).toMatch(/No sales in this period\.$/);
  });

  it("tables figures with separators and the total row", () => {
    expect(tableView(reportTable(showrooms), "showroom", EN)).toEqual({
      title: "Sales by showroom",
      columns: ["Showroom", "Sales", "Total (AED)", "Average ticket (AED)", "Share of total"],
      rows: [
        { key: "dubai_mall", cells: ["Dubai Mall", "3", "1,234,567.00", "411,522.33", "100.0%"] },
        { key: "none", cells: ["A showroom with a very long name indeed", "1", "1.00", "1.00", "0.0%"] },
      ],
      totals: ["Total", "4", "1,234,568.00", "308,642.00", "100.0%"],
    });
  });
});

describe("the monthly section", () => {
  it("draws this period's months and the same months a year earlier, titled with their own year", () => {
    const months = report("month", [
      { key: "2026-01", label: "Jan 2026", count: 1, totalFils: 10_000n },
      { key: "2026-02", label: "Feb 2026", count: 2, totalFils: 30_000n },
    ]);
    const section = monthlySection(months, [NO_SALES, { count: 1, totalFils: 5_000n }], EN);
    expect(section.chart.series.map((s) => s.key)).toEqual(["current", "lastYear"]);
    expect(section.chart.series[1]!.markers.map((m) => m.title)).toEqual([
      "Jan 2025: AED 0.00 from 0 sales",
      "Feb 2025: AED 50.00 from 1 sale",
    ]);
    expect(section.table.columns.at(-1)).toBe("Same month last year (AED)");
    expect(section.table.totals.at(-1)).toBe("50.00");
  });
});

describe("comparison rows", () => {
  const mix = (newClients: number, returning: number): ClientMix => ({
    new: { clients: newClients, count: newClients, totalFils: BigInt(newClients) * 100n },
    returning: { clients: returning, count: returning, totalFils: BigInt(returning) * 100n },
  });

  it("gives each figure in the three periods with the change, and a dash where there was nothing", () => {
    const rows = comparisonRows(
      {
        current: { count: 3, totalFils: 30_000n },
        previous: { count: 2, totalFils: 10_000n },
        lastYear: NO_SALES,
      },
      { current: mix(1, 2), previous: mix(2, 0), lastYear: mix(0, 0) },
      EN,
    );
    expect(rows.map((r) => r.key)).toEqual([
      "sales",
      "total",
      "average",
      "clients",
      "newClients",
      "newTotal",
      "returningClients",
      "returningTotal",
    ]);
    expect(rows[1]).toEqual({
      key: "total",
      label: "Total",
      current: "AED 300.00",
      previous: "AED 100.00",
      previousChange: "+200.0%",
      lastYear: "AED 0.00",
      lastYearChange: "—",
    });
    expect(rows.find((r) => r.key === "newClients")).toMatchObject({ current: "1", previousChange: "−50.0%" });
  });
});

describe("the page in Arabic", () => {
  it("names rows, titles and figures in Arabic, with the amounts as ar-AE writes them and the bars from the right", () => {
    const showrooms = report("showroom", [
      { key: "dubai_mall", label: "Dubai Mall", count: 3, totalFils: 123_456_700n },
      { key: "none", label: "No showroom recorded", count: 2, totalFils: 100n },
    ]);
    const section = barChartSection(showrooms, AR);
    expect(section.title).toBe("المبيعات حسب المعرض");
    expect(section.table.rows.map((row) => row.cells[0])).toEqual(["دبي مول", "لم يُسجَّل معرض"]);
    expect(section.table.totals[0]).toBe("الإجمالي");
    expect(section.description).toBe(
      "المبيعات حسب المعرض، 1 يناير 2026 – 28 فبراير 2026. الأكبر: دبي مول، 1,234,567.00 د.إ من أصل 1,234,568.00 د.إ.",
    );
    const [first, second] = section.chart.bars;
    expect(first).toMatchObject({ valueText: "1.23M د.إ", title: "دبي مول: 1,234,567.00 د.إ من 3 عمليات بيع" });
    expect(second!.title).toBe("لم يُسجَّل معرض: 1.00 د.إ من عمليتَي بيع");
    expect(first!.labelX).toBeGreaterThan(50);
  });

  it("names a team by its Arabic name in the shop's table, and a team without a client as the catalog says", () => {
    const teams = report("team", [
      { key: "team_b", label: "Entry Level", count: 1, totalFils: 100n },
      { key: "none", label: "No team", count: 1, totalFils: 100n },
    ]);
    const [named, none] = barChartSection(teams, AR).table.rows;
    expect(named!.cells[0]).toBe(SEEDED_TEAMS[1]!.nameAr);
    expect(none!.cells[0]).not.toBe("No team");
  });

  it("keeps an associate's name and writes the months in Arabic", () => {
    const associates = report("associate", [{ key: "u1", label: "Mariam Al Nuaimi", count: 1, totalFils: 100n }]);
    expect(barChartSection(associates, AR).table.rows[0]!.cells[0]).toBe("Mariam Al Nuaimi");
    const months = report("month", [{ key: "2026-01", label: "Jan 2026", count: 1, totalFils: 10_000n }]);
    const section = monthlySection(months, [NO_SALES], AR);
    expect(section.table.rows[0]!.cells[0]).toBe("يناير 2026");
    expect(section.chart.series[1]!.markers[0]!.title).toBe("يناير 2025: 0.00 د.إ من 0 عملية بيع");
  });

  it("says the period's problems, codes, in the page's language", () => {
    const said = (query: string, words: ReportWords) => {
      const parsed = parseReportPeriod(new URLSearchParams(query), "2026-11-25");
      return parsed.ok ? [] : parsed.issues.map((issue) => say(words.t, issue.message));
    };
    expect(said("from=2026-06-30&to=2026-01-01", AR)).toEqual(["يجب أن يكون تاريخ البداية في تاريخ النهاية أو قبله"]);
    expect(said("to=2026-02-30", EN)).toEqual(["to must be a date written YYYY-MM-DD"]);
    expect(said("from=2019-01-01", EN)).toEqual(["A report covers at most 5 years"]);
    expect(said("from=2026-01-01&from=2026-02-01", EN)).toEqual(["Give from once"]);
  });
});
