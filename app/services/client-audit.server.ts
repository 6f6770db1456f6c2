import { db } from "~/db/db.server";
import { detailsWithout, FREE_TEXT_KEYS } from "~/domain/client-audit-details";
import { parseClientIds } from "~/domain/client-ids";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudits, type AuditAction, type AuditActor } from "./audit.server";

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

/** One entry per client for an action on several at once, in the change's transaction: one INSERT. */
export async function writeClientAudits(
  entry: {
    actor: AuditActor;
    actorName?: string;
    action: AuditAction;
    ip?: string | null;
    details?: (clientId: number) => unknown;
  },
  clientIds: readonly number[],
  tx: Prisma.TransactionClient = db,
): Promise<void> {
  await writeAudits(
    clientIds.map((id) => ({
      actor: entry.actor,
      actorName: entry.actorName,
      action: entry.action,
      ...clientTarget(id),
      details: entry.details?.(id),
      ip: entry.ip,
    })),
    tx,
  );
}

/**
 * Erasure's part of the audit log: the entries about these clients keep what happened, when and
 * by whom, but lose the personal values a few of them hold (free text: an outcome, a void's reason; names and mobiles
 * copied by entries older than decision 014, app/domain/client-audit-details.ts). Only entries
 * that can hold one are read, and they are rewritten in one statement per 500. Returns how many.
 */
export async function eraseFromClientAudit(tx: Prisma.TransactionClient, clientIds: readonly number[]) {
  if (clientIds.length === 0) return 0;
  const erased = new Set(clientIds);
  const rows = await tx.auditLog.findMany({
    where: {
      OR: [
        {
          targetType: CLIENT_TARGET,
          targetId: { in: clientIds.map(String) },
          OR: [
            { details: { contains: '"clients"' } },
            ...FREE_TEXT_KEYS.map((key) => ({ details: { contains: `"${key}":"` } })),
          ],
        },
        // The bounded set of old multi-client entries (nothing new is written that way).
        { targetType: LEGACY_TARGET, details: { contains: '"clients"' } },
      ],
    },
    select: { id: true, targetId: true, details: true },
  });
  const rewritten: { id: string; details: string }[] = [];
  for (const row of rows) {
    const targetIds = parseClientIds((row.targetId ?? "").split(","));
    let details = parsedDetails(row.details);
    let changed = false;
    for (const id of targetIds.filter((t) => erased.has(t))) {
      const without = detailsWithout(details, id, targetIds);
      if (without) [details, changed] = [without, true];
    }
    if (changed) rewritten.push({ id: row.id, details: JSON.stringify(details) });
  }
  await rewriteDetails(tx, rewritten);
  return rewritten.length;
}

/**
 * The retention job's part when contact notes are cleared: a contact's audit entry written before
 * `before` loses its free-text outcome too. One batch of at most `take` entries after the id
 * `after`; returns how many it read (fewer than `take`: the last batch) and the last id.
 */
export async function clearContactOutcomesInAudit(
  tx: Prisma.TransactionClient,
  before: Date,
  { after, take }: { after: string; take: number },
): Promise<{ read: number; lastId: string }> {
  const rows = await tx.auditLog.findMany({
    where: {
      id: { gt: after },
      action: AUDIT_ACTIONS.interactionRecorded,
      createdAt: { lt: before },
      details: { contains: '"outcome":"' },
    },
    select: { id: true, targetId: true, details: true },
    orderBy: { id: "asc" },
    take,
  });
  const rewritten = rows.flatMap((row) => {
    const [clientId] = parseClientIds(row.targetId);
    const without = clientId ? detailsWithout(parsedDetails(row.details), clientId, [clientId]) : null;
    return without ? [{ id: row.id, details: JSON.stringify(without) }] : [];
  });
  await rewriteDetails(tx, rewritten);
  return { read: rows.length, lastId: rows.at(-1)?.id ?? after };
}

function parsedDetails(json: string | null): unknown {
  try {
    return JSON.parse(json ?? "null");
  } catch {
    return null;
  }
}

/** New details for some entries, one statement per 500: `CASE "id" WHEN … THEN … END`. */
async function rewriteDetails(tx: Prisma.TransactionClient, rows: readonly { id: string; details: string }[]) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await tx.$executeRaw`UPDATE "AuditLog" SET "details" = CASE "id" ${Prisma.join(
      chunk.map((r) => Prisma.sql`WHEN ${r.id} THEN ${r.details}`),
      " ",
    )} END WHERE "id" IN (${Prisma.join(chunk.map((r) => r.id))})`;
  }
}
