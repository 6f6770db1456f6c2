import { createHmac } from "node:crypto";
import { db } from "~/db/db.server";
import { normalizeMobile } from "~/domain/mobile";
import type { AuthType } from "~/domain/roles";
import { keyRing, subkey } from "./keys.server";

/**
 * Who a sign-in names. An unknown (or inactive) email or phone gets a decoy: an id shaped like a
 * real one and an authType, both derived from a keyed hash of what was typed, so the same question
 * always gets the same answer. Failed codes against a decoy are counted under its id, so it locks
 * exactly like an account. See docs/decisions/007-sign-in-decoys.md.
 */
export type SignInAccount = { id: string; authType: AuthType; exists: boolean };

export type SignInKey = { email: string } | { phone: string };

const CUID = /^c[0-9a-z]{24}$/;
/** A decoy's creation time lies up to this long before the account it borrows its shape from. */
const DECOY_JITTER_MS = 6 * 60 * 60_000;

function keyText(key: SignInKey): string {
  return "email" in key ? `email:${key.email.trim().toLowerCase()}` : `phone:${normalizeMobile(key.phone)}`;
}

function mac(text: string): Buffer {
  return createHmac("sha256", subkey(keyRing().current, "decoy-ids")).update(text).digest();
}

function base36(bytes: Buffer, length: number): string {
  return BigInt(`0x${bytes.toString("hex")}`)
    .toString(36)
    .padStart(length, "0")
    .slice(-length);
}

type PoolMember = { id: string; createdAt: Date; authType: string };

/**
 * The decoy for a key. It borrows its shape from one active account picked by rendezvous hashing
 * (so the pick is stable when staff are added or removed, and decoys follow the real accounts'
 * spread of creation times and sign-in kinds): that account's authType, its creation time less a
 * few hours, and its cuid fingerprint; counter and random parts come from the keyed hash.
 */
export function decoyAccount(key: SignInKey, pool: readonly PoolMember[]): { id: string; authType: AuthType } {
  const text = keyText(key);
  const digest = mac(`decoy:${text}`);
  let chosen: PoolMember | null = null;
  let best = "";
  for (const member of pool) {
    const weight = mac(`decoy-pick:${text}:${member.id}`).toString("hex");
    if (weight > best) [best, chosen] = [weight, member];
  }
  const jitter = digest.readUInt32BE(0) % DECOY_JITTER_MS;
  // With no account at all there is nothing to hide; any fixed, plausible time will do.
  const createdAt = (chosen?.createdAt.getTime() ?? Date.UTC(2025, 0, 1)) - jitter;
  const timestamp = createdAt.toString(36).padStart(8, "0").slice(-8);
  const fingerprint = chosen && CUID.test(chosen.id) ? chosen.id.slice(13, 17) : base36(digest.subarray(4, 8), 4);
  const id = `c${timestamp}${base36(digest.subarray(8, 12), 4)}${fingerprint}${base36(digest.subarray(12, 20), 8)}`;
  return { id, authType: chosen?.authType === "otp" ? "otp" : "totp" };
}

/**
 * Finds the active account for an email or phone, or its decoy. Both paths run the same queries
 * and the same hashing, so the answer's timing does not tell them apart either.
 */
export async function resolveSignInAccount(key: SignInKey): Promise<SignInAccount> {
  const where =
    "email" in key ? { email: key.email.trim().toLowerCase() } : { phone: normalizeMobile(key.phone) || "-" };
  const [user, pool] = await Promise.all([
    db.user.findFirst({ where: { ...where, isActive: true }, select: { id: true, authType: true } }),
    db.user.findMany({ where: { isActive: true }, select: { id: true, createdAt: true, authType: true } }),
  ]);
  const decoy = decoyAccount(key, pool);
  if (user) return { id: user.id, authType: user.authType === "otp" ? "otp" : "totp", exists: true };
  return { ...decoy, exists: false };
}
