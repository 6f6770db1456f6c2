import { SEEDED_LEAD_LISTS } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import { english, sayIn } from "~/i18n/english.server";
import { fixedT } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { buildLead, type LeadFacts } from "./lead-score";
import { AiLeadSchema } from "./lead-schema";
import type { Message } from "./messages";

const [tEn, tAr] = [fixedT("en", "leads"), fixedT("ar", "leads")];
const sayAll = (words: readonly Message[] | null | undefined, t: typeof tEn, joiner: string) =>
  words?.map((said) => say(t, said)).join(joiner);

const facts: LeadFacts = {
  clientId: 1,
  fullName: "Khalid Ahmed",
  fullNameAr: null,
  preferredLanguage: "en",
  mobileNumber: "971501234567",
  country: "uae",
  emirate: "dubai",
  team: "team_a",
  tier: "gold",
  totalSalesFils: 1_200_000n,
  purchaseCount: 3,
  lastPurchaseDate: "2026-01-10",
  birthMonthDay: 1203,
  anniversaryMonthDay: 1205,
  anniversaryType: "Wedding Anniversary",
  emiratesIdExpiry: "2026-11-20",
  preferredTime: null,
  preferredCollection: "Nakheel",
  contactOk: "Yes",
  purchases: [],
  preferredMetals: [],
  preferredStones: [],
  styles: [],
  budgetBand: null,
};

describe("the lead engine's words in the page's language", () => {
  const lead = buildLead(facts, "2026-11-25", SEEDED_LEAD_LISTS, sayIn)!;
  const words = lead.words!;

  it("are message codes whose English is the JSON's text", () => {
    expect(sayAll(words.reasons, tEn, "; ")).toBe(lead.reasonForOutreach);
    expect(lead.reasonForOutreach).toBe(
      "Birthday in 8 days; Wedding Anniversary in 10 days; Emirates ID expired 5 days ago; No purchase for 319 days",
    );
    // The JSON is plain text: the page's <bdi> around the typed collection is not in it.
    expect(lead.aiInsights).toBe(
      "Gold client with AED 12,000.00 over 3 purchases (average AED 4,000.00). Last purchase 319 days ago, past the 90-day inactivity line. Birthday in 8 days. Wedding Anniversary in 10 days. Emirates ID has expired. Prefers the Nakheel collection.",
    );
    expect(sayAll(words.insights, tEn, " ")?.replace(/<\/?bdi>/g, "")).toBe(lead.aiInsights);
    expect(sayAll([words.segment], tEn, "")).toBe(lead.segmentType);
    expect(sayAll([words.contactTime!], tEn, "")).toBe(lead.bestContactTime);
  });

  it("says them in Arabic", () => {
    expect(sayAll(words.reasons, tAr, "; ")).toBe(
      "عيد الميلاد بعد 8 أيام; ذكرى الزواج بعد 10 أيام; انتهت الهوية الإماراتية منذ 5 أيام; لا مشتريات منذ 319 يومًا",
    );
    expect(sayAll(words.insights, tAr, " ")).toContain(
      "عميل من الفئة الذهبي بمشتريات 12,000.00 د.إ في 3 عمليات شراء (بمتوسط 4,000.00 د.إ).",
    );
    expect(words.products!.map((said) => said && say(tAr, said))).toEqual([
      "مجموعة <bdi>Nakheel</bdi>",
      "تعليقة بحجر الميلاد",
      "قلادة ألماس من المجوهرات الراقية",
    ]);
  });

  it("has no words for a time the client gave; a team's product is its row's names", () => {
    expect(lead.recommendedProducts).toEqual([
      "Nakheel collection",
      "Birthstone pendant",
      "Diamond high-jewellery necklace",
    ]);
    expect(words.products!.map((said) => said && english(said))).toEqual([
      "Nakheel collection",
      "Birthstone pendant",
      "Diamond high-jewellery necklace",
    ]);
    const typed = buildLead({ ...facts, preferredTime: "After 7 pm" }, "2026-11-25", SEEDED_LEAD_LISTS, sayIn)!;
    expect(typed.bestContactTime).toBe("After 7 pm");
    expect(typed.words!.contactTime).toBeNull();
  });

  it("survive a browser's storage, and a list kept with words it cannot read shows its texts as written", () => {
    expect(AiLeadSchema.parse(JSON.parse(JSON.stringify(lead))).words).toEqual(words);
    // A suggested piece names the shop's category in both languages.
    const necklace = { category: "necklace", metal: "yellow_gold", stone: "none", pieces: 1 } as const;
    const matching = buildLead({ ...facts, purchases: [necklace] }, "2026-11-25", SEEDED_LEAD_LISTS, sayIn)!;
    expect(JSON.stringify(matching.words!.products![0])).toContain('"nameAr":"قلادة"');
    expect(AiLeadSchema.parse(JSON.parse(JSON.stringify(matching))).words).toEqual(matching.words);
    const tampered = { ...lead, words: { ...words, segment: { code: "leads:nope" } } };
    expect(AiLeadSchema.parse(tampered).words).toBeNull();
  });
});
