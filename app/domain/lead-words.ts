import type { TFunction } from "i18next";
import { keyOf, TIER_KEYS } from "~/i18n/label-keys";
import { type ANNIVERSARY_TYPES } from "./client-enums";
import { INACTIVE_AFTER_DAYS } from "./client-windows";
import { formatCount } from "./display-labels";
import type { Language, Locale } from "./languages";
import { formatAed, parseAedToFils } from "./money";

/*
 * The lead engine writes a lead's words in English (app/domain/lead-score.ts): /api/ai/generate-leads and
 * saved lists keep them so (decision 008). The AI Assistant's cards say them in the page's language by
 * reading the engine's sentences back into catalog keys here (docs/decisions/021-arabic-and-english.md).
 * What this does not know (the AI model's own words, a client's typed preferences) is shown as written.
 */

/** A catalog key with its values; `<bdi>` in the text marks what people typed. */
export type LeadText = { key: string; values: Record<string, string | number> };

/** Catalog keys written out, so the catalog check sees each one used. */
const SEGMENT_KEYS: Record<string, string> = {
  "Upcoming occasion": "leads:segments.upcomingOccasion",
  "Lapsed VIP": "leads:segments.lapsedVip",
  "ID renewal": "leads:segments.idRenewal",
  "Lapsed client": "leads:segments.lapsedClient",
  "Loyal VIP": "leads:segments.loyalVip",
  "Rising client": "leads:segments.risingClient",
  "New client": "leads:segments.newClient",
};

const OCCASION_KEYS: Record<string, string> = {
  Anniversary: "leads:occasions.anniversary",
  "Wedding Anniversary": "leads:occasions.wedding",
  Graduation: "leads:occasions.graduation",
  "Work Anniversary": "leads:occasions.work",
  "Business Anniversary": "leads:occasions.business",
  "Engagement Anniversary": "leads:occasions.engagement",
  Other: "leads:occasions.other",
} satisfies Record<"Anniversary" | (typeof ANNIVERSARY_TYPES)[number], string>;

const CONTACT_TIME_KEYS: Record<string, string> = {
  "Weekday late morning, 11 am – 1 pm": "leads:contactTimes.vip",
  "Weekday evening, 6 – 8 pm": "leads:contactTimes.other",
};

const PRODUCT_KEYS: Record<string, string> = {
  "Diamond high-jewellery necklace": "leads:products.diamondNecklace",
  "Solitaire diamond ring": "leads:products.solitaireRing",
  "Luxury Swiss timepiece": "leads:products.swissTimepiece",
  "18K gold pendant": "leads:products.goldPendant18",
  "Gold stud earrings": "leads:products.goldStuds",
  "Charm bracelet": "leads:products.charmBracelet",
  "Diamond tennis bracelet": "leads:products.tennisBracelet",
  "22K gold chain": "leads:products.goldChain22",
  "Pearl necklace": "leads:products.pearlNecklace",
  "Birthstone pendant": "leads:products.birthstonePendant",
  "Matching anniversary bands": "leads:products.anniversaryBands",
};

const CHANNEL_KEYS: Record<string, string> = {
  WhatsApp: "leads:contact.whatsapp",
  Call: "leads:contact.call",
  Visit: "leads:contact.visit",
  Email: "leads:contact.email",
  Note: "leads:contact.note",
  Contacted: "leads:contact.contacted",
};

const fixed = (key: string): LeadText => ({ key, values: {} });
const known = (keys: Record<string, string>, text: string): LeadText | null => (keys[text] ? fixed(keys[text]) : null);

export const segmentText = (segment: string) => known(SEGMENT_KEYS, segment);
export const contactTimeText = (time: string) => known(CONTACT_TIME_KEYS, time);
export const productText = (product: string) => known(PRODUCT_KEYS, product);

/** "today", "tomorrow", "in 5 days" in the page's words. */
function whenText(when: string, t: TFunction): string | null {
  if (when === "today") return t("leads:when.today");
  if (when === "tomorrow") return t("leads:when.tomorrow");
  const days = /^in (\d+) days$/.exec(when);
  return days ? t("leads:when.inDays", { count: Number(days[1]) }) : null;
}

const WHEN = "(today|tomorrow|in \\d+ days)";
const OCCASION = `(Anniversary|${Object.keys(OCCASION_KEYS).join("|")})`;
// Built once: each card reads every reason and insight on every render.
const BIRTHDAY_REASON = new RegExp(`^Birthday ${WHEN}$`);
const OCCASION_REASON = new RegExp(`^${OCCASION} ${WHEN}$`);
const ID_EXPIRES_REASON = new RegExp(`^Emirates ID expires ${WHEN}$`);

/** One of the engine's reasons ("Birthday in 5 days"), or null. */
function reasonText(reason: string, t: TFunction): LeadText | null {
  const fixedReason = {
    "Keep a top client close": "leads:reasons.keepClose",
    "Repeat buyer on the rise": "leads:reasons.repeatBuyer",
    "Build the relationship": "leads:reasons.build",
  }[reason];
  if (fixedReason) return fixed(fixedReason);
  let match = BIRTHDAY_REASON.exec(reason);
  if (match) return { key: "leads:reasons.birthday", values: { when: whenText(match[1]!, t)! } };
  match = OCCASION_REASON.exec(reason);
  if (match)
    return {
      key: "leads:reasons.occasion",
      values: { occasion: t(OCCASION_KEYS[match[1]!]!), when: whenText(match[2]!, t)! },
    };
  match = /^Emirates ID expired (\d+) days? ago$/.exec(reason);
  if (match) return { key: "leads:reasons.idExpired", values: { count: Number(match[1]) } };
  match = ID_EXPIRES_REASON.exec(reason);
  if (match) return { key: "leads:reasons.idExpires", values: { when: whenText(match[1]!, t)! } };
  match = /^No purchase for (\d+) days?$/.exec(reason);
  if (match) return { key: "leads:reasons.noPurchase", values: { count: Number(match[1]) } };
  return null;
}

/** A lead's reasons for outreach ("; " between them), each as a text, or null when any is not the engine's. */
export function reasonsText(reasons: string, t: TFunction): LeadText[] | null {
  const texts = reasons.split("; ").map((reason) => reasonText(reason, t));
  return texts.every((text) => text !== null) ? texts : null;
}

const AMOUNT = "(AED [\\d,]+\\.\\d{2})";
const SPENT_INSIGHT = new RegExp(`^(\\w+) client with ${AMOUNT} over (\\d+) purchases? \\(average ${AMOUNT}\\)\\.$`);
const RECORDED_INSIGHT = new RegExp(`^(\\w+) client with ${AMOUNT} in recorded sales\\.$`);
const BIRTHDAY_INSIGHT = new RegExp(`^Birthday ${WHEN}\\.$`);
const OCCASION_INSIGHT = new RegExp(`^${OCCASION} ${WHEN}\\.$`);
const ID_EXPIRES_INSIGHT = new RegExp(`^Emirates ID expires ${WHEN}\\.$`);
const aed = (text: string, locale: Language | Locale) => formatAed(parseAedToFils(text) ?? 0n, locale);

function insightText(sentence: string, t: TFunction, locale: Language | Locale): LeadText | null {
  if (sentence === "No purchase on record yet.") return fixed("leads:insights.noPurchase");
  if (sentence === "Emirates ID has expired.") return fixed("leads:insights.idExpired");
  let match = SPENT_INSIGHT.exec(sentence);
  let tier = match && keyOf(TIER_KEYS, match[1]!.toLowerCase());
  if (match && tier)
    return {
      key: "leads:insights.spent",
      values: {
        tier: t(tier),
        total: aed(match[2]!, locale),
        count: Number(match[3]),
        average: aed(match[4]!, locale),
      },
    };
  match = RECORDED_INSIGHT.exec(sentence);
  tier = match && keyOf(TIER_KEYS, match[1]!.toLowerCase());
  if (match && tier)
    return {
      key: "leads:insights.recorded",
      values: { tier: t(tier), total: aed(match[2]!, locale) },
    };
  match = /^Last purchase (\d+) days? ago, past the (\d+)-day inactivity line\.$/.exec(sentence);
  if (match) return { key: "leads:insights.lapsed", values: { count: Number(match[1]), line: INACTIVE_AFTER_DAYS } };
  match = /^Active: last purchase (\d+) days? ago\.$/.exec(sentence);
  if (match) return { key: "leads:insights.active", values: { count: Number(match[1]) } };
  match = BIRTHDAY_INSIGHT.exec(sentence);
  if (match) return { key: "leads:insights.birthday", values: { when: whenText(match[1]!, t)! } };
  match = OCCASION_INSIGHT.exec(sentence);
  if (match)
    return {
      key: "leads:insights.occasion",
      values: { occasion: t(OCCASION_KEYS[match[1]!]!), when: whenText(match[2]!, t)! },
    };
  match = ID_EXPIRES_INSIGHT.exec(sentence);
  if (match) return { key: "leads:insights.idExpires", values: { when: whenText(match[1]!, t)! } };
  match = /^Prefers the (.+) collection\.$/.exec(sentence);
  if (match) return { key: "leads:insights.collection", values: { collection: match[1]! } };
  return null;
}

/** The engine's insight, sentence by sentence, or null when a sentence is not the engine's. */
export function insightsText(insights: string, t: TFunction, locale: Language | Locale): LeadText[] | null {
  const texts = insights.split(/(?<=\.) (?=[A-Z])/).map((sentence) => insightText(sentence, t, locale));
  return texts.every((text) => text !== null) ? texts : null;
}

/** "WhatsApp 2 days ago · Reem" (app/domain/contact-recency.ts): the words, and who made the contact. */
export function lastContactText(
  label: string,
  t: TFunction,
  locale: Language | Locale = "en",
): { text: string; by: string | null } | null {
  const match = /^(\w+) (today|yesterday|(\d+) days ago)(?: · (.+))?$/.exec(label);
  const channel = match && CHANNEL_KEYS[match[1]!];
  if (!match || !channel) return null;
  const ago =
    match[2] === "today"
      ? t("leads:contact.today")
      : match[2] === "yesterday"
        ? t("leads:contact.yesterday")
        : t("leads:card.daysAgo", { count: Number(match[3]), n: formatCount(Number(match[3]), locale) });
  return { text: t("leads:contact.label", { channel: t(channel), ago }), by: match[4] ?? null };
}
