import { databaseProvider, db } from "~/db/db.server";
import { revealAllowance, revealWindowStart } from "~/domain/client-privacy";
import { MESSAGE_CODES } from "~/domain/message-codes";
import type { Role } from "~/domain/roles";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { inClientBook } from "./client-book.server";
import { clientTarget } from "./client-audit.server";

export type RevealResult =
  | { ok: true; emiratesId: string | null; emiratesIdPictures: string | null; emiratesIdPicture: string | null }
  // A code (not found) or the reveal limit's English (app/domain/client-privacy.ts), as the JSON says them.
  | { ok: false; status: 404 | 429; error: string; retryAt?: Date };

/**
 * Reveal: a client's Emirates ID number and its picture links in full, for the Reveal button on
 * the client's details and POST /api/clients/:id/reveal-emirates-id alike. Each reveal is an audit
 * entry (who, which client, when), and a user may reveal at most REVEAL_LIMIT an hour, counted
 * from those entries in the database so every worker process and instance agrees
 * (docs/decisions/014-emirates-id-masking.md).
 */
export async function revealEmiratesId(
  clientId: number,
  viewer: { id: string; name: string; role: Role },
  ip: string | null = null,
): Promise<RevealResult> {
  return db.$transaction(async (tx) => {
    const client = await tx.client.findFirst({
      where: inClientBook({ id: clientId }),
      select: { emiratesId: true, emiratesIdPictures: true, emiratesIdPicture: true },
    });
    if (!client) return { ok: false, status: 404, error: MESSAGE_CODES.clientNotFound };
    const revealed = Object.entries(client)
      .filter(([, value]) => value !== null && value !== "")
      .map(([name]) => name);
    // Nothing recorded, nothing revealed: no entry and no count.
    if (revealed.length === 0) return { ok: true, ...client };
    // Count, then record, with no other reveal of this user in between. SQLite transactions
    // already hold the write lock from BEGIN (app/db/db.server.ts); PostgreSQL locks the user's row.
    if (databaseProvider === "postgresql")
      await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${viewer.id} FOR UPDATE`;
    const now = new Date();
    const recent = await tx.auditLog.findMany({
      where: {
        actorId: viewer.id,
        action: AUDIT_ACTIONS.emiratesIdRevealed,
        createdAt: { gt: revealWindowStart(now) },
      },
      select: { createdAt: true },
    });
    const allowance = revealAllowance(
      recent.map((r) => r.createdAt),
      now,
    );
    if (!allowance.ok) return { ok: false, status: 429, error: allowance.message, retryAt: allowance.retryAt };
    await writeAudit(
      {
        actor: viewer,
        action: AUDIT_ACTIONS.emiratesIdRevealed,
        ...clientTarget(clientId),
        details: { fields: revealed },
        ip,
      },
      tx,
    );
    return { ok: true, ...client };
  });
}
