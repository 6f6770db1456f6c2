import { db } from "~/db/db.server";
import { appTimezone } from "~/domain/calendar";
import { RATE_KEYS, ratesAsDecimals, type RateKey, type RatesInFils } from "~/domain/gold-rates";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { filsToDecimalString as fils, parseAedToFils } from "~/domain/money";
import {
  exchangeView,
  lineView,
  priceQuote,
  quoteNumber,
  quoteValidUntil,
  quoteYear,
  type MakingType,
  type QuoteInput,
  type QuoteView,
} from "~/domain/quotes";
import type { Prisma, Quote, QuoteLine } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit, type AuditActor } from "./audit.server";
import { inClientBook, writableClient } from "./client-book.server";

/**
 * Quotes (docs/decisions/045-quotes.md): priced by app/domain/quotes.ts at the latest rate of the day, saved
 * with a copy of those rates, a number of the shop's year and every amount as computed, never changed after.
 * The page's action and POST /api/quotes both call createQuote.
 */

export type QuoteRefusal = { ok: false; status: 400 | 404; path: string; error: Message };

const LIST_LIMIT = 100;

type StoredQuote = Quote & { lines: QuoteLine[] };

/** The rates of the entry that stands now, in fils, with its id and time; null before the first entry. */
async function latestRates(): Promise<{ id: string; effectiveAt: Date; rates: RatesInFils } | null> {
  const row = await db.goldRate.findFirst({ orderBy: [{ effectiveAt: "desc" }, { createdAt: "desc" }] });
  if (!row) return null;
  const rates: RatesInFils = {
    "24": row.karat24Fils,
    "22": row.karat22Fils,
    "21": row.karat21Fils,
    "18": row.karat18Fils,
  };
  if (row.platinumFils !== null) rates.platinum = row.platinumFils;
  if (row.silverFils !== null) rates.silver = row.silverFils;
  return { id: row.id, effectiveAt: row.effectiveAt, rates };
}

/** The item categories whose 24K pieces are investment gold (an admin's setting on /profile/shop). */
export async function investmentCategories(): Promise<Set<string>> {
  const rows = await db.itemCategory.findMany({ where: { investmentGold: true }, select: { key: true } });
  return new Set(rows.map((row) => row.key));
}

/** What the new-quote page prices with as it is typed: the latest rates and the zero-rated categories. */
export async function quotePricing(): Promise<{ rates: RatesInFils | null; investment: string[] }> {
  const [latest, investment] = await Promise.all([latestRates(), investmentCategories()]);
  return { rates: latest?.rates ?? null, investment: [...investment] };
}

function storedRates(text: string): Partial<Record<RateKey, string>> {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const rates: Partial<Record<RateKey, string>> = {};
  for (const key of RATE_KEYS) {
    const rate = parsed[key];
    if (typeof rate === "string") rates[key] = rate;
  }
  return rates;
}

function viewOf(row: StoredQuote): QuoteView {
  const lines = row.lines.sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    number: row.number,
    clientId: row.clientId,
    rates: storedRates(row.rates),
    ratesEffectiveAt: row.ratesEffectiveAt.toISOString(),
    lines: lines
      .filter((line) => line.kind === "item")
      .map((line) =>
        lineView({
          description: line.description,
          category: line.category,
          weightMg: line.weightMg,
          karat: line.karat as RateKey,
          makingType: (line.makingType ?? "fixed") as MakingType,
          makingChargeFils: line.makingChargeFils ?? 0n,
          stoneValueFils: line.stoneValueFils ?? 0n,
          metalValueFils: line.metalValueFils,
          makingFils: line.makingFils,
          lineTotalFils: line.lineTotalFils,
          vatRateBp: line.vatRateBp ?? 0,
        }),
      ),
    exchange: lines
      .filter((line) => line.kind === "exchange")
      .map((line) =>
        exchangeView({
          weightMg: line.weightMg,
          karat: line.karat as RateKey,
          deductionBp: line.deductionBp ?? 0,
          rateFils: parseAedToFils(storedRates(row.rates)[line.karat as RateKey] ?? "0") ?? 0n,
          creditFils: line.lineTotalFils,
        }),
      ),
    subtotal: fils(row.subtotalFils),
    vat: fils(row.vatFils),
    exchangeCredit: fils(row.exchangeCreditFils),
    total: fils(row.totalFils),
    validUntil: row.validUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
  };
}

/** The next number of the shop's year, taken inside the quote's transaction so two quotes never share one. */
async function nextNumber(tx: Prisma.TransactionClient, year: number): Promise<string> {
  const counter = await tx.quoteCounter.upsert({
    where: { year },
    create: { year, last: 1 },
    update: { last: { increment: 1 } },
  });
  return quoteNumber(year, counter.last);
}

/**
 * Prices and saves a quote for a client in the book (or for nobody in particular), with its audit entry. No rate
 * entered yet, a karat the latest entry does not price, or a total below zero is a 400 naming where.
 */
export async function createQuote(
  actor: { id: string; name: string },
  input: QuoteInput,
  ip: string | null,
  now: Date = new Date(),
): Promise<{ ok: true; quote: QuoteView } | QuoteRefusal> {
  if (input.clientId !== null) {
    const client = await db.client.findFirst({ where: writableClient({ id: input.clientId }), select: { id: true } });
    if (!client) return { ok: false, status: 400, path: "clientId", error: message(MESSAGE_CODES.quoteClient) };
  }
  const [latest, investment] = await Promise.all([latestRates(), investmentCategories()]);
  if (!latest) return { ok: false, status: 400, path: "lines", error: message(MESSAGE_CODES.quoteNoRates) };
  const priced = priceQuote(input, latest.rates, investment);
  if (!priced.ok) return { ok: false, status: 400, path: priced.path.join("."), error: priced.error };
  const { quote } = priced;
  const timeZone = appTimezone();
  const row = await db.$transaction(async (tx) => {
    const number = await nextNumber(tx, quoteYear(now, timeZone));
    const created = await tx.quote.create({
      data: {
        number,
        clientId: input.clientId,
        goldRateId: latest.id,
        rates: JSON.stringify(ratesAsDecimals(latest.rates)),
        ratesEffectiveAt: latest.effectiveAt,
        subtotalFils: quote.subtotalFils,
        vatFils: quote.vatFils,
        exchangeCreditFils: quote.exchangeCreditFils,
        totalFils: quote.totalFils,
        validUntil: quoteValidUntil(now, timeZone),
        createdById: actor.id,
        createdByName: actor.name,
        createdAt: now,
        lines: {
          create: [
            ...quote.lines.map((line, position) => ({
              position,
              kind: "item",
              description: line.description,
              category: line.category,
              karat: line.karat,
              weightMg: line.weightMg,
              makingType: line.makingType,
              makingChargeFils: line.makingChargeFils,
              stoneValueFils: line.stoneValueFils,
              metalValueFils: line.metalValueFils,
              makingFils: line.makingFils,
              lineTotalFils: line.lineTotalFils,
              vatRateBp: line.vatRateBp,
            })),
            ...quote.exchange.map((line, index) => ({
              position: quote.lines.length + index,
              kind: "exchange",
              karat: line.karat,
              weightMg: line.weightMg,
              deductionBp: line.deductionBp,
              metalValueFils: line.creditFils,
              lineTotalFils: line.creditFils,
            })),
          ],
        },
      },
      include: { lines: true },
    });
    // The audit entry names the quote and its amounts, never the lines' descriptions (they may name the client).
    await writeAudit(
      {
        actor: actor satisfies AuditActor,
        action: AUDIT_ACTIONS.quoteCreated,
        targetType: input.clientId === null ? "quote" : "client",
        targetId: input.clientId === null ? created.id : String(input.clientId),
        details: { quote: created.number, total: fils(created.totalFils) },
        ip,
      },
      tx,
    );
    return created;
  });
  return { ok: true, quote: viewOf(row) };
}

/** Quote ids are cuids: letters and digits only, so junk (a NUL byte PostgreSQL refuses) never reaches a query. */
const QUOTE_ID = /^[a-z0-9]{8,40}$/i;

/** A saved quote, or null when there is none (or its client is no longer in the book). */
export async function getQuote(id: string): Promise<QuoteView | null> {
  if (!QUOTE_ID.test(id)) return null;
  const row = await db.quote.findUnique({ where: { id }, include: { lines: true } });
  if (!row) return null;
  if (row.clientId !== null) {
    const inBook = await db.client.findFirst({ where: inClientBook({ id: row.clientId }), select: { id: true } });
    if (!inBook) return null;
  }
  return viewOf(row);
}

/** Every quote given to a client, deleted or not, newest first: their data export (docs/privacy.md). */
export async function quotesOfClient(clientId: number): Promise<QuoteView[]> {
  const rows = await db.quote.findMany({
    where: { clientId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { lines: true },
  });
  return rows.map(viewOf);
}

/** A client's quotes newest first (at most LIST_LIMIT), or null when the client is not in the book. */
export async function listClientQuotes(clientId: number): Promise<QuoteView[] | null> {
  const client = await db.client.findFirst({ where: inClientBook({ id: clientId }), select: { id: true } });
  if (!client) return null;
  const rows = await db.quote.findMany({
    where: { clientId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LIST_LIMIT,
    include: { lines: true },
  });
  return rows.map(viewOf);
}
