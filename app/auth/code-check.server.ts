import { db } from "~/db/db.server";
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
export async function currentLock(userId: string | null, ip: string, now = new Date()): Promise<Date | null> {
  const since = new Date(now.getTime() - LOCK_LOOKBACK_MS);
  const [byAccount, byAddress] = await Promise.all([
    userId
      ? db.authAttempt.findMany({
          where: { userId, success: false, createdAt: { gte: since } },
          select: { createdAt: true },
        })
      : Promise.resolve([]),
    db.authAttempt.findMany({
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
 * The one place a six-digit code is checked: lockout first (per account and per address, counted
 * in the database so every app instance agrees), then the user's authenticators, then (for
 * sign-in only) an admin-issued one-time code. Every outcome is recorded.
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
  const lock = await currentLock(input.userId, input.ip, now);
  if (lock) return { ok: false, reason: "locked", lockedUntil: lock, message: lockedMessage(lock, now) };

  let via: "authenticator" | "one_time_code" | null = null;
  const token = input.token.trim();
  if (input.userId && isSixDigitCode(token)) {
    if (await matchAuthenticator(input.userId, token, now)) via = "authenticator";
    else if (input.purpose === "login" && (await matchOneTimeCode(input.userId, token, now))) via = "one_time_code";
  }

  await db.authAttempt.create({
    data: { userId: input.userId, ip: input.ip, purpose: input.purpose, success: via !== null, createdAt: now },
  });
  if (via) return { ok: true, via };

  const actor = input.actor ?? null;
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.codeFailed,
    targetType: "user",
    targetId: input.userId ?? undefined,
    details: { purpose: input.purpose },
    ip: input.ip,
  });
  const lockNow = await currentLock(input.userId, input.ip, now);
  if (lockNow) {
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.locked,
      targetType: "user",
      targetId: input.userId ?? undefined,
      ip: input.ip,
    });
    return { ok: false, reason: "locked", lockedUntil: lockNow, message: lockedMessage(lockNow, now) };
  }
  return { ok: false, reason: "invalid", message: INVALID_CODE };
}
