import { readUntilWritten } from "~/cache/kept-reads.server";
import { db } from "~/db/db.server";
import {
  GOLD_RATE_API_LIMIT,
  ratesAsDecimals,
  type GoldRateInput,
  type GoldRateView,
  type RatesInFils,
} from "~/domain/gold-rates";
import type { GoldRate } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit, type AuditActor } from "./audit.server";

/**
 * The rate of the day (docs/decisions/042-gold-rates.md): an admin enters the per-gram rates, each entry in
 * the audit log; every staff page's top bar reads the latest, kept until the next write. An entry is never
 * changed or deleted, so nothing here updates a row: a correction is a new entry.
 */

/** The latest entry first: the latest moment it takes effect, then the last entered (a back-dated correction). */
const NEWEST_FIRST = [{ effectiveAt: "desc" as const }, { createdAt: "desc" as const }];

function viewOf(row: GoldRate): GoldRateView {
  const rates: RatesInFils = {
    "24": row.karat24Fils,
    "22": row.karat22Fils,
    "21": row.karat21Fils,
    "18": row.karat18Fils,
  };
  if (row.platinumFils !== null) rates.platinum = row.platinumFils;
  if (row.silverFils !== null) rates.silver = row.silverFils;
  return {
    id: row.id,
    effectiveAt: row.effectiveAt.toISOString(),
    rates: ratesAsDecimals(rates),
    enteredByName: row.enteredByName,
  };
}

/** Records an entry and its audit entry together. The actor is the admin who typed it. */
export async function recordGoldRate(
  actor: { id: string; name: string },
  input: GoldRateInput,
  ip: string | null,
): Promise<GoldRateView> {
  const { rates, effectiveAt } = input;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.goldRate.create({
      data: {
        effectiveAt,
        karat24Fils: rates["24"],
        karat22Fils: rates["22"],
        karat21Fils: rates["21"],
        karat18Fils: rates["18"],
        platinumFils: rates.platinum ?? null,
        silverFils: rates.silver ?? null,
        enteredById: actor.id,
        enteredByName: actor.name,
      },
    });
    await writeAudit(
      {
        actor: actor satisfies AuditActor,
        action: AUDIT_ACTIONS.goldRateRecorded,
        targetType: "gold_rate",
        targetId: created.id,
        details: { effectiveAt: effectiveAt.toISOString(), rates: ratesAsDecimals(rates) },
        ip,
      },
      tx,
    );
    return created;
  });
  return viewOf(row);
}

/**
 * The entry that stands now, or null before the first. Every signed-in page's layout asks, so it is kept until
 * the database is written or the shop's day turns (app/cache/README.md); its key holds nothing else, since
 * the answer is the same for every user and language.
 */
export function readLatestGoldRate(): Promise<GoldRateView | null> {
  return readUntilWritten("gold-rate-latest", async () => {
    const row = await db.goldRate.findFirst({ orderBy: NEWEST_FIRST });
    return row ? viewOf(row) : null;
  });
}

/** Entries newest first: those taking effect from `from` and before `before` when given, at most `take`. */
export async function listGoldRates(
  range: { from?: Date | null; before?: Date | null } = {},
  take: number = GOLD_RATE_API_LIMIT,
): Promise<GoldRateView[]> {
  const effectiveAt = {
    ...(range.from ? { gte: range.from } : {}),
    ...(range.before ? { lt: range.before } : {}),
  };
  const rows = await db.goldRate.findMany({ where: { effectiveAt }, orderBy: NEWEST_FIRST, take });
  return rows.map(viewOf);
}
