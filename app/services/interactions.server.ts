import { db } from "~/db/db.server";
import { clientTarget } from "./client-audit.server";
import type { InteractionInput, InteractionType } from "~/domain/interactions";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { inClientBook, writableClient } from "./client-book.server";

export type InteractionJson = {
  id: string;
  type: string;
  note: string | null;
  outcome: string | null;
  at: string;
  userId: string | null;
  userName: string | null;
};

/** The client's contacts, newest first; null when the client is not in the book. */
export async function listClientInteractions(clientId: number, limit = 200): Promise<InteractionJson[] | null> {
  const client = await db.client.findFirst({ where: inClientBook({ id: clientId }), select: { id: true } });
  return client ? interactionsOf(clientId, limit) : null;
}

/** A client's contacts, deleted client or not, newest first; every one without a `limit` (the data export). */
export async function interactionsOf(clientId: number, limit?: number): Promise<InteractionJson[]> {
  const rows = await db.clientInteraction.findMany({
    where: { clientId },
    orderBy: [{ at: "desc" }, { createdAt: "desc" }],
    take: limit,
    select: {
      id: true,
      type: true,
      note: true,
      outcome: true,
      at: true,
      userId: true,
      user: { select: { name: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    note: r.note,
    outcome: r.outcome,
    at: r.at.toISOString(),
    userId: r.userId,
    userName: r.user?.name ?? null,
  }));
}

/**
 * Records one contact with a client in the book (not erased) and moves the client's last contact forward (a
 * back-dated contact never moves it back; the conditional update keeps racing writers honest).
 * Audited. Null when the client is not in the book or was erased.
 */
export async function recordInteraction(
  clientId: number,
  input: InteractionInput,
  actor: { id: string; name: string },
  ip: string | null = null,
): Promise<InteractionJson | null> {
  const saved = await db.$transaction(async (tx) => {
    const client = await tx.client.findFirst({ where: writableClient({ id: clientId }), select: { id: true } });
    if (!client) return null;
    const row = await tx.clientInteraction.create({
      data: {
        clientId,
        type: input.type satisfies InteractionType,
        note: input.note,
        outcome: input.outcome,
        at: input.at,
        userId: actor.id,
      },
    });
    await tx.client.updateMany({
      where: { id: clientId, OR: [{ lastContactAt: null }, { lastContactAt: { lte: input.at } }] },
      data: { lastContactAt: input.at, lastContactType: input.type, lastContactById: actor.id },
    });
    return row;
  });
  if (!saved) return null;
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.interactionRecorded,
    ...clientTarget(clientId),
    details: { type: saved.type, at: saved.at.toISOString(), outcome: saved.outcome },
    ip: ip ?? undefined,
  });
  return {
    id: saved.id,
    type: saved.type,
    note: saved.note,
    outcome: saved.outcome,
    at: saved.at.toISOString(),
    userId: actor.id,
    userName: actor.name,
  };
}
