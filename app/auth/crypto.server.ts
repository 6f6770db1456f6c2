import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { allKeys, keyRing, legacySecretKeys, legacySessionSecret, subkey, type AppKey } from "./keys.server";

/**
 * Cryptography on the application's keys (app/auth/keys.server.ts): each use has its own HKDF
 * subkey, so a leaked cookie signature key says nothing about stored secrets, and a key can be
 * rotated (`npm run keys:rotate`, see docs/operations.md, "Keys and rotation").
 */

/** Cookie signing secrets, current first: Remix signs with the first and accepts any of them. */
export function cookieSecrets(): string[] {
  return allKeys().map((key) => subkey(key, "cookies").toString("base64url"));
}

/** What an authenticator secret is bound to: its owner, so a sealed secret cannot be moved to another user's row. */
function deviceSecretContext(userId: string): Buffer {
  return Buffer.from(`authenticator-device:${userId}`, "utf8");
}

/**
 * Seals an authenticator secret for a user's device: AES-256-GCM under the current key's
 * "secrets-at-rest" subkey, with the owner's id as associated data. The output is
 * "v2.<key id>.<iv>.<tag>.<ciphertext>" (base64url parts); the key id says which key to open it with.
 */
export function sealDeviceSecret(userId: string, plain: string): string {
  const key = keyRing().current;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", subkey(key, "secrets-at-rest"), iv);
  cipher.setAAD(sealedHeader(key.id, userId));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v2", key.id, ...[iv, cipher.getAuthTag(), data].map((p) => p.toString("base64url"))].join(".");
}

function sealedHeader(keyId: string, userId: string): Buffer {
  return Buffer.concat([Buffer.from(`v2.${keyId}.`), deviceSecretContext(userId)]);
}

/** The id of the key a secret was sealed with ("legacy" for the first releases' format). */
export function sealedKeyId(sealed: string): string {
  const [version, keyId] = sealed.split(".");
  return version === "v2" && keyId ? keyId : "legacy";
}

/** Opens a sealed authenticator secret of this user; throws when it is unreadable or belongs to another user. */
export function openDeviceSecret(userId: string, sealed: string): string {
  const parts = sealed.split(".");
  if (parts[0] === "v1" && parts.length === 4) return openLegacy(parts);
  const [version, keyId, iv, tag, data] = parts;
  const key = allKeys().find((k) => k.id === keyId);
  if (version !== "v2" || !key || !iv || !tag || !data) throw new Error("Unreadable encrypted secret");
  return aesGcmOpen(subkey(key, "secrets-at-rest"), iv, tag, data, sealedHeader(key.id, userId));
}

function openLegacy([, iv, tag, data]: string[]): string {
  for (const key of legacySecretKeys()) {
    try {
      return aesGcmOpen(key, iv!, tag!, data!, null);
    } catch {
      // Not this key: try the next.
    }
  }
  throw new Error("Unreadable encrypted secret (sealed by an earlier release with a key that is no longer set)");
}

function aesGcmOpen(key: Buffer, iv: string, tag: string, data: string, aad: Buffer | null): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Whether a sealed secret needs re-sealing: an earlier format or not the current key. */
export function needsResealing(sealed: string): boolean {
  return sealedKeyId(sealed) !== keyRing().current.id;
}

function codeHashWith(key: AppKey, code: string): string {
  return createHmac("sha256", subkey(key, "one-time-codes")).update(code).digest("hex");
}

/** One-time codes are stored as a keyed hash, never in clear. */
export function hashCode(code: string): string {
  return codeHashWith(keyRing().current, code);
}

/** Whether a stored one-time-code hash is this code's, under the current or a previous key. */
export function codeHashMatches(stored: string, code: string): boolean {
  const candidates = allKeys().map((key) => codeHashWith(key, code));
  const legacy = legacySessionSecret();
  // Codes issued by the first releases (valid for a day) were hashed with SESSION_SECRET itself.
  if (legacy) candidates.push(createHmac("sha256", legacy).update(code).digest("hex"));
  return candidates.some((candidate) => sameHash(stored, candidate));
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
