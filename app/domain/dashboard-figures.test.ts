import { describe, expect, it } from "vitest";
import { daysBetween } from "./calendar";
import { activeSince, businessSummary, figuresFromTierCounts, percentOf } from "./dashboard-figures";

describe("business summary", () => {
  it("rounds the VIP rate and retention", () => {
    expect(businessSummary({ totalClients: 3, activeVips: 1, inactiveClients: 1 })).toEqual({
      vipRate: 33,
      retention: 67,
    });
    expect(businessSummary({ totalClients: 8, activeVips: 1, inactiveClients: 0 })).toEqual({
      vipRate: 13,
      retention: 100,
    });
  });
  it("is 0%, never NaN, with no clients", () => {
    expect(businessSummary({ totalClients: 0, activeVips: 0, inactiveClients: 0 })).toEqual({
      vipRate: 0,
      retention: 0,
    });
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe("inactive clients", () => {
  it("counts a purchase 89 days ago as active and 90 days ago as inactive", () => {
    // 2 January 2026 is 89 days before 1 April; 1 January is 90.
    expect(daysBetween("2026-01-02", "2026-04-01")).toBe(89);
    expect(activeSince("2026-04-01")).toBe("2026-01-02");
  });
});

describe("figures from tier counts", () => {
  it("totals the tiers, counts Platinum and Diamond as VIPs, folds Silver with Bronze and counts everyone not active as inactive", () => {
    const { metrics, tierBreakdown } = figuresFromTierCounts(
      { diamond: 1, platinum: 2, gold: 3, silver: 4, bronze: 5 },
      6,
    );
    expect(metrics).toEqual({ totalClients: 15, activeVips: 3, inactiveClients: 9 });
    expect(tierBreakdown).toEqual({ diamond: 1, platinum: 2, gold: 3, silverBronze: 9 });
  });
  it("is all zeros for an empty book", () => {
    expect(figuresFromTierCounts({}, 0)).toEqual({
      metrics: { totalClients: 0, activeVips: 0, inactiveClients: 0 },
      tierBreakdown: { diamond: 0, platinum: 0, gold: 0, silverBronze: 0 },
    });
  });
});
