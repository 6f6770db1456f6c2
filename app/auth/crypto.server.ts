import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";

/**
 * The key that encrypts authenticator secrets at rest: ENCRYPTION_KEY when set (any string; it is
 * hashed to 32 bytes), otherwise derived from SESSION_SECRET so one secret is enough to run.
 */
function encryptionKey(): Buffer {
  const explicit = process.env.ENCRYPTION_KEY;
  if (explicit) return createHash("sha256").update(explicit).digest();
  return Buffer.from(hkdfSync("sha256", sessionSecret(), "jewel-crm", "authenticator-secrets", 32));
}

export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (npm start creates one under ./data).");
  return secret;
}

/** AES-256-GCM; the output is "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("Unreadable encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** One-time codes are stored as a keyed hash, never in clear. */
export function hashCode(code: string): string {
  return createHmac("sha256", sessionSecret()).update(code).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
