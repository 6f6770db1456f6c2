import { SEEDED_LEAD_LISTS, SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar";
import { buildLead, compareLeads, leadScore, priorityForScore, scoreBand, type LeadFacts, teamFor } from "./lead-score";
import { AED } from "./money";
import { sayIn } from "~/i18n/english.server";

const TODAY = "2026-06-15";

/** An ordinary client: silver, bought twice, last 40 days ago, no occasion, no ID, no preferences. */
function facts(overrides: Partial<LeadFacts> = {}): LeadFacts {
  return {
    clientId: 1,
    fullName: "Aisha Khan",
    fullNameAr: null,
    preferredLanguage: "en",
    mobileNumber: "971501234567",
    country: "uae",
    emirate: "dubai",
    team: "team_c",
    tier: "silver",
    totalSalesFils: AED(30_000),
    purchaseCount: 2,
    lastPurchaseDate: addDays(TODAY, -40),
    birthMonthDay: 101,
    anniversaryMonthDay: null,
    anniversaryType: null,
    emiratesIdExpiry: null,
    preferredTime: null,
    preferredCollection: null,
    contactOk: "Yes",
    purchases: [],
    preferredMetals: [],
    preferredStones: [],
    styles: [],
    budgetBand: null,
    ...overrides,
  };
}

const score = (overrides: Partial<LeadFacts>) => leadScore(facts(overrides), TODAY);

describe("each factor moves the score the right way", () => {
  it("recency: crossing the 90-day inactivity line raises it; a very old last purchase lowers it again", () => {
    const recent = score({ lastPurchaseDate: addDays(TODAY, -10) });
    const active = score({ lastPurchaseDate: addDays(TODAY, -89) });
    const lapsed = score({ lastPurchaseDate: addDays(TODAY, -90) });
    const cold = score({ lastPurchaseDate: addDays(TODAY, -900) });
    expect(active).toBeGreaterThan(recent);
    expect(lapsed).toBeGreaterThan(active);
    expect(cold).toBeLessThan(lapsed);
    expect(score({ lastPurchaseDate: null, purchaseCount: 0 })).toBeLessThan(score({ purchaseCount: 0 }));
  });

  it("tier: a higher tier scores higher", () => {
    const byTier = ["bronze", "silver", "gold", "platinum", "diamond"].map((tier) => score({ tier }));
    expect(byTier).toEqual([...byTier].sort((a, b) => a - b));
    expect(new Set(byTier).size).toBe(5);
  });

  it("a VIP past the inactivity line gains more from lapsing than others do (at risk of being lost)", () => {
    const gain = (tier: string) =>
      score({ tier, lastPurchaseDate: addDays(TODAY, -120) }) - score({ tier, lastPurchaseDate: addDays(TODAY, -60) });
    expect(gain("diamond")).toBeGreaterThan(gain("gold"));
    expect(gain("platinum")).toBe(gain("diamond"));
    expect(score({ tier: "diamond", lastPurchaseDate: addDays(TODAY, -900) })).toBeLessThan(
      score({ tier: "diamond", lastPurchaseDate: addDays(TODAY, -120) }),
    );
  });

  it("value: a bigger average ticket scores higher", () => {
    expect(score({ totalSalesFils: AED(2 * 60_000) })).toBeGreaterThan(score({ totalSalesFils: AED(2 * 25_000) }));
    expect(score({ totalSalesFils: AED(2 * 25_000) })).toBeGreaterThan(score({ totalSalesFils: AED(2 * 6_000) }));
    expect(score({ totalSalesFils: AED(2 * 6_000) })).toBeGreaterThan(score({ totalSalesFils: AED(2 * 100) }));
  });

  it("frequency: more purchases for the same average score higher", () => {
    const withCount = (n: number) => score({ purchaseCount: n, totalSalesFils: AED(10_000 * n) });
    expect(withCount(2)).toBeGreaterThan(withCount(1));
    expect(withCount(5)).toBeGreaterThan(withCount(3));
    expect(withCount(12)).toBeGreaterThan(withCount(5));
  });

  it("occasions: a birthday or anniversary within 30 days raises it, the nearer the more; both together more still", () => {
    const none = score({});
    const inMonth = score({ birthMonthDay: 710 }); // 10 July: 25 days ahead
    const inWeek = score({ birthMonthDay: 620 });
    const anniversary = score({ anniversaryMonthDay: 620 });
    const both = score({ birthMonthDay: 620, anniversaryMonthDay: 618 });
    expect(inMonth).toBeGreaterThan(none);
    expect(inWeek).toBeGreaterThan(inMonth);
    expect(anniversary).toBe(inWeek);
    expect(both).toBeGreaterThan(inWeek);
    expect(score({ birthMonthDay: 716 })).toBe(none); // 31 days: outside the window
  });

  it("Emirates ID: expiring soon raises it, more when sooner; just expired still counts; far away does not", () => {
    const none = score({});
    expect(score({ emiratesIdExpiry: addDays(TODAY, 20) })).toBeGreaterThan(none);
    expect(score({ emiratesIdExpiry: addDays(TODAY, 5) })).toBeGreaterThan(
      score({ emiratesIdExpiry: addDays(TODAY, 20) }),
    );
    expect(score({ emiratesIdExpiry: addDays(TODAY, -10) })).toBeGreaterThan(none);
    expect(score({ emiratesIdExpiry: addDays(TODAY, 200) })).toBe(none);
    expect(score({ emiratesIdExpiry: addDays(TODAY, -200) })).toBe(none);
  });

  it("known preferences (collection, time) raise it", () => {
    expect(score({ preferredCollection: "Bridal" })).toBeGreaterThan(score({}));
    expect(score({ preferredCollection: "Bridal", preferredTime: "Evenings" })).toBeGreaterThan(
      score({ preferredCollection: "Bridal" }),
    );
  });

  it("known tastes count once, whichever is known: a collection, metals, stones, styles or a budget", () => {
    const collection = score({ preferredCollection: "Bridal" });
    expect(score({ preferredMetals: ["rose_gold"] })).toBe(collection);
    expect(score({ preferredStones: ["pearl"] })).toBe(collection);
    expect(score({ styles: ["Minimal"] })).toBe(collection);
    expect(score({ budgetBand: "5k_20k" })).toBe(collection);
    expect(score({ preferredCollection: "Bridal", preferredMetals: ["rose_gold"], budgetBand: "5k_20k" })).toBe(
      collection,
    );
  });

  it("contactOk = No excludes the client whatever the score", () => {
    expect(buildLead(facts({ contactOk: "No", tier: "diamond" }), TODAY, SEEDED_LEAD_LISTS, sayIn)).toBeNull();
    expect(buildLead(facts({ contactOk: "no" }), TODAY, SEEDED_LEAD_LISTS, sayIn)).toBeNull();
    expect(buildLead(facts({ contactOk: null }), TODAY, SEEDED_LEAD_LISTS, sayIn)).not.toBeNull();
  });

  it("stays within 0-100 when everything applies", () => {
    const best = score({
      tier: "diamond",
      totalSalesFils: AED(2_000_000),
      purchaseCount: 20,
      lastPurchaseDate: addDays(TODAY, -120),
      birthMonthDay: 616,
      anniversaryMonthDay: 617,
      emiratesIdExpiry: addDays(TODAY, 3),
      preferredCollection: "Bridal",
      preferredTime: "Evenings",
    });
    expect(best).toBe(100);
  });
});

describe("priority and colour bands at their edges", () => {
  it.each([
    [100, "Critical"],
    [80, "Critical"],
    [79, "High"],
    [60, "High"],
    [59, "Medium"],
    [0, "Medium"],
  ] as const)("score %i is %s", (s, priority) => {
    expect(priorityForScore(s)).toBe(priority);
  });
  it.each([
    [80, "top"],
    [79, "strong"],
    [60, "strong"],
    [59, "fair"],
    [40, "fair"],
    [39, "low"],
  ] as const)("score %i is in band %s", (s, band) => {
    expect(scoreBand(s)).toBe(band);
  });
});

describe("the lead", () => {
  it("is deterministic and carries every field of product rules §3", () => {
    const input = facts({
      tier: "diamond",
      totalSalesFils: AED(1_200_000),
      purchaseCount: 4,
      lastPurchaseDate: addDays(TODAY, -150),
      team: null,
      mobileNumber: "+971 50 123 4567",
    });
    const lead = buildLead(input, TODAY, SEEDED_LEAD_LISTS, sayIn)!;
    expect(buildLead(input, TODAY, SEEDED_LEAD_LISTS, sayIn)).toEqual(lead);
    expect(lead).toMatchObject({
      clientId: 1,
      name: "Aisha Khan",
      mobile: "971501234567",
      segmentType: "Lapsed VIP",
      tier: "diamond",
      totalSalesValue: "1200000.00",
      expectedRevenue: "300000.00",
      lastPurchaseDate: addDays(TODAY, -150),
      daysSinceLastPurchase: 150,
      recommendedTeam: "team_a",
      bestContactTime: "Weekday late morning, 11 am – 1 pm",
      reasonForOutreach: "No purchase for 150 days",
    });
    expect(lead.priority).toBe(priorityForScore(lead.leadScore));
    expect(lead.aiInsights).toContain("past the 90-day inactivity line");
    expect(lead.suggestedMessage).toMatch(/^Dear Aisha,/);
    expect(lead.recommendedProducts.length).toBeLessThanOrEqual(3);
  });

  it("names the occasion and uses the client's preferred time", () => {
    const lead = buildLead(
      facts({ birthMonthDay: 616, preferredTime: "After 7 pm" }),
      TODAY,
      SEEDED_LEAD_LISTS,
      sayIn,
    )!;
    expect(lead.segmentType).toBe("Upcoming occasion");
    expect(lead.reasonForOutreach).toContain("Birthday tomorrow");
    expect(lead.suggestedMessage).toContain("your birthday is tomorrow");
    expect(lead.bestContactTime).toBe("After 7 pm");
  });

  it("recommends what completes the client's purchases and opens the message with it", () => {
    const lead = buildLead(
      facts({
        purchases: [
          { category: "necklace", metal: "yellow_gold", stone: "none", pieces: 1 },
          { category: "earrings", metal: "yellow_gold", stone: "none", pieces: 1 },
        ],
      }),
      TODAY,
      SEEDED_LEAD_LISTS,
      sayIn,
    )!;
    expect(lead.recommendedProducts[0]).toBe("Yellow gold bangle to match the necklace and earrings");
    expect(lead.suggestedMessage).toContain("such as our yellow gold bangle to match the necklace and earrings");
  });

  it("ranks by score, then by total sales, then by client id", () => {
    const a = buildLead(facts({ clientId: 2 }), TODAY, SEEDED_LEAD_LISTS, sayIn)!;
    const b = buildLead(facts({ clientId: 1 }), TODAY, SEEDED_LEAD_LISTS, sayIn)!;
    const richer = buildLead(
      facts({ clientId: 3, totalSalesFils: AED(30_000) + 2n }),
      TODAY,
      SEEDED_LEAD_LISTS,
      sayIn,
    )!;
    const better = buildLead(facts({ clientId: 4, tier: "gold" }), TODAY, SEEDED_LEAD_LISTS, sayIn)!;
    expect([a, b, richer, better].sort(compareLeads).map((l) => l.clientId)).toEqual([4, 3, 1, 2]);
  });
});

describe("the lead's team, from the shop's teams", () => {
  // A desk the shop added on Shop settings: diamond clients are its leads, its pieces their range.
  const desk = {
    ...SEEDED_TEAMS[0]!,
    id: "desk",
    key: "private_desk",
    name: "Private Desk",
    nameAr: null,
    position: 3,
    products: ["Bespoke emerald tiara", "Private-viewing watch"],
    clientTiers: ["diamond" as const],
    budgetBands: ["150k_plus" as const],
  };
  const teams = [
    ...SEEDED_TEAMS.map((t) =>
      t.key === "team_a" ? { ...t, clientTiers: ["platinum" as const], budgetBands: ["50k_150k" as const] } : t,
    ),
    desk,
  ];

  it("gives a client without a team to the team whose tiers include theirs, with its products", () => {
    const lead = buildLead(facts({ tier: "diamond", team: null }), TODAY, { ...SEEDED_LEAD_LISTS, teams }, sayIn)!;
    expect(lead.recommendedTeam).toBe("private_desk");
    expect(lead.recommendedProducts).toEqual(expect.arrayContaining(["Bespoke emerald tiara"]));
    expect(teamFor({ tier: "platinum", team: null }, teams)).toBe("team_a");
  });

  it("keeps the client's own team, and offers the products of the team whose budget bands include theirs", () => {
    expect(teamFor({ tier: "diamond", team: "team_b" }, teams)).toBe("team_b");
    const lead = buildLead(
      facts({ tier: "bronze", team: "team_b", budgetBand: "150k_plus" }),
      TODAY,
      { ...SEEDED_LEAD_LISTS, teams },
      sayIn,
    )!;
    expect(lead.recommendedTeam).toBe("team_b");
    expect(lead.recommendedProducts).toEqual(expect.arrayContaining(["Bespoke emerald tiara"]));
  });

  it("gives the first active team when no team's tiers include the client's, never an inactive one", () => {
    const noBronze = teams.map((t) => (t.key === "team_b" ? { ...t, active: false } : t));
    expect(teamFor({ tier: "bronze", team: null }, noBronze)).toBe("team_a");
  });
});

describe("a lead's WhatsApp message in the client's language", () => {
  it("is English for an English-speaking client, and the suggested message too", () => {
    const lead = buildLead(facts({ birthMonthDay: 616 }), TODAY, SEEDED_LEAD_LISTS, sayIn)!;
    expect(lead.language).toBe("en");
    expect(lead.whatsappMessage).toBe(lead.suggestedMessage);
    expect(lead.whatsappMessage).toMatch(/^Dear Aisha, your birthday is tomorrow/);
  });

  it("is Arabic, by the Arabic name, for a client who prefers Arabic", () => {
    const lead = buildLead(
      facts({ birthMonthDay: 620, fullNameAr: "عائشة خان", preferredLanguage: "ar" }),
      TODAY,
      SEEDED_LEAD_LISTS,
      sayIn,
    )!;
    expect(lead).toMatchObject({ language: "ar", nameAr: "عائشة خان" });
    expect(lead.whatsappMessage).toMatch(/^أهلاً عائشة، عيد ميلادك خلال 5 أيام /);
  });

  it("names the suggested piece in Arabic for a client who prefers Arabic, and the JSON's suggestions in English", () => {
    const purchases = [
      { category: "necklace", metal: "yellow_gold", stone: "none", pieces: 1 },
      { category: "earrings", metal: "yellow_gold", stone: "none", pieces: 1 },
    ] as const;
    const lead = (preferredLanguage: string) =>
      buildLead(
        facts({ purchases: [...purchases], preferredLanguage, fullNameAr: "عائشة خان" }),
        TODAY,
        SEEDED_LEAD_LISTS,
        sayIn,
      )!;
    const [english, arabic] = [lead("en"), lead("ar")];
    expect(english.whatsappMessage).toContain(
      "such as our yellow gold bangle to match the necklace and earrings, that suit",
    );
    expect(arabic.whatsappMessage).toContain("مثل إسوارة ذهب أصفر يتناسق مع قلادة وأقراط،");
    expect(arabic.whatsappMessage).not.toMatch(/[a-z]/i);
    expect(arabic.recommendedProducts).toEqual(english.recommendedProducts);
  });

  it("names a team's product by its Arabic name, and says 'something new' in Arabic when there is none", () => {
    const teams = SEEDED_TEAMS.map((t) => (t.key === "team_c" ? { ...t, products: [], productsAr: [] } : t));
    const arabic = { preferredLanguage: "ar", fullNameAr: "عائشة خان" };
    const teamC = SEEDED_TEAMS.find((t) => t.key === "team_c")!;
    const withRange = buildLead(facts(arabic), TODAY, SEEDED_LEAD_LISTS, sayIn)!;
    expect(withRange.whatsappMessage).toContain(teamC.productsAr[0]!);
    const empty = buildLead(facts(arabic), TODAY, { ...SEEDED_LEAD_LISTS, teams }, sayIn)!;
    expect(empty.whatsappMessage).toContain("شيء جديد");
    expect(buildLead(facts(), TODAY, { ...SEEDED_LEAD_LISTS, teams }, sayIn)!.whatsappMessage).toContain(
      "such as our something new,",
    );
  });
});
