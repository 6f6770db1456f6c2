import { db, readRows } from "~/db/db.server";
import { canReassignClient, ownerIdFor, type OwnerFilter } from "~/domain/client-owner";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { writeClientAudits } from "./client-audit.server";
import { inClientBook } from "./client-book.server";
import { readUntilWritten } from "~/cache/kept-reads.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";

/** The signed-in user as the owner rules need them. */
export type ClientViewer = { id: string; name: string; role: string };

/** The where-clause of an owner filter (indexed on ownerId, deletedAt). */
export function ownerWhere(filter: OwnerFilter | null, viewerId: string): Prisma.ClientWhereInput {
  if (!filter) return {};
  return { ownerId: ownerIdFor(filter, viewerId) };
}

export type OwnerChoice = { id: string; name: string };

/**
 * Active staff, by name: the people a client can be given to. Every client book page asks, so the
 * list is kept until the database is written (decision 031), and read again by one prepared SQL
 * statement rather than the ORM's.
 */
export function listOwnerChoices(): Promise<OwnerChoice[]> {
  return readUntilWritten("owner-choices", () =>
    readRows<OwnerChoice>(Prisma.sql`SELECT "id", "name" FROM "User" WHERE "isActive" = ${true} ORDER BY "name", "id"`),
  );
}

/** Whether a user id names an active member of staff (an owner must be one). */
export async function isActiveOwner(id: string): Promise<boolean> {
  return (await activeUser(id)) !== null;
}

async function activeUser(id: string): Promise<OwnerChoice | null> {
  return db.user.findFirst({ where: { id, isActive: true }, select: { id: true, name: true } });
}

/**
 * The owner of a client being added: the creator unless the request names another active user.
 * Undefined means "not given"; an unknown or inactive id is an error for the caller to report.
 */
export async function ownerForNewClient(
  requested: unknown,
  creatorId: string,
): Promise<{ ok: true; ownerId: string | null } | { ok: false; message: Message }> {
  if (requested === undefined || requested === "") return { ok: true, ownerId: creatorId };
  if (requested === null || requested === "none") return { ok: true, ownerId: null };
  if (typeof requested !== "string") return { ok: false, message: message(MESSAGE_CODES.ownerNotUserId) };
  const owner = await activeUser(requested);
  return owner ? { ok: true, ownerId: owner.id } : { ok: false, message: message(MESSAGE_CODES.ownerInactive) };
}

export type AssignResult =
  | { ok: true; assigned: number; refused: number; ownerName: string | null }
  | { ok: false; status: 400 | 403 | 404; error: Message };

/**
 * Gives clients to an active user (or leaves them unassigned with null). Each client moves only
 * when the viewer is an admin or its current owner; the others are counted as refused. Audited.
 */
export async function assignClientOwner(
  clientIds: readonly number[],
  newOwnerId: string | null,
  viewer: ClientViewer,
  ip: string | null,
): Promise<AssignResult> {
  if (clientIds.length === 0) return { ok: false, status: 400, error: message(MESSAGE_CODES.selectOneClient) };
  const owner = newOwnerId === null ? null : await activeUser(newOwnerId);
  if (newOwnerId !== null && !owner) return { ok: false, status: 400, error: message(MESSAGE_CODES.ownerInactive) };
  const clients = await db.client.findMany({
    where: inClientBook({ id: { in: [...clientIds] } }),
    select: { id: true, fullName: true, ownerId: true },
  });
  if (clients.length === 0) return { ok: false, status: 404, error: message(MESSAGE_CODES.clientNotFound) };
  const allowed = clients.filter((c) => canReassignClient(viewer, c.ownerId));
  if (allowed.length === 0) return { ok: false, status: 403, error: message(MESSAGE_CODES.ownerNotAllowed) };
  const { count } = await db.client.updateMany({
    where: { id: { in: allowed.map((c) => c.id) } },
    data: { ownerId: owner?.id ?? null },
  });
  await writeClientAudits(
    {
      actor: viewer,
      action: AUDIT_ACTIONS.clientOwnerChanged,
      details: () => ({ ownerId: owner?.id ?? null, ownerName: owner?.name ?? null }),
      ip,
    },
    allowed.map((c) => c.id),
  );
  return { ok: true, assigned: count, refused: clients.length - allowed.length, ownerName: owner?.name ?? null };
}

/** How many clients in the book a user owns (the handover prompt on deactivation and deletion). */
export function countOwnedClients(userId: string): Promise<number> {
  return db.client.count({ where: inClientBook({ ownerId: userId }) });
}

/** Every client a user owns, deleted ones included, so a restore lands with someone who works here. */
export async function clientIdsOwnedBy(userId: string): Promise<number[]> {
  const rows = await db.client.findMany({ where: { ownerId: userId }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** The colleagues who can take over a leaving user's clients: every other active user. */
export async function handoverChoices(leavingUserId: string): Promise<{ clientCount: number; owners: OwnerChoice[] }> {
  const [clientCount, owners] = await Promise.all([countOwnedClients(leavingUserId), listOwnerChoices()]);
  return { clientCount, owners: owners.filter((o) => o.id !== leavingUserId) };
}

const HANDOVER_BATCH = 500;

/**
 * Hands a leaving user's clients (ids taken before they were deactivated or deleted; deletion
 * unassigns them) to an active colleague, an admin's choice. Clients someone reassigned in the
 * meantime stay where they are. Audited.
 */
export async function handOverClients(
  fromUser: { id: string; name: string },
  clientIds: readonly number[],
  toUserId: string,
  actor: ClientViewer,
  ip: string | null,
): Promise<{ ok: true; moved: number; toName: string } | { ok: false; error: Message }> {
  if (fromUser.id === toUserId) return { ok: false, error: message(MESSAGE_CODES.handoverSelf) };
  const to = await activeUser(toUserId);
  if (!to) return { ok: false, error: message(MESSAGE_CODES.handoverInactive) };
  let moved = 0;
  for (let i = 0; i < clientIds.length; i += HANDOVER_BATCH) {
    const { count } = await db.client.updateMany({
      where: {
        id: { in: clientIds.slice(i, i + HANDOVER_BATCH) },
        OR: [{ ownerId: fromUser.id }, { ownerId: null }],
      },
      data: { ownerId: to.id },
    });
    moved += count;
  }
  if (moved > 0)
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.clientOwnerChanged,
      targetType: "user",
      targetId: fromUser.id,
      details: { from: fromUser.name, handedOverTo: to.id, handedOverToName: to.name, clients: moved },
      ip: ip ?? undefined,
    });
  return { ok: true, moved, toName: to.name };
}
