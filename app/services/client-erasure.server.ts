import { db, sqlTimestamp } from "~/db.server";
import {
  ALREADY_ERASED,
  CLEARED_FIELDS,
  erasedClientName,
  erasedMobile,
  erasedSearchText,
} from "~/domain/client-erasure";
import { CONSENT_CHANNELS, CONSENT_COLUMNS } from "~/domain/consent";
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
 * touched, so two erasures of one client never both count. Returns the ids this call erased.
 */
export async function eraseClientsIn(
  tx: Prisma.TransactionClient,
  clientIds: readonly number[],
  by: ErasedBy,
  now: Date,
): Promise<number[]> {
  if (clientIds.length === 0) return [];
  const perClient = (valueOf: (id: number) => string) =>
    Prisma.sql`CASE "id" ${Prisma.join(
      clientIds.map((id) => Prisma.sql`WHEN ${id} THEN ${valueOf(id)}`),
      " ",
    )} END`;
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
  return erased;
}

/**
 * The last lead list a user generated is kept for its export: one naming an erased client is
 * dropped (the user generates a new one). A few rows, one per user, read after the erasure.
 */
export async function forgetErasedInLeadRuns(clientIds: readonly number[]): Promise<void> {
  if (clientIds.length === 0) return;
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
  await forgetErasedInLeadRuns(erased);
  return { ok: true };
}
