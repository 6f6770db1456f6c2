import { daysBetween, daysUntilNextOccasion, type IsoDate } from "./calendar";
import { ALERT_WINDOW_DAYS, EXPIRED_ID_LOOKBACK_DAYS, INACTIVE_AFTER_DAYS } from "./client-windows";
import type { Language } from "./languages";
import { keyOf, TIER_KEYS } from "~/i18n/label-keys";
import type { AiLead, LeadWords, Priority } from "./lead-schema";
import { MESSAGE_CODES as CODE, type MessageCode } from "./message-codes";
import { message, nameIn, type Message, type SayIn } from "./messages";
import { clientMessage, DEFAULT_MESSAGE_BOOK, recipientLanguage, type MessageBook } from "./message-templates";
import { whatsappDigits } from "./mobile";
import { AED, filsToDecimalString, parseAedToFils, type Fils } from "./money";
import type { BudgetBand, PreferredMetal, PreferredStone } from "./preferences";
import {
  rangeFor,
  recommendedProducts,
  type PurchasedPieces,
  type Recommendation,
  type RecommendationLists,
} from "./recommendations";
import { activeChoices, nameOfKey, type TeamChoice } from "./shop-lists";
import { VIP_TIERS, type Tier } from "./tiers";

/**
 * The built-in lead engine: a deterministic 0-100 score from facts in the database, with the
 * reasons behind it. Same facts and same day give the same lead.
 */

/** What the engine knows about one client. */
export type LeadFacts = {
  clientId: number;
  fullName: string;
  fullNameAr: string | null;
  preferredLanguage: string;
  mobileNumber: string;
  country: string;
  emirate: string;
  team: string | null;
  tier: string;
  totalSalesFils: Fils;
  purchaseCount: number;
  lastPurchaseDate: IsoDate | null;
  birthMonthDay: number | null;
  anniversaryMonthDay: number | null;
  anniversaryType: string | null;
  emiratesIdExpiry: IsoDate | null;
  preferredTime: string | null;
  preferredCollection: string | null;
  contactOk: string | null;
  /** What they bought, by category, metal and stone (their sales not void). */
  purchases: readonly PurchasedPieces[];
  preferredMetals: readonly PreferredMetal[];
  preferredStones: readonly PreferredStone[];
  styles: readonly string[];
  budgetBand: BudgetBand | null;
};

const isVip = (tier: string) => (VIP_TIERS as readonly string[]).includes(tier);

// ---- the factors: each is a small table a test can walk ----

/**
 * Recency: a client who bought days ago has little reason to hear from us; one past the 90-day
 * inactivity line is the one to win back, and the chance fades after a year.
 */
export function recencyPoints(daysSinceLastPurchase: number | null): number {
  if (daysSinceLastPurchase === null) return 0;
  if (daysSinceLastPurchase < 30) return 4;
  if (daysSinceLastPurchase < INACTIVE_AFTER_DAYS) return 10;
  if (daysSinceLastPurchase <= 365) return 20;
  if (daysSinceLastPurchase <= 730) return 12;
  return 6;
}

const TIER_POINTS: Record<Tier, number> = { diamond: 30, platinum: 24, gold: 16, silver: 9, bronze: 3 };

export function tierPoints(tier: string): number {
  return TIER_POINTS[tier as Tier] ?? 0;
}

/** The client's own average purchase: what one more visit is likely to be worth. */
export function averageTicketFils(totalSalesFils: Fils, purchaseCount: number): Fils {
  // Imported clients may carry a total without sale rows: that total counts as one purchase.
  return purchaseCount > 0 ? totalSalesFils / BigInt(purchaseCount) : totalSalesFils;
}

export function averageTicketPoints(averageFils: Fils): number {
  if (averageFils >= AED(50_000)) return 10;
  if (averageFils >= AED(20_000)) return 7;
  if (averageFils >= AED(5_000)) return 4;
  return averageFils > 0n ? 1 : 0;
}

export function frequencyPoints(purchaseCount: number): number {
  if (purchaseCount >= 10) return 10;
  if (purchaseCount >= 5) return 7;
  if (purchaseCount >= 3) return 5;
  if (purchaseCount === 2) return 3;
  return purchaseCount === 1 ? 1 : 0;
}

/** A birthday or anniversary in the next 30 days: the nearer, the better the reason to call. */
export function occasionPoints(daysUntil: number | null): number {
  if (daysUntil === null || daysUntil > ALERT_WINDOW_DAYS) return 0;
  if (daysUntil <= 7) return 20;
  if (daysUntil <= 14) return 15;
  return 10;
}

/** Two occasions in the window are a slightly better reason than one. */
export const SECOND_OCCASION_POINTS = 3;

/** An Emirates ID expiring within 30 days (or just expired) is a courteous reason to call. */
export function idExpiryPoints(daysUntilExpiry: number | null): number {
  if (daysUntilExpiry === null) return 0;
  if (daysUntilExpiry >= 0 && daysUntilExpiry <= 7) return 10;
  if (daysUntilExpiry >= 0 && daysUntilExpiry <= ALERT_WINDOW_DAYS) return 7;
  if (daysUntilExpiry < 0 && daysUntilExpiry >= -EXPIRED_ID_LOOKBACK_DAYS) return 5;
  return 0;
}

/** A VIP past the inactivity line is the costliest client to lose: winning them back comes first. */
export function vipAtRiskPoints(tier: string, daysSinceLastPurchase: number | null): number {
  const lapsed =
    daysSinceLastPurchase !== null && daysSinceLastPurchase >= INACTIVE_AFTER_DAYS && daysSinceLastPurchase <= 730;
  return lapsed && isVip(tier) ? 15 : 0;
}

/** Known tastes (a collection, metals, stones, styles or a budget) and a known time make the conversation easier. */
export function preferencePoints(
  facts: Pick<
    LeadFacts,
    "preferredCollection" | "preferredTime" | "preferredMetals" | "preferredStones" | "styles" | "budgetBand"
  >,
): number {
  const tastes =
    Boolean(facts.preferredCollection?.trim()) ||
    facts.preferredMetals.length + facts.preferredStones.length + facts.styles.length > 0 ||
    facts.budgetBand !== null;
  return (tastes ? 3 : 0) + (facts.preferredTime?.trim() ? 2 : 0);
}

// ---- score, priority, colour band ----

export function priorityForScore(score: number): Priority {
  if (score >= 80) return "Critical";
  if (score >= 60) return "High";
  return "Medium";
}

/** docs/product-rules.md §9 colour bands: 80 and above, 60 and above, 40 and above, below 40. */
export type ScoreBand = "top" | "strong" | "fair" | "low";
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return "top";
  if (score >= 60) return "strong";
  if (score >= 40) return "fair";
  return "low";
}

/** Clients who said no to contact are never leads. */
export function isContactable(contactOk: string | null): boolean {
  return contactOk?.trim().toLowerCase() !== "no";
}

type Situation = {
  daysSince: number | null;
  birthdayIn: number | null;
  anniversaryIn: number | null;
  idExpiresIn: number | null;
  average: Fils;
};

function situationOf(facts: LeadFacts, today: IsoDate): Situation {
  return {
    daysSince: facts.lastPurchaseDate ? daysBetween(facts.lastPurchaseDate, today) : null,
    birthdayIn: facts.birthMonthDay ? daysUntilNextOccasion(facts.birthMonthDay, today) : null,
    anniversaryIn: facts.anniversaryMonthDay ? daysUntilNextOccasion(facts.anniversaryMonthDay, today) : null,
    idExpiresIn: facts.emiratesIdExpiry ? daysBetween(today, facts.emiratesIdExpiry) : null,
    average: averageTicketFils(facts.totalSalesFils, facts.purchaseCount),
  };
}

/** The 0-100 score of a contactable client. */
export function leadScore(facts: LeadFacts, today: IsoDate): number {
  return scoreOf(facts, situationOf(facts, today));
}

function scoreOf(facts: LeadFacts, s: Situation): number {
  const birthday = occasionPoints(s.birthdayIn);
  const anniversary = occasionPoints(s.anniversaryIn);
  const occasions = Math.max(birthday, anniversary) + (birthday > 0 && anniversary > 0 ? SECOND_OCCASION_POINTS : 0);
  const total =
    recencyPoints(s.daysSince) +
    tierPoints(facts.tier) +
    vipAtRiskPoints(facts.tier, s.daysSince) +
    averageTicketPoints(s.average) +
    frequencyPoints(facts.purchaseCount) +
    occasions +
    idExpiryPoints(s.idExpiresIn) +
    preferencePoints(facts);
  return Math.max(0, Math.min(100, total));
}

// ---- the lead's words ----

const inWindow = (days: number | null) => days !== null && days <= ALERT_WINDOW_DAYS;
const idReason = (days: number | null) =>
  days !== null && days <= ALERT_WINDOW_DAYS && days >= -EXPIRED_ID_LOOKBACK_DAYS;

function segmentFor(facts: LeadFacts, s: Situation): Message {
  const lapsed = s.daysSince !== null && s.daysSince >= INACTIVE_AFTER_DAYS;
  const code =
    inWindow(s.birthdayIn) || inWindow(s.anniversaryIn)
      ? CODE.leadSegmentUpcomingOccasion
      : lapsed && isVip(facts.tier)
        ? CODE.leadSegmentLapsedVip
        : idReason(s.idExpiresIn)
          ? CODE.leadSegmentIdRenewal
          : lapsed
            ? CODE.leadSegmentLapsedClient
            : isVip(facts.tier)
              ? CODE.leadSegmentLoyalVip
              : facts.purchaseCount >= 2
                ? CODE.leadSegmentRisingClient
                : CODE.leadSegmentNewClient;
  return message(code);
}

/**
 * The lead's team (its key): the client's own when it is one of the shop's teams, else the active team whose
 * client tiers include the client's (Shop settings), else the first active team.
 */
export function teamFor(facts: Pick<LeadFacts, "team" | "tier">, teams: readonly TeamChoice[]): string {
  const own = teams.find((row) => row.key === facts.team);
  if (own) return own.key;
  const active = activeChoices(teams);
  const byTier = active.find((row) => (row.clientTiers as readonly string[]).includes(facts.tier));
  return (byTier ?? active[0])?.key ?? facts.team ?? "";
}

/** The time the client gave, as written (null: none given), else the engine's, by tier. */
export function bestContactTime(preferredTime: string | null, tier: string): { typed: string } | Message {
  if (preferredTime?.trim()) return { typed: preferredTime.trim() };
  // VIP clients tend to book showroom appointments; others answer after work.
  return message(isVip(tier) ? CODE.leadContactTimeVip : CODE.leadContactTimeOther);
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const whenIn = (days: number): Message =>
  days === 0
    ? message(CODE.leadWhenToday)
    : days === 1
      ? message(CODE.leadWhenTomorrow)
      : message(CODE.leadWhenInDays, { count: days });

/** The anniversary's kind as the client's record names it (app/domain/client-enums.ts); none given: "Anniversary". */
const OCCASION_CODES: Record<string, MessageCode> = {
  "Wedding Anniversary": CODE.leadOccasionWedding,
  Graduation: CODE.leadOccasionGraduation,
  "Work Anniversary": CODE.leadOccasionWork,
  "Business Anniversary": CODE.leadOccasionBusiness,
  "Engagement Anniversary": CODE.leadOccasionEngagement,
  Other: CODE.leadOccasionOther,
};
const occasionOf = (type: string | null): Message =>
  message(OCCASION_CODES[type?.trim() ?? ""] ?? CODE.leadOccasionAnniversary);
const tierOf = (tier: string) => {
  const label = keyOf(TIER_KEYS, tier);
  return label ? { label } : tier;
};

/** The greeting used when a lead carries no message of its own. */
export function defaultFollowUpMessage(name: string): string {
  return `Hello ${firstName(name)}, this is a friendly follow-up from your jewellery team. We would be glad to help you with anything you need. Have a lovely day!`;
}

function nearestOccasion(s: Situation): { kind: "birthday" | "anniversary"; days: number } | null {
  const birthday = inWindow(s.birthdayIn) ? s.birthdayIn! : null;
  const anniversary = inWindow(s.anniversaryIn) ? s.anniversaryIn! : null;
  if (birthday === null && anniversary === null) return null;
  if (anniversary === null || (birthday !== null && birthday <= anniversary))
    return { kind: "birthday", days: birthday! };
  return { kind: "anniversary", days: anniversary };
}

/**
 * The lead's WhatsApp message, in the client's language from the message book (the admin's
 * wording or the default, app/domain/message-templates.ts).
 */
function leadMessage(facts: LeadFacts, s: Situation, product: string, book: MessageBook): string {
  const recipient = {
    fullName: facts.fullName,
    fullNameAr: facts.fullNameAr,
    preferredLanguage: facts.preferredLanguage,
  };
  const occasion = nearestOccasion(s);
  if (occasion)
    return clientMessage(book, occasion.kind === "birthday" ? "lead_birthday" : "lead_anniversary", recipient, (w) => ({
      when: w.when(occasion.days),
      daysLeft: occasion.days,
      occasion: w.leadAnniversary(facts.anniversaryType),
      occasionLower: w.leadAnniversary(facts.anniversaryType).toLowerCase(),
      product,
    }));
  if (idReason(s.idExpiresIn))
    return clientMessage(book, "lead_emirates_id", recipient, (w) => ({
      idStatus: w.idStatus(s.idExpiresIn!),
      product,
    }));
  const lapsed = s.daysSince !== null && s.daysSince >= INACTIVE_AFTER_DAYS;
  return clientMessage(book, lapsed ? "lead_lapsed" : "lead_general", recipient, () => ({ product }));
}

function reasonsForOutreach(facts: LeadFacts, s: Situation): Message[] {
  const reasons: Message[] = [];
  if (inWindow(s.birthdayIn)) reasons.push(message(CODE.leadReasonBirthday, { when: whenIn(s.birthdayIn!) }));
  if (inWindow(s.anniversaryIn))
    reasons.push(
      message(CODE.leadReasonOccasion, { occasion: occasionOf(facts.anniversaryType), when: whenIn(s.anniversaryIn!) }),
    );
  if (idReason(s.idExpiresIn))
    reasons.push(
      s.idExpiresIn! < 0
        ? message(CODE.leadReasonIdExpired, { count: -s.idExpiresIn! })
        : message(CODE.leadReasonIdExpires, { when: whenIn(s.idExpiresIn!) }),
    );
  if (s.daysSince !== null && s.daysSince >= INACTIVE_AFTER_DAYS)
    reasons.push(message(CODE.leadReasonNoPurchase, { count: s.daysSince }));
  if (reasons.length === 0)
    reasons.push(
      message(
        isVip(facts.tier)
          ? CODE.leadReasonKeepClose
          : facts.purchaseCount >= 2
            ? CODE.leadReasonRepeatBuyer
            : CODE.leadReasonBuild,
      ),
    );
  return reasons;
}

function insights(facts: LeadFacts, s: Situation): Message[] {
  const tier = tierOf(facts.tier);
  const total = { aed: filsToDecimalString(facts.totalSalesFils) };
  const parts = [
    facts.purchaseCount > 0
      ? message(CODE.leadInsightSpent, {
          tier,
          total,
          count: facts.purchaseCount,
          average: { aed: filsToDecimalString(s.average) },
        })
      : message(CODE.leadInsightRecorded, { tier, total }),
  ];
  if (s.daysSince === null) parts.push(message(CODE.leadInsightNoPurchase));
  else if (s.daysSince >= INACTIVE_AFTER_DAYS)
    parts.push(message(CODE.leadInsightLapsed, { count: s.daysSince, line: INACTIVE_AFTER_DAYS }));
  else parts.push(message(CODE.leadInsightActive, { count: s.daysSince }));
  if (inWindow(s.birthdayIn)) parts.push(message(CODE.leadInsightBirthday, { when: whenIn(s.birthdayIn!) }));
  if (inWindow(s.anniversaryIn))
    parts.push(
      message(CODE.leadInsightOccasion, {
        occasion: occasionOf(facts.anniversaryType),
        when: whenIn(s.anniversaryIn!),
      }),
    );
  if (idReason(s.idExpiresIn))
    parts.push(
      s.idExpiresIn! < 0
        ? message(CODE.leadInsightIdExpired)
        : message(CODE.leadInsightIdExpires, { when: whenIn(s.idExpiresIn!) }),
    );
  if (facts.preferredCollection?.trim())
    parts.push(message(CODE.leadInsightCollection, { collection: facts.preferredCollection.trim() }));
  return parts;
}

/**
 * The piece the WhatsApp message names, in the message's language: the first suggestion, else the team's first
 * product, else "something new". Lower case, as it sits mid-sentence (Arabic has none).
 */
function messagePiece(
  language: Language,
  products: readonly Recommendation[],
  teams: RecommendationLists["teams"],
  team: string,
  say: SayIn,
): string {
  const [first] = products;
  if (first) return (first.words ? say(language, first.words) : first.text).toLowerCase();
  // The team's own range, whatever the budget: rangeFor without a budget band.
  const [ranged] = rangeFor(teams, team, null);
  return (ranged ? nameIn(language, ranged) : say(language, message(CODE.leadSomethingNew))).toLowerCase();
}

/**
 * The full lead for a client, or null when the client does not want to be contacted. `say` words the engine's
 * messages: the JSON's texts in English, the WhatsApp message in the client's language.
 */
export function buildLead(
  facts: LeadFacts,
  today: IsoDate,
  lists: RecommendationLists,
  say: SayIn,
  book: MessageBook = DEFAULT_MESSAGE_BOOK,
): AiLead | null {
  if (!isContactable(facts.contactOk)) return null;
  const english = (said: Message) => say("en", said);
  const s = situationOf(facts, today);
  const score = scoreOf(facts, s);
  const team = teamFor(facts, lists.teams);
  const products = recommendedProducts(
    {
      team,
      purchases: facts.purchases,
      preferredMetals: facts.preferredMetals,
      preferredStones: facts.preferredStones,
      styles: facts.styles,
      budgetBand: facts.budgetBand,
      preferredCollection: facts.preferredCollection,
      occasion: nearestOccasion(s)?.kind ?? null,
    },
    lists,
    english,
  );
  const language = recipientLanguage(facts);
  const whatsapp = leadMessage(facts, s, messagePiece(language, products, lists.teams, team, say), book);
  const time = bestContactTime(facts.preferredTime, facts.tier);
  const words: LeadWords = {
    segment: segmentFor(facts, s),
    reasons: reasonsForOutreach(facts, s),
    insights: insights(facts, s),
    contactTime: "typed" in time ? null : time,
    products: products.map((p) => p.words),
  };
  return {
    clientId: facts.clientId,
    name: facts.fullName,
    nameAr: facts.fullNameAr,
    mobile: whatsappDigits(facts.mobileNumber),
    emirate: facts.emirate,
    country: facts.country,
    segmentType: english(words.segment),
    tier: facts.tier,
    leadScore: score,
    priority: priorityForScore(score),
    totalSalesValue: filsToDecimalString(facts.totalSalesFils),
    lastPurchaseDate: facts.lastPurchaseDate,
    daysSinceLastPurchase: s.daysSince,
    expectedRevenue: filsToDecimalString(s.average),
    aiInsights: words.insights!.map(english).join(" "),
    recommendedProducts: products.map((p) => p.text),
    recommendedTeam: team,
    bestContactTime: "typed" in time ? time.typed : english(time),
    suggestedMessage: whatsapp,
    reasonForOutreach: words.reasons!.map(english).join("; "),
    language,
    whatsappMessage: whatsapp,
    words,
  };
}

/** Best first; ties go to the bigger spender, then the older client id, so the order is stable. */
export function compareLeads(a: AiLead, b: AiLead): number {
  if (a.leadScore !== b.leadScore) return b.leadScore - a.leadScore;
  const sa = parseAedToFils(a.totalSalesValue) ?? 0n;
  const sb = parseAedToFils(b.totalSalesValue) ?? 0n;
  if (sa !== sb) return sa > sb ? -1 : 1;
  return a.clientId - b.clientId;
}

/** The team's English name, as the export and the AI model read it; a key no team has, as it is. */
export function teamLabel(team: string, teams: readonly TeamChoice[]): string {
  return nameOfKey(teams, team, "en") ?? team;
}
