import { SEEDED_LEAD_LISTS } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { buildLead, type LeadFacts } from "./lead-score";
import { contactTimeText, insightsText, lastContactText, productText, reasonsText, segmentText } from "./lead-words";

const [tEn, tAr] = [fixedT("en", "leads"), fixedT("ar", "leads")];
const say = (texts: { key: string; values: Record<string, string | number> }[] | null, t: typeof tEn, joiner: string) =>
  texts?.map(({ key, values }) => t(key, values)).join(joiner);

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
  const lead = buildLead(facts, "2026-11-25", SEEDED_LEAD_LISTS)!;

  it("reads every engine sentence back into the same English", () => {
    expect(say(reasonsText(lead.reasonForOutreach, tEn), tEn, "; ")).toBe(lead.reasonForOutreach);
    expect(say(insightsText(lead.aiInsights, tEn, "en"), tEn, " ")?.replace(/<\/?bdi>/g, "")).toBe(lead.aiInsights);
    expect(tEn(segmentText(lead.segmentType)!.key)).toBe(lead.segmentType);
    expect(tEn(contactTimeText(lead.bestContactTime)!.key)).toBe(lead.bestContactTime);
  });

  it("says them in Arabic", () => {
    expect(say(reasonsText(lead.reasonForOutreach, tAr), tAr, "; ")).toBe(
      "عيد الميلاد بعد 8 أيام; ذكرى الزواج بعد 10 أيام; انتهت الهوية الإماراتية منذ 5 أيام; لا مشتريات منذ 319 يومًا",
    );
    expect(say(insightsText(lead.aiInsights, tAr, "ar"), tAr, " ")).toContain(
      "عميل من الفئة الذهبي بمشتريات 12,000.00 د.إ في 3 عمليات شراء (بمتوسط 4,000.00 د.إ).",
    );
    expect(tAr(segmentText("Lapsed VIP")!.key)).toBe("عميل مميز منقطع");
    expect(tAr(productText("Pearl necklace")!.key)).toBe("قلادة لؤلؤ");
    expect(lastContactText("WhatsApp 2 days ago · Reem", tAr)).toEqual({ text: "واتساب منذ يومين", by: "Reem" });
    expect(lastContactText("WhatsApp 2 days ago · Reem", tEn)).toEqual({ text: "WhatsApp 2 days ago", by: "Reem" });
  });

  it("leaves the AI model's own words alone", () => {
    expect(reasonsText("A lovely moment to reconnect", tAr)).toBeNull();
    expect(insightsText("Loves emeralds. Visits in spring.", tAr, "ar")).toBeNull();
    expect(productText("Custom emerald ring")).toBeNull();
  });
});
