import type { IsoDate } from "./calendar";
import { toCsv } from "./csv-safety";
import { COUNTRY_LABELS, EMIRATE_LABELS, type Country, type Emirate } from "./client-enums";
import { teamLabel } from "./lead-score";
import type { AiLead } from "./lead-schema";
import type { TeamChoice } from "./shop-lists";
import { TIER_LABELS, type Tier } from "./tiers";

/** docs/product-rules.md §9: the export's name and columns. */
export const LEAD_CSV_COLUMNS = [
  "Name",
  "Mobile",
  "Location",
  "Tier",
  "Lead Score",
  "Recommended Product",
  "Team",
  "Reasoning",
] as const;

export function leadsCsvFileName(today: IsoDate): string {
  return `ai-leads-generate-${today}.csv`;
}

/** The emirate for UAE clients, else the country. */
export function leadLocationLabel(lead: Pick<AiLead, "country" | "emirate">): string {
  if (lead.country === "uae") return EMIRATE_LABELS[lead.emirate as Emirate] ?? lead.emirate;
  return COUNTRY_LABELS[lead.country as Country] ?? lead.country;
}

export function tierLabel(tier: string): string {
  return TIER_LABELS[tier as Tier] ?? tier;
}

/** The CSV text (formula-safe, quoted, BOM + CRLF, see csv-safety.ts); teams named from the shop's rows. */
export function leadsCsv(leads: readonly AiLead[], teams: readonly TeamChoice[]): string {
  return toCsv(
    LEAD_CSV_COLUMNS,
    leads.map((lead) => [
      lead.name,
      lead.mobile,
      leadLocationLabel(lead),
      tierLabel(lead.tier),
      lead.leadScore,
      lead.recommendedProducts.slice(0, 3).join(", "),
      teamLabel(lead.recommendedTeam, teams),
      lead.aiInsights,
    ]),
  );
}
