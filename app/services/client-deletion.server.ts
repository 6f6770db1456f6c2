import { db } from "~/db/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, type AuditAction } from "./audit.server";
import { writeClientAudits } from "./client-audit.server";
import { CLIENT_BOOK } from "./client-book.server";
import { searchDeletedClients } from "./client-queries.server";
import type { Actor } from "./client-writes.server";

/**
 * Deleting clients (soft: docs/decisions/004-soft-delete.md) and restoring them are one mechanism
 * run in either direction: clients move between the book and the deleted list in batches, each
 * batch one transaction with its audit entry, so no move goes unrecorded.
 */

/** Bulk delete (and restore) runs in batches of 50. */
export const DELETE_BATCH_SIZE = 50;

type Move = {
  /** Which clients can make the move. */
  from: Prisma.ClientWhereInput;
  to: (actor: Actor, now: Date) => Prisma.ClientUpdateManyMutationInput & { deletedById?: string | null };
  /** Whether the moved clients' jobs are then in the book (Job.inClientBook, docs/decisions/044-job-bag.md). */
  jobsInBook: boolean;
  action: AuditAction;
};

const MOVES = {
  delete: {
    from: CLIENT_BOOK,
    to: (actor, now) => ({ deletedAt: now, deletedById: actor.id }),
    jobsInBook: false,
    action: AUDIT_ACTIONS.clientsDeleted,
  },
  restore: {
    // A merged-away client comes back only through its merge's undo (client-merge.server.ts).
    from: { deletedAt: { not: null }, mergedIntoId: null },
    to: () => ({ deletedAt: null, deletedById: null }),
    jobsInBook: true,
    action: AUDIT_ACTIONS.clientsRestored,
  },
} satisfies Record<string, Move>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function moveClients(
  move: Move,
  ids: readonly number[],
  actor: Actor,
  ip: string | null,
  now: Date,
): Promise<number> {
  let moved = 0;
  for (const batch of chunks(ids, DELETE_BATCH_SIZE)) {
    moved += await db.$transaction(async (tx) => {
      const targets = await tx.client.findMany({
        where: { AND: [move.from, { id: { in: batch } }] },
        select: { id: true },
      });
      if (targets.length === 0) return 0;
      const targetIds = targets.map((t) => t.id);
      // The same condition again: a client moved by someone else in between is not moved twice.
      const { count } = await tx.client.updateMany({
        where: { AND: [move.from, { id: { in: targetIds } }] },
        data: move.to(actor, now),
      });
      await tx.job.updateMany({ where: { clientId: { in: targetIds } }, data: { inClientBook: move.jobsInBook } });
      // One entry per client, naming no personal value: System Logs shows the client's name.
      await writeClientAudits({ actor, action: move.action, ip }, targetIds, tx);
      return count;
    });
  }
  return moved;
}

/** Moves clients out of the book (the caller has spent a fresh code). */
export async function deleteClients(
  ids: readonly number[],
  actor: Actor,
  ip: string | null,
  now: Date = new Date(),
): Promise<{ deleted: number }> {
  return { deleted: await moveClients(MOVES.delete, ids, actor, ip, now) };
}

/** Puts deleted clients back in the book (admin only: the route checks the role). */
export async function restoreClients(
  ids: readonly number[],
  actor: Actor,
  ip: string | null,
  now: Date = new Date(),
): Promise<{ restored: number }> {
  return { restored: await moveClients(MOVES.restore, ids, actor, ip, now) };
}

export type DeletedClientRow = {
  id: number;
  fullName: string;
  fullNameAr: string | null;
  mobileNumber: string;
  deletedAt: string;
  deletedBy: string | null;
  erased: boolean;
};

/** Deleted clients for the admin's restore view, most recently deleted first. */
export async function listDeletedClients(
  search: string,
  limit = 200,
): Promise<{ rows: DeletedClientRow[]; totalCount: number }> {
  const { ids, count } = await searchDeletedClients(search, limit);
  const found = await db.client.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      fullName: true,
      fullNameAr: true,
      mobileNumber: true,
      deletedAt: true,
      deletedById: true,
      erasedAt: true,
    },
  });
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const userIds = [...new Set(rows.map((r) => r.deletedById).filter((v): v is string => v !== null))];
  const users = userIds.length
    ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return {
    totalCount: count,
    rows: rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      fullNameAr: r.fullNameAr,
      mobileNumber: r.mobileNumber,
      deletedAt: (r.deletedAt ?? new Date(0)).toISOString(),
      deletedBy: r.deletedById ? (names.get(r.deletedById) ?? null) : null,
      erased: r.erasedAt !== null,
    })),
  };
}
