import { checkUserCode } from "~/auth/code-check.server";
import type { CurrentSession } from "~/auth/session.server";
import { markActionVerified, openAdminGate } from "~/auth/verification.server";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { CODE_INCOMPLETE, isSixDigitCode } from "~/domain/one-time-code";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";

export type VerificationResult = { ok: true } | { ok: false; status: 400 | 401 | 403 | 429; error: Message };

function badFormat(token: string): VerificationResult | null {
  return isSixDigitCode(token) ? null : { ok: false, status: 400, error: CODE_INCOMPLETE };
}

/**
 * Opens user management for this session (docs/product-rules.md §2 'Admin Verification Required'): the acting
 * admin's own authenticator code, checked and rate-limited like a sign-in.
 */
export async function verifyAdminGate(session: CurrentSession, token: string, ip: string): Promise<VerificationResult> {
  if (session.user.role !== "admin") return { ok: false, status: 403, error: message(MESSAGE_CODES.adminsOnly) };
  const invalid = badFormat(token);
  if (invalid) return invalid;
  const check = await checkUserCode({ userId: session.user.id, token, purpose: "admin_gate", ip, actor: session.user });
  if (!check.ok) return { ok: false, status: check.reason === "locked" ? 429 : 401, error: check.message };
  await openAdminGate(session.id);
  await writeAudit({ actor: session.user, action: AUDIT_ACTIONS.adminGateUnlocked, ip });
  return { ok: true };
}

/** A fresh code before a destructive action (customer deletion); good for one action, a few minutes. */
export async function verifyForAction(session: CurrentSession, token: string, ip: string): Promise<VerificationResult> {
  const invalid = badFormat(token);
  if (invalid) return invalid;
  const check = await checkUserCode({ userId: session.user.id, token, purpose: "action", ip, actor: session.user });
  if (!check.ok) return { ok: false, status: check.reason === "locked" ? 429 : 401, error: check.message };
  await markActionVerified(session.id);
  await writeAudit({ actor: session.user, action: AUDIT_ACTIONS.actionVerified, ip });
  return { ok: true };
}
