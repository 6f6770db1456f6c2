import { db } from "~/db/db.server";
import type { CurrentSession } from "./session.server";

/** User management stays unlocked this long after the last use of the admin gate. */
export const ADMIN_GATE_IDLE_MS = 15 * 60_000;
/** A code verified for a destructive action is good for this long, and for one action. */
export const ACTION_VERIFICATION_MS = 5 * 60_000;

export async function openAdminGate(sessionId: string, now = new Date()): Promise<void> {
  await db.session.update({
    where: { id: sessionId },
    data: { adminUnlockedUntil: new Date(now.getTime() + ADMIN_GATE_IDLE_MS) },
  });
}

/**
 * True while the gate is open for this session; each use slides the expiry (idle timeout).
 * Stored on the session row, so every app instance sees the same unlock.
 */
export async function isAdminGateOpen(session: CurrentSession, now = new Date()): Promise<boolean> {
  if (!session.adminUnlockedUntil || session.adminUnlockedUntil.getTime() <= now.getTime()) return false;
  await openAdminGate(session.id, now);
  return true;
}

export async function markActionVerified(sessionId: string, now = new Date()): Promise<void> {
  await db.session.update({
    where: { id: sessionId },
    data: { actionVerifiedUntil: new Date(now.getTime() + ACTION_VERIFICATION_MS) },
  });
}

/**
 * Spends the session's fresh verification, if there is one: the server decides, whatever the
 * client's body says. Atomic, so two deletes cannot share one code.
 */
export async function consumeActionVerification(sessionId: string, now = new Date()): Promise<boolean> {
  const { count } = await db.session.updateMany({
    where: { id: sessionId, actionVerifiedUntil: { gt: now } },
    data: { actionVerifiedUntil: null },
  });
  return count === 1;
}
