import { sayIn } from "~/i18n/english.server";
import { db } from "~/db/db.server";
import {
  addDays,
  businessToday,
  dateFromIso,
  isoFromDate,
  monthDayRangesWithin,
  type IsoDate,
} from "~/domain/calendar";
import { locationWhere, purchasedBefore, type LeadFilters } from "~/domain/lead-filters";
import { ALERT_WINDOW_DAYS, EXPIRED_ID_LOOKBACK_DAYS, INACTIVE_AFTER_DAYS } from "~/domain/client-windows";
import { buildLead, compareLeads, type LeadFacts } from "~/domain/lead-score";
import { recentContactSince } from "~/domain/contact-recency";
import { AiLeadSchema, LEAD_SOURCES, type AiLead, type LeadGeneration, type LeadSource } from "~/domain/lead-schema";
import { BUDGET_BANDS, listFromColumn, preferredMetalsOf, preferredStonesOf } from "~/domain/preferences";
import type { PurchasedPieces } from "~/domain/recommendations";
import { METALS, oneOf, STONES } from "~/domain/sales";
import { Prisma } from "~/generated/prisma/client";
import { modelSettings, writeLeadsWithModel } from "./ai-model.server";
import { contactFactsFor, lastContactLabel } from "./client-contact.server";
import { inClientBook, occasionWithin } from "./client-book.server";
import { loadMessageBook } from "./message-templates.server";
import { readShopLists } from "./shop-lists.server";
import { findChoice } from "~/domain/shop-lists";

/**
 * Lead generation (docs/product-rules.md §4, §7): the engine pre-selects a bounded shortlist per segment with
 * indexed ORDER BY/LIMIT queries, scores it in JS and keeps the best; the optional model then
 * re-ranks and writes the engine's top candidates. Page and API both call generateLeads.
 */

/** Candidates fetched per segment: enough to hold any top 50, bounded whatever the book's size. */
const PER_SEGMENT = 60;
/** How many of the engine's best the model gets to choose from. */
const MODEL_SHORTLIST = 30;

const CANDIDATE_SELECT = {
  id: true,
  fullName: true,
  fullNameAr: true,
  preferredLanguage: true,
  mobileNumber: true,
  country: true,
  emirate: true,
  team: true,
  tier: true,
  totalSalesFils: true,
  lastPurchaseDate: true,
  birthMonthDay: true,
  anniversaryMonthDay: true,
  anniversaryType: true,
  emiratesIdExpiry: true,
  preferredTime: true,
  preferredCollection: true,
  contactOk: true,
  preferredMetals: true,
  preferredStones: true,
  styles: true,
  budgetBand: true,
} satisfies Prisma.ClientSelect;
type Candidate = Prisma.ClientGetPayload<{ select: typeof CANDIDATE_SELECT }>;

function filterWhere(filters: LeadFilters, today: IsoDate, now: Date): Prisma.ClientWhereInput {
  const before = purchasedBefore(filters, today);
  return {
    ...locationWhere(filters.location),
    ...(filters.team ? { team: filters.team } : {}),
    ...(before ? { lastPurchaseDate: { lt: dateFromIso(before) } } : {}),
    AND: [
      // Clients who said no to contact are never leads (the engine checks again, case-blind).
      { OR: [{ contactOk: null }, { contactOk: { notIn: ["No", "no", "NO"] } }] },
      // A lead is a WhatsApp message: never to a client who withdrew WhatsApp consent.
      { consentWhatsapp: { not: "withdrawn" } },
      // Someone already spoke to them this week (read from the client's last-contact column).
      filters.includeContacted
        ? {}
        : { OR: [{ lastContactAt: null }, { lastContactAt: { lt: recentContactSince(now) } }] },
    ],
  };
}

/**
 * Each segment: a condition and the order that puts its most promising clients first. Date-ordered
 * segments have no tie-breaker, so SQLite walks the date index instead of sorting the location.
 */
function segmentQueries(
  today: IsoDate,
): { where: Prisma.ClientWhereInput; orderBy: Prisma.ClientOrderByWithRelationInput[] }[] {
  const lapsed = { lastPurchaseDate: { lt: dateFromIso(addDays(today, -INACTIVE_AFTER_DAYS)) } };
  const occasionWindow = monthDayRangesWithin(today, ALERT_WINDOW_DAYS);
  const bySpend: Prisma.ClientOrderByWithRelationInput[] = [{ totalSalesFils: "desc" }, { id: "asc" }];
  const recentlyLapsedFirst: Prisma.ClientOrderByWithRelationInput[] = [{ lastPurchaseDate: "desc" }];
  return [
    { where: { ...lapsed, tier: { in: ["diamond", "platinum", "gold"] } }, orderBy: recentlyLapsedFirst },
    { where: lapsed, orderBy: recentlyLapsedFirst },
    { where: occasionWithin("birthMonthDay", occasionWindow), orderBy: bySpend },
    { where: occasionWithin("anniversaryMonthDay", occasionWindow), orderBy: bySpend },
    {
      where: {
        emiratesIdExpiry: {
          gte: dateFromIso(addDays(today, -EXPIRED_ID_LOOKBACK_DAYS)),
          lte: dateFromIso(addDays(today, ALERT_WINDOW_DAYS)),
        },
      },
      orderBy: bySpend,
    },
    { where: {}, orderBy: bySpend },
  ];
}

async function shortlistCandidates(filters: LeadFilters, today: IsoDate): Promise<Candidate[]> {
  const base = filterWhere(filters, today, new Date());
  const batches = await Promise.all(
    segmentQueries(today).map(({ where, orderBy }) =>
      db.client.findMany({
        where: inClientBook({ AND: [base, where] }),
        orderBy,
        take: PER_SEGMENT,
        select: CANDIDATE_SELECT,
      }),
    ),
  );
  const unique = new Map<number, Candidate>();
  for (const row of batches.flat()) unique.set(row.id, row);
  return [...unique.values()];
}

async function purchaseCounts(clientIds: number[]): Promise<Map<number, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db.sale.groupBy({
    by: ["clientId"],
    // A voided sale was never a purchase (docs/decisions/016-itemised-sales-and-voids.md).
    where: { clientId: { in: clientIds }, voidedAt: null },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.clientId, r._count._all]));
}

const isMetal = oneOf(METALS);
const isStone = oneOf(STONES);
const isBudgetBand = oneOf(BUDGET_BANDS);

/**
 * What the candidates bought, by category, metal and stone: one aggregated query over the items
 * of their sales not void for all of them at once (the shortlist is a few hundred clients), read
 * through the sales' (voidedAt, customerId, …) index and the items' (saleId, …) index.
 */
async function purchasedPieces(clientIds: number[]): Promise<Map<number, PurchasedPieces[]>> {
  const byClient = new Map<number, PurchasedPieces[]>();
  if (clientIds.length === 0) return byClient;
  const rows = await db.$queryRaw<
    { clientId: number | bigint; category: string; metal: string; stone: string; pieces: number | bigint }[]
  >`
    SELECT s."customerId" AS "clientId", i."category", i."metal", i."stone", COUNT(*) AS "pieces"
    FROM "Sale" s JOIN "SaleItem" i ON i."saleId" = s."id"
    WHERE s."customerId" IN (${Prisma.join(clientIds)}) AND s."voidedAt" IS NULL
    GROUP BY s."customerId", i."category", i."metal", i."stone"`;
  for (const r of rows) {
    // Metals and stones outside today's lists (none are written) are left out rather than guessed at; a category
    // is any key of the shop's table, which the recommendations look up (an unknown one is passed over there).
    if (!isMetal(r.metal) || !isStone(r.stone)) continue;
    const id = Number(r.clientId);
    const pieces = byClient.get(id) ?? [];
    pieces.push({ category: r.category, metal: r.metal, stone: r.stone, pieces: Number(r.pieces) });
    byClient.set(id, pieces);
  }
  return byClient;
}

function factsOf(c: Candidate, purchaseCount: number, purchases: PurchasedPieces[]): LeadFacts {
  const day = (d: Date | null) => (d ? isoFromDate(d) : null);
  return {
    clientId: c.id,
    fullName: c.fullName,
    fullNameAr: c.fullNameAr,
    preferredLanguage: c.preferredLanguage,
    mobileNumber: c.mobileNumber,
    country: c.country,
    emirate: c.emirate,
    team: c.team,
    tier: c.tier,
    totalSalesFils: c.totalSalesFils,
    purchaseCount,
    lastPurchaseDate: day(c.lastPurchaseDate),
    birthMonthDay: c.birthMonthDay,
    anniversaryMonthDay: c.anniversaryMonthDay,
    anniversaryType: c.anniversaryType,
    emiratesIdExpiry: day(c.emiratesIdExpiry),
    preferredTime: c.preferredTime,
    preferredCollection: c.preferredCollection,
    contactOk: c.contactOk,
    purchases,
    preferredMetals: preferredMetalsOf(c.preferredMetals),
    preferredStones: preferredStonesOf(c.preferredStones),
    styles: listFromColumn(c.styles),
    budgetBand: c.budgetBand && isBudgetBand(c.budgetBand) ? c.budgetBand : null,
  };
}

/** The engine's leads for the filters, best first, at most `limit`. */
export async function rankEngineLeads(filters: LeadFilters, today: IsoDate, limit: number): Promise<AiLead[]> {
  const { teams, itemCategories } = await readShopLists();
  // The team filter as the key clients store (it may come as a name; a past team's clients too).
  const team = filters.team && (findChoice(teams, filters.team)?.key ?? filters.team);
  const candidates = await shortlistCandidates({ ...filters, team }, today);
  const ids = candidates.map((c) => c.id);
  const [counts, pieces, book] = await Promise.all([purchaseCounts(ids), purchasedPieces(ids), loadMessageBook()]);
  return candidates
    .map((c) =>
      buildLead(
        factsOf(c, counts.get(c.id) ?? 0, pieces.get(c.id) ?? []),
        today,
        { teams, itemCategories },
        sayIn,
        book,
      ),
    )
    .filter((lead): lead is AiLead => lead !== null)
    .sort(compareLeads)
    .slice(0, limit);
}

export type LeadRunResult = LeadGeneration & { runId: string };

/** Generates the user's leads and keeps them as their last list (for the export without JS). */
export async function generateLeads(
  filters: LeadFilters,
  options: { userId: string; today?: IsoDate },
): Promise<LeadRunResult> {
  const today = options.today ?? businessToday();
  const model = modelSettings();
  const ranked = await rankEngineLeads(
    filters,
    today,
    model ? Math.max(MODEL_SHORTLIST, filters.count) : filters.count,
  );
  const engineLeads = ranked.slice(0, filters.count);
  let generation: LeadGeneration = { leads: engineLeads, source: "engine" };
  if (model && ranked.length > 0) {
    const outcome = await writeLeadsWithModel(ranked, filters.count, model, today);
    generation = outcome.ok
      ? { leads: outcome.leads, source: "model" }
      : { leads: engineLeads, source: "engine", notice: outcome.notice };
  }
  generation = { ...generation, leads: await withLastContact(generation.leads) };
  const runId = await saveLeadRun(options.userId, filters, generation);
  return { ...generation, runId };
}

/** Each lead says when the client was last contacted and by whom (null when never). */
async function withLastContact(leads: AiLead[]): Promise<AiLead[]> {
  const facts = await contactFactsFor(leads.map((l) => l.clientId));
  return leads.map((lead) => {
    const f = facts.get(lead.clientId);
    return {
      ...lead,
      lastContactAt: f?.lastContactAt ?? null,
      lastContactBy: f?.lastContactBy ?? null,
      lastContactLabel: f ? lastContactLabel(f) : null,
      lastContactWords: f?.lastContactWords ?? null,
    };
  });
}

async function saveLeadRun(userId: string, filters: LeadFilters, generation: LeadGeneration): Promise<string> {
  const [, run] = await db.$transaction([
    db.leadRun.deleteMany({ where: { userId } }),
    db.leadRun.create({
      data: {
        userId,
        filtersJson: JSON.stringify(filters),
        leadsJson: JSON.stringify(generation.leads),
        source: generation.source,
        notice: generation.notice ?? null,
      },
    }),
  ]);
  return run.id;
}

export type SavedLeadRun = LeadGeneration & {
  id: string;
  filters: Partial<Record<keyof LeadFilters, unknown>>;
  createdAt: Date;
};

/** The user's last generated list (or that run, when it is theirs), or null. */
export async function getLastLeadRun(userId: string, runId?: string): Promise<SavedLeadRun | null> {
  const run = await db.leadRun.findFirst({
    where: { userId, ...(runId ? { id: runId } : {}) },
    orderBy: { createdAt: "desc" },
  });
  if (!run) return null;
  const leads = AiLeadSchema.array().safeParse(JSON.parse(run.leadsJson));
  const filters: unknown = JSON.parse(run.filtersJson);
  return {
    id: run.id,
    leads: leads.success ? leads.data : [],
    source: (LEAD_SOURCES as readonly string[]).includes(run.source) ? (run.source as LeadSource) : "engine",
    notice: run.notice ?? undefined,
    filters: filters && typeof filters === "object" ? filters : {},
    createdAt: run.createdAt,
  };
}

/** Clear Leads without JavaScript: the saved list goes too. */
export async function clearLeadRuns(userId: string): Promise<void> {
  await db.leadRun.deleteMany({ where: { userId } });
}

/** The client a lead card's Schedule action is for, when still in the book. */
export async function findLeadClient(
  clientId: number,
): Promise<{ id: number; fullName: string; fullNameAr: string | null } | null> {
  if (!Number.isSafeInteger(clientId)) return null;
  return db.client.findFirst({
    where: inClientBook({ id: clientId }),
    select: { id: true, fullName: true, fullNameAr: true },
  });
}
