import { daysBetween, daysUntilNextOccasion, type IsoDate } from "./calendar";
import { ALERT_WINDOW_DAYS, EXPIRED_ID_LOOKBACK_DAYS, INACTIVE_AFTER_DAYS } from "./client-windows";
import type { AiLead, Priority } from "./lead-schema";
import { clientMessage, DEFAULT_MESSAGE_BOOK, recipientLanguage, type MessageBook } from "./message-templates";
import { whatsappDigits } from "./mobile";
import { AED, filsToDecimalString, formatAed, parseAedToFils, type Fils } from "./money";
import type { BudgetBand, PreferredMetal, PreferredStone } from "./preferences";
import { recommendedProducts, teamRange, type PurchasedPieces, type RecommendationLists } from "./recommendations";
import { activeChoices, nameOfKey, type TeamChoice } from "./shop-lists";
import { TIER_LABELS, VIP_TIERS, type Tier } from "./tiers";

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

function segmentFor(facts: LeadFacts, s: Situation): string {
  if (inWindow(s.birthdayIn) || inWindow(s.anniversaryIn)) return "Upcoming occasion";
  const lapsed = s.daysSince !== null && s.daysSince >= INACTIVE_AFTER_DAYS;
  if (lapsed && isVip(facts.tier)) return "Lapsed VIP";
  if (idReason(s.idExpiresIn)) return "ID renewal";
  if (lapsed) return "Lapsed client";
  if (isVip(facts.tier)) return "Loyal VIP";
  if (facts.purchaseCount >= 2) return "Rising client";
  return "New client";
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

export function bestContactTime(preferredTime: string | null, tier: string): string {
  if (preferredTime?.trim()) return preferredTime.trim();
  // VIP clients tend to book showroom appointments; others answer after work.
  return isVip(tier) ? "Weekday late morning, 11 am – 1 pm" : "Weekday evening, 6 – 8 pm";
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const whenIn = (days: number) => (days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

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

function reasonForOutreach(facts: LeadFacts, s: Situation): string {
  const reasons: string[] = [];
  if (inWindow(s.birthdayIn)) reasons.push(`Birthday ${whenIn(s.birthdayIn!)}`);
  if (inWindow(s.anniversaryIn))
    reasons.push(`${facts.anniversaryType?.trim() || "Anniversary"} ${whenIn(s.anniversaryIn!)}`);
  if (idReason(s.idExpiresIn))
    reasons.push(
      s.idExpiresIn! < 0
        ? `Emirates ID expired ${plural(-s.idExpiresIn!, "day")} ago`
        : `Emirates ID expires ${whenIn(s.idExpiresIn!)}`,
    );
  if (s.daysSince !== null && s.daysSince >= INACTIVE_AFTER_DAYS)
    reasons.push(`No purchase for ${plural(s.daysSince, "day")}`);
  if (reasons.length === 0)
    reasons.push(
      isVip(facts.tier)
        ? "Keep a top client close"
        : facts.purchaseCount >= 2
          ? "Repeat buyer on the rise"
          : "Build the relationship",
    );
  return reasons.join("; ");
}

function insight(facts: LeadFacts, s: Situation): string {
  const tier = TIER_LABELS[facts.tier as Tier] ?? facts.tier;
  const parts = [
    facts.purchaseCount > 0
      ? `${tier} client with ${formatAed(facts.totalSalesFils)} over ${plural(facts.purchaseCount, "purchase")} (average ${formatAed(s.average)}).`
      : `${tier} client with ${formatAed(facts.totalSalesFils)} in recorded sales.`,
  ];
  if (s.daysSince === null) parts.push("No purchase on record yet.");
  else if (s.daysSince >= INACTIVE_AFTER_DAYS)
    parts.push(`Last purchase ${plural(s.daysSince, "day")} ago, past the ${INACTIVE_AFTER_DAYS}-day inactivity line.`);
  else parts.push(`Active: last purchase ${plural(s.daysSince, "day")} ago.`);
  if (inWindow(s.birthdayIn)) parts.push(`Birthday ${whenIn(s.birthdayIn!)}.`);
  if (inWindow(s.anniversaryIn))
    parts.push(`${facts.anniversaryType?.trim() || "Anniversary"} ${whenIn(s.anniversaryIn!)}.`);
  if (idReason(s.idExpiresIn))
    parts.push(s.idExpiresIn! < 0 ? "Emirates ID has expired." : `Emirates ID expires ${whenIn(s.idExpiresIn!)}.`);
  if (facts.preferredCollection?.trim()) parts.push(`Prefers the ${facts.preferredCollection.trim()} collection.`);
  return parts.join(" ");
}

/** The full lead for a client, or null when the client does not want to be contacted. */
export function buildLead(
  facts: LeadFacts,
  today: IsoDate,
  lists: RecommendationLists,
  book: MessageBook = DEFAULT_MESSAGE_BOOK,
): AiLead | null {
  if (!isContactable(facts.contactOk)) return null;
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
  );
  const piece = products[0] ?? teamRange(lists.teams, team)[0] ?? "something new";
  const message = leadMessage(facts, s, piece.toLowerCase(), book);
  return {
    clientId: facts.clientId,
    name: facts.fullName,
    nameAr: facts.fullNameAr,
    mobile: whatsappDigits(facts.mobileNumber),
    emirate: facts.emirate,
    country: facts.country,
    segmentType: segmentFor(facts, s),
    tier: facts.tier,
    leadScore: score,
    priority: priorityForScore(score),
    totalSalesValue: filsToDecimalString(facts.totalSalesFils),
    lastPurchaseDate: facts.lastPurchaseDate,
    daysSinceLastPurchase: s.daysSince,
    expectedRevenue: filsToDecimalString(s.average),
    aiInsights: insight(facts, s),
    recommendedProducts: products,
    recommendedTeam: team,
    bestContactTime: bestContactTime(facts.preferredTime, facts.tier),
    suggestedMessage: message,
    reasonForOutreach: reasonForOutreach(facts, s),
    language: recipientLanguage(facts),
    whatsappMessage: message,
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
