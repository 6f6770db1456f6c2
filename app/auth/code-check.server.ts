import { databaseProvider, db, type Db } from "~/db/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, LOCK_LOOKBACK_MS, lockedUntil } from "~/domain/lockout";
import { AUDIT_ACTIONS, writeAudit } from "~/services/audit.server";
import { codeHashMatches, openDeviceSecret } from "./crypto.server";
import { verifyTotp } from "./totp.server";
import { isSixDigitCode } from "~/domain/one-time-code";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";

export type CodePurpose = "login" | "admin_gate" | "action" | "setup";

export type CodeCheck =
  | { ok: true; via: "authenticator" | "one_time_code" }
  | { ok: false; reason: "invalid" | "locked"; message: Message; lockedUntil?: Date };

export const INVALID_CODE = message(MESSAGE_CODES.invalidCode);

/** "Sign-in is locked for N more minutes", counting a started minute as one. */
export function lockedMessage(until: Date, now = new Date()): Message {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return message(MESSAGE_CODES.locked, { count: minutes });
}

/** The end of the current lock for this account or this address (the later one), if any. */
async function currentLock(
  userId: string | null,
  ip: string,
  now: Date,
  client: Db | Prisma.TransactionClient = db,
): Promise<Date | null> {
  const since = new Date(now.getTime() - LOCK_LOOKBACK_MS);
  const [byAccount, byAddress] = await Promise.all([
    userId
      ? client.authAttempt.findMany({
          where: { userId, success: false, createdAt: { gte: since } },
          select: { createdAt: true },
        })
      : Promise.resolve([]),
    client.authAttempt.findMany({
      where: { ip, success: false, createdAt: { gte: since } },
      select: { createdAt: true },
    }),
  ]);
  const locks = [
    lockedUntil(
      byAccount.map((a) => a.createdAt),
      now,
      ACCOUNT_FAILURE_LIMIT,
    ),
    lockedUntil(
      byAddress.map((a) => a.createdAt),
      now,
      ADDRESS_FAILURE_LIMIT,
    ),
  ].filter((d): d is Date => d !== null);
  return locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
}

/** An attempt taken before its code is checked, counted as a failure until settled. */
export type AttemptTicket = { ok: true; attemptId: string } | { ok: false; lockedUntil: Date; message: Message };

/** How long a code check waits for the others of the same account or address to take their turn. */
const TURN_WAIT_MS = 10_000;

/**
 * The lock check and the attempt's record in one step: in one transaction, the attempts of this
 * account and address are counted and, unless they lock it, a failed attempt is recorded before
 * any code is looked at. Parallel requests therefore take turns, and each sees the ones before it,
 * so no more codes are checked than the limits allow (issue #43). SQLite transactions hold the
 * write lock from BEGIN (app/db/db.server.ts); PostgreSQL takes transaction-scoped advisory locks
 * on the account and the address (always in that order, so two checks never wait on each other),
 * as the account may be a decoy with no row to lock.
 */
export async function takeCodeAttempt(input: {
  userId: string | null;
  ip: string;
  purpose: CodePurpose;
  now: Date;
}): Promise<AttemptTicket> {
  const { userId, ip, purpose, now } = input;
  return db.$transaction(
    async (tx): Promise<AttemptTicket> => {
      if (databaseProvider === "postgresql") {
        for (const key of [userId === null ? null : `sign-in account ${userId}`, `sign-in address ${ip}`]) {
          if (key) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
        }
      }
      const lock = await currentLock(userId, ip, now, tx);
      if (lock) return { ok: false, lockedUntil: lock, message: lockedMessage(lock, now) };
      const attempt = await tx.authAttempt.create({
        data: { userId, ip, purpose, success: false, createdAt: now },
        select: { id: true },
      });
      return { ok: true, attemptId: attempt.id };
    },
    { maxWait: TURN_WAIT_MS, timeout: TURN_WAIT_MS },
  );
}

/** Marks a taken attempt as the success it turned out to be (a failure stays as recorded). */
export async function attemptSucceeded(attemptId: string): Promise<void> {
  await db.authAttempt.update({ where: { id: attemptId }, data: { success: true } });
}

/** Drops a taken attempt whose code was never checked (nothing to check it against). */
export async function attemptNotMade(attemptId: string): Promise<void> {
  await db.authAttempt.deleteMany({ where: { id: attemptId } });
}

/**
 * After a failure: the audit entry, and whether this failure (or those beside it) locked the
 * account or address.
 */
export async function recordCodeFailure(input: {
  userId: string | null;
  ip: string;
  purpose: CodePurpose;
  actor: { id: string; name: string } | null;
  now: Date;
}): Promise<{ lockedUntil: Date; message: Message } | null> {
  const { userId, ip, actor, now } = input;
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.codeFailed,
    targetType: "user",
    targetId: userId ?? undefined,
    details: { purpose: input.purpose },
    ip,
  });
  const lockNow = await currentLock(userId, ip, now);
  if (!lockNow) return null;
  await writeAudit({ actor, action: AUDIT_ACTIONS.locked, targetType: "user", targetId: userId ?? undefined, ip });
  return { lockedUntil: lockNow, message: lockedMessage(lockNow, now) };
}

/** Tries the code against the user's linked authenticators; a code's time step is used once. */
async function matchAuthenticator(userId: string, token: string, now: Date): Promise<boolean> {
  const devices = await db.authenticatorDevice.findMany({
    where: { userId, verifiedAt: { not: null } },
    select: { id: true, secretEncrypted: true, lastUsedStep: true },
  });
  for (const device of devices) {
    let secret: string;
    try {
      secret = openDeviceSecret(userId, device.secretEncrypted);
    } catch {
      continue; // sealed for another user, or under a key no longer configured: never a match
    }
    const result = verifyTotp(secret, token, device.lastUsedStep, now);
    if (!result.ok) continue;
    // Conditional update: of two requests racing with the same code, only one moves the step.
    const { count } = await db.authenticatorDevice.updateMany({
      where: { id: device.id, lastUsedStep: { lt: result.step } },
      data: { lastUsedStep: result.step },
    });
    if (count === 1) return true;
  }
  return false;
}

/** Admin-issued one-time codes: unexpired, unused, and spent by this check. */
async function matchOneTimeCode(userId: string, token: string, now: Date): Promise<boolean> {
  const codes = await db.oneTimeCode.findMany({
    where: { userId, usedAt: null, expiresAt: { gt: now } },
    select: { id: true, codeHash: true },
  });
  const match = codes.find((c) => codeHashMatches(c.codeHash, token));
  if (!match) return false;
  const { count } = await db.oneTimeCode.updateMany({ where: { id: match.id, usedAt: null }, data: { usedAt: now } });
  return count === 1;
}

/**
 * The one place a six-digit code is checked: an attempt is taken first, atomically with the
 * lockout check (per account and per address, counted in the database so every app instance
 * agrees; takeCodeAttempt), then the user's authenticators, then (for sign-in only) an
 * admin-issued one-time code. Every outcome is recorded.
 */
export async function checkUserCode(input: {
  userId: string | null;
  token: string;
  purpose: CodePurpose;
  ip: string;
  actor?: { id: string; name: string } | null;
  now?: Date;
}): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  const ticket = await takeCodeAttempt({ userId: input.userId, ip: input.ip, purpose: input.purpose, now });
  if (!ticket.ok) return { ok: false, reason: "locked", lockedUntil: ticket.lockedUntil, message: ticket.message };

  let via: "authenticator" | "one_time_code" | null = null;
  const token = input.token.trim();
  if (input.userId && isSixDigitCode(token)) {
    if (await matchAuthenticator(input.userId, token, now)) via = "authenticator";
    else if (input.purpose === "login" && (await matchOneTimeCode(input.userId, token, now))) via = "one_time_code";
  }
  if (via) {
    await attemptSucceeded(ticket.attemptId);
    return { ok: true, via };
  }

  const lock = await recordCodeFailure({ ...input, actor: input.actor ?? null, now });
  if (lock) return { ok: false, reason: "locked", ...lock };
  return { ok: false, reason: "invalid", message: INVALID_CODE };
}
