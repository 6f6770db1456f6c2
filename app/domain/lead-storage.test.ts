import { describe, expect, it } from "vitest";
import type { AiLead } from "./lead-schema";
import {
  clearLeadStorage,
  forgetLeads,
  LEAD_FILTERS_STORAGE_KEY,
  LEADS_STORAGE_KEY,
  restoreLeadForm,
  restoreLeads,
  saveLeadForm,
  saveLeads,
  type KeyValueStorage,
} from "./lead-storage";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const lead: AiLead = {
  clientId: 7,
  name: "Omar Saleh",
  mobile: "971501112233",
  emirate: "dubai",
  country: "uae",
  segmentType: "Lapsed VIP",
  tier: "platinum",
  leadScore: 82,
  priority: "Critical",
  totalSalesValue: "600000.00",
  lastPurchaseDate: "2026-01-10",
  daysSinceLastPurchase: 156,
  expectedRevenue: "150000.00",
  aiInsights: "Platinum client.",
  recommendedProducts: ["Solitaire diamond ring"],
  recommendedTeam: "team_a",
  bestContactTime: "Evenings",
  suggestedMessage: "Dear Omar, ...",
  reasonForOutreach: "No purchase for 156 days",
  language: "en",
};

describe("leads in local storage (product rules §4)", () => {
  it("come back on load as they were saved, with their source and notice", () => {
    const storage = memoryStorage();
    saveLeads(storage, { leads: [lead], source: "engine", notice: "The AI model did not answer" });
    expect(restoreLeads(storage)).toEqual({ leads: [lead], source: "engine", notice: "The AI model did not answer" });
  });

  it("drop entries that are not leads and ignore unreadable storage", () => {
    const storage = memoryStorage({
      [LEADS_STORAGE_KEY]: JSON.stringify({ leads: [lead, { clientId: "x" }], source: "model" }),
    });
    expect(restoreLeads(storage)).toEqual({ leads: [lead], source: "model", notice: undefined });
    expect(restoreLeads(memoryStorage({ [LEADS_STORAGE_KEY]: "{not json" }))).toBeNull();
    expect(restoreLeads(memoryStorage())).toBeNull();
  });

  it("a lead saved without a known priority defaults to Medium", () => {
    const storage = memoryStorage({
      [LEADS_STORAGE_KEY]: JSON.stringify({ leads: [{ ...lead, priority: "Urgent" }], source: "engine" }),
    });
    expect(restoreLeads(storage)?.leads[0]?.priority).toBe("Medium");
  });

  it("generating forgets the list but keeps the filters; Clear empties both", () => {
    const storage = memoryStorage();
    saveLeads(storage, { leads: [lead], source: "engine" });
    saveLeadForm(storage, { location: "dubai", team: "team_a", purchaseDateFilter: "6months", customDateFrom: "" });
    forgetLeads(storage);
    expect(restoreLeads(storage)).toBeNull();
    expect(storage.data.has(LEAD_FILTERS_STORAGE_KEY)).toBe(true);
    saveLeads(storage, { leads: [lead], source: "engine" });
    clearLeadStorage(storage);
    expect(storage.data.size).toBe(0);
  });
});

describe("filters in local storage (product rules §4)", () => {
  it("restore location and team, and reset the saved purchase-date filter to empty", () => {
    const storage = memoryStorage();
    saveLeadForm(storage, {
      location: "sharjah",
      team: "team_b",
      purchaseDateFilter: "custom",
      customDateFrom: "2026-01-01",
    });
    expect(JSON.parse(storage.getItem(LEAD_FILTERS_STORAGE_KEY)!)).toMatchObject({
      purchaseDateFilter: "custom",
      customDateFrom: "2026-01-01",
    });
    expect(restoreLeadForm(storage)).toEqual({
      location: "sharjah",
      team: "team_b",
      purchaseDateFilter: "",
      customDateFrom: "",
    });
  });

  it("drop values that are not options", () => {
    const storage = memoryStorage({ [LEAD_FILTERS_STORAGE_KEY]: JSON.stringify({ location: "mars", team: 7 }) });
    expect(restoreLeadForm(storage)).toEqual({ location: "", team: "", purchaseDateFilter: "", customDateFrom: "" });
    expect(restoreLeadForm(memoryStorage({ [LEAD_FILTERS_STORAGE_KEY]: "oops" }))).toEqual({
      location: "",
      team: "",
      purchaseDateFilter: "",
      customDateFrom: "",
    });
  });
});
