import { db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { auditRow, type AuditAction, type AuditActor } from "./audit.server";

/**
 * A client's audit entries: every entry about one client has target type "client" and the
 * client's id, one entry per client even when an action touched many (a bulk delete writes one
 * per client), so a client's history is one index range (docs/decisions/014-emirates-id-masking.md).
 */
export const CLIENT_TARGET = "client";

/**
 * The earlier name. The migration renamed single-client entries; entries about several clients
 * written before it keep "customer" and comma-separated ids, and are still read as the client's.
 */
const LEGACY_TARGET = "customer";

/** The audit entries about one client, old multi-client entries included. */
export function clientAuditWhere(clientId: number): Prisma.AuditLogWhereInput {
  const id = String(clientId);
  return {
    OR: [
      { targetType: CLIENT_TARGET, targetId: id },
      {
        targetType: LEGACY_TARGET,
        OR: [
          { targetId: id },
          { targetId: { startsWith: `${id},` } },
          { targetId: { endsWith: `,${id}` } },
          { targetId: { contains: `,${id},` } },
        ],
      },
    ],
  };
}

/** The target of an entry about one client. */
export const clientTarget = (clientId: number) => ({ targetType: CLIENT_TARGET, targetId: String(clientId) });

/** "customer" entries read as "client" entries. */
export function auditTargetType(stored: string | null): string | null {
  return stored === LEGACY_TARGET ? CLIENT_TARGET : stored;
}

/** One entry per client for an action on several at once, in the change's transaction. */
export async function writeClientAudits(
  entry: { actor: AuditActor; action: AuditAction; ip?: string | null; details?: (clientId: number) => unknown },
  clientIds: readonly number[],
  tx: Prisma.TransactionClient = db,
): Promise<void> {
  if (clientIds.length === 0) return;
  await tx.auditLog.createMany({
    data: clientIds.map((id) =>
      auditRow({
        actor: entry.actor,
        action: entry.action,
        ...clientTarget(id),
        details: entry.details?.(id),
        ip: entry.ip,
      }),
    ),
  });
}
