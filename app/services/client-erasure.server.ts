import { db, sqlTimestamp } from "~/db/db.server";
import {
  ALREADY_ERASED,
  CLEARED_FIELDS,
  erasedClientName,
  erasedMobile,
  erasedSearchText,
} from "~/domain/client-erasure";
import { CONSENT_CHANNELS, CONSENT_COLUMNS } from "~/domain/consent";
import type { SkippedRow } from "~/domain/import-report";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS } from "./audit.server";
import { eraseFromClientAudit, writeClientAudits } from "./client-audit.server";

/**
 * Erasure (docs/decisions/015-client-data-rights.md, docs/privacy.md): a client's personal data
 * wiped in place, for a person's request (an admin, with a fresh code) or by the retention job.
 * The row stays, named "Erased client #id", so its sales keep counting as anonymous amounts; its
 * mobile is freed; contact and follow-up notes, consent history, sale descriptions and the
 * personal values in its audit entries go. Irreversible.
 */

/** Who erases: an admin answering a request, or the retention job (no signed-in user). */
export type ErasedBy =
  | { reason: "request"; actor: { id: string; name: string }; ip?: string | null }
  | { reason: "retention"; actorName: string };

/** The Customer columns of the wiped fields, named from the registry (nothing typed in by a user). */
const column = (name: string) => Prisma.raw(`"${name}"`);

/**
 * Erases a batch in the caller's transaction, set-based: one UPDATE per table for the whole batch
 * (the retention job's batches must hold the write lock briefly). Only clients not yet erased are
 * touched, so two erasures of one client never both count. Returns the clients this call erased,
 * with the mobiles they had, for forgetErasedElsewhere once the transaction is over.
 */
export async function eraseClientsIn(
  tx: Prisma.TransactionClient,
  clientIds: readonly number[],
  by: ErasedBy,
  now: Date,
): Promise<ErasedClient[]> {
  if (clientIds.length === 0) return [];
  const perClient = (valueOf: (id: number) => string) =>
    Prisma.sql`CASE "id" ${Prisma.join(
      clientIds.map((id) => Prisma.sql`WHEN ${id} THEN ${valueOf(id)}`),
      " ",
    )} END`;
  // The mobiles as they stand, to find the people in imports' skipped rows once the rows are wiped.
  const before = await tx.client.findMany({
    where: { id: { in: [...clientIds] }, erasedAt: null },
    select: { id: true, mobileNumber: true },
  });
  const at = sqlTimestamp(now);
  const assignments = [
    Prisma.sql`"fullName" = ${perClient(erasedClientName)}`,
    Prisma.sql`"mobileNumber" = ${perClient(erasedMobile)}`,
    Prisma.sql`"searchText" = ${perClient(erasedSearchText)}`,
    ...CLEARED_FIELDS.map((name) => Prisma.sql`${column(name)} = NULL`),
    Prisma.sql`"birthMonthDay" = NULL`,
    Prisma.sql`"anniversaryMonthDay" = NULL`,
    // Nobody may contact an erased client: every button, lead and route already honours this.
    ...CONSENT_CHANNELS.map((channel) => Prisma.sql`${column(CONSENT_COLUMNS[channel])} = 'withdrawn'`),
    Prisma.sql`"erasedAt" = ${at}`,
    Prisma.sql`"erasedById" = ${by.reason === "request" ? by.actor.id : null}`,
    Prisma.sql`"updatedAt" = ${at}`,
  ];
  const rows = await tx.$queryRaw<{ id: number | bigint }[]>`
    UPDATE "Customer" SET ${Prisma.join(assignments, ", ")}
    WHERE "id" IN (${Prisma.join(clientIds)}) AND "erasedAt" IS NULL
    RETURNING "id"`;
  const erased = rows.map((r) => Number(r.id));
  if (erased.length === 0) return [];
  const mobileOf = new Map(before.map((c) => [c.id, c.mobileNumber]));
  // Only rows that hold something are rewritten: every page written is time the write lock is held.
  const ofErased = { clientId: { in: erased } };
  const withText = [{ note: { not: null } }, { outcome: { not: null } }];
  await tx.clientInteraction.updateMany({ where: { ...ofErased, OR: withText }, data: { note: null, outcome: null } });
  // Nobody will make those calls: open follow-ups close as cancelled.
  await tx.followUp.updateMany({ where: { ...ofErased, status: "open" }, data: { status: "cancelled", doneAt: now } });
  await tx.followUp.updateMany({ where: { ...ofErased, OR: withText }, data: { note: null, outcome: null } });
  await tx.clientConsent.deleteMany({ where: ofErased });
  // Family members are people of their own, named and dated: they go (docs/decisions/019).
  await tx.clientFamilyMember.deleteMany({ where: ofErased });
  // A sale's amount, day, items, invoice and void stay (the business's records); its free text goes.
  await tx.sale.updateMany({ where: { ...ofErased, description: { not: null } }, data: { description: null } });
  await eraseFromClientAudit(tx, erased);
  await writeClientAudits(
    by.reason === "request"
      ? { actor: by.actor, action: AUDIT_ACTIONS.clientErased, ip: by.ip, details: () => ({ reason: by.reason }) }
      : {
          actor: null,
          actorName: by.actorName,
          action: AUDIT_ACTIONS.clientErased,
          details: () => ({ reason: by.reason }),
        },
    erased,
    tx,
  );
  return erased.map((id) => ({ id, mobileNumber: mobileOf.get(id)! }));
}

/** A client an erasure wiped, with the mobile they had. */
export type ErasedClient = { id: number; mobileNumber: string };

/**
 * What holds erased people outside their own rows, cleared after the erasure's transaction (the
 * retention job once after all its batches): saved lead lists and imports' skipped rows.
 */
export async function forgetErasedElsewhere(clients: readonly ErasedClient[]): Promise<void> {
  if (clients.length === 0) return;
  await forgetErasedInLeadRuns(clients.map((c) => c.id));
  await forgetErasedInSkippedRows(clients.map((c) => c.mobileNumber));
}

/**
 * The last lead list a user generated is kept for its export: one naming an erased client is
 * dropped (the user generates a new one). A few rows, one per user, read after the erasure.
 */
async function forgetErasedInLeadRuns(clientIds: readonly number[]): Promise<void> {
  const erased = new Set(clientIds);
  const runs = await db.leadRun.findMany({ select: { id: true, leadsJson: true } });
  const naming = runs.filter((run) => {
    try {
      const leads: unknown = JSON.parse(run.leadsJson);
      return (
        Array.isArray(leads) &&
        leads.some((lead) => erased.has((lead as { clientId?: unknown } | null)?.clientId as number))
      );
    } catch {
      return false;
    }
  });
  if (naming.length > 0) await db.leadRun.deleteMany({ where: { id: { in: naming.map((r) => r.id) } } });
}

/** Imports whose skipped rows are read at a time: a run's rows can be many. */
const SKIPPED_RUNS_PAGE = 20;

/**
 * An import keeps the rows it skipped (name, mobile and every value typed) for its uploader's
 * "export skipped" download; a row skipped because the person was already on file carries their
 * mobile as stored, and goes with them. Runs are read a page at a time along the primary key.
 */
async function forgetErasedInSkippedRows(mobiles: readonly string[]): Promise<void> {
  const erased = new Set(mobiles);
  for (let after = ""; ;) {
    const runs = await db.importRun.findMany({
      where: { id: { gt: after }, skipped: { gt: 0 } },
      select: { id: true, skippedJson: true },
      orderBy: { id: "asc" },
      take: SKIPPED_RUNS_PAGE,
    });
    for (const run of runs) {
      const rows = JSON.parse(run.skippedJson) as SkippedRow[];
      const kept = rows.filter((row) => !erased.has(row.mobile));
      if (kept.length < rows.length)
        await db.importRun.update({ where: { id: run.id }, data: { skippedJson: JSON.stringify(kept) } });
    }
    if (runs.length < SKIPPED_RUNS_PAGE) return;
    after = runs[runs.length - 1]!.id;
  }
}

/** A client as the erase prompt needs them, deleted ones included; null when there is none. */
export function findClientToErase(clientId: number) {
  return db.client.findUnique({
    where: { id: clientId },
    select: { id: true, fullName: true, deletedAt: true, erasedAt: true },
  });
}

export type ErasureResult = { ok: true } | { ok: false; status: 404 | 409; error: string };

/** An admin's erasure of one client, in the book or deleted (the caller has spent a fresh code). */
export async function eraseClient(
  clientId: number,
  actor: { id: string; name: string },
  ip: string | null = null,
  now: Date = new Date(),
): Promise<ErasureResult> {
  const client = await findClientToErase(clientId);
  if (!client) return { ok: false, status: 404, error: "Client not found" };
  if (client.erasedAt) return { ok: false, status: 409, error: ALREADY_ERASED };
  const erased = await db.$transaction((tx) => eraseClientsIn(tx, [clientId], { reason: "request", actor, ip }, now));
  if (erased.length === 0) return { ok: false, status: 409, error: ALREADY_ERASED };
  await forgetErasedElsewhere(erased);
  return { ok: true };
}
