import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import { leadsCsv, leadsCsvFileName } from "./lead-export";
import type { AiLead } from "./lead-schema";

const base: AiLead = {
  clientId: 1,
  name: "Aisha Khan",
  mobile: "971501234567",
  emirate: "abu_dhabi",
  country: "uae",
  segmentType: "Upcoming occasion",
  tier: "gold",
  leadScore: 74,
  priority: "High",
  totalSalesValue: "150000.00",
  lastPurchaseDate: null,
  daysSinceLastPurchase: null,
  expectedRevenue: "0.00",
  aiInsights: "Gold client, birthday in 3 days.",
  recommendedProducts: ["Pearl necklace", "22K gold chain", "Diamond tennis bracelet", "Fourth"],
  recommendedTeam: "team_c",
  bestContactTime: "Evenings",
  suggestedMessage: "",
  reasonForOutreach: "Birthday in 3 days",
  language: "en",
};

describe("lead CSV export (product rules §9)", () => {
  it("is named ai-leads-generate-<date>.csv", () => {
    expect(leadsCsvFileName("2026-06-15")).toBe("ai-leads-generate-2026-06-15.csv");
  });

  it("has the spec's columns and one row per lead, with labels, not codes", () => {
    const lines = leadsCsv(
      [
        base,
        {
          ...base,
          clientId: 2,
          name: "Sara",
          country: "qatar",
          emirate: "none",
          tier: "bronze",
          recommendedTeam: "team_b",
        },
      ],
      SEEDED_TEAMS,
    )
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe('"Name","Mobile","Location","Tier","Lead Score","Recommended Product","Team","Reasoning"');
    expect(lines[1]).toBe(
      '"Aisha Khan","971501234567","Abu Dhabi","Gold","74","Pearl necklace, 22K gold chain, Diamond tennis bracelet","Mixed Products","Gold client, birthday in 3 days."',
    );
    expect(lines[2]).toMatch(/^"Sara","971501234567","Qatar","Bronze","74",.*,"Entry Level",/);
    expect(lines).toHaveLength(4); // trailing CRLF
  });

  it("quotes quotes and line breaks, and neutralises formula cells", () => {
    const csv = leadsCsv(
      [
        {
          ...base,
          name: '=HYPERLINK("http://evil")',
          aiInsights: 'Said "call me"\nafter Eid',
          recommendedProducts: ["@SUM(A1)"],
        },
      ],
      SEEDED_TEAMS,
    );
    const row = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1)
      .join("\r\n");
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain(`"'@SUM(A1)"`);
    expect(row).toContain('"Said ""call me""\nafter Eid"');
  });

  it("keeps an imported name with a semicolon-separated formula in one neutralised field", () => {
    const csv = leadsCsv([{ ...base, name: "x;=cmd|' /C calc'!A0" }], SEEDED_TEAMS);
    const row = csv.replace(/^\uFEFF/, "").split("\r\n")[1]!;
    expect(row.startsWith(`"x;'=cmd|' /C calc'!A0",`)).toBe(true);
  });
});
