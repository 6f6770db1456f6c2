import { createHash, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { derivedFrom } from "~/cache/derived-from.server";

/**
 * The application's keys: one current key and the previous ones still needed to read what they
 * sealed or signed. Each key is a string (at least 32 random bytes' worth); every use derives its
 * own subkey with HKDF, so a cookie signature never shares a key with a stored secret.
 *
 * Where the keys come from (docs/operations.md, "Keys and rotation"; docs/decisions/009-keys-and-proxy-trust.md):
 * - ENCRYPTION_KEY (current) and ENCRYPTION_KEY_PREVIOUS (comma-separated), when set; or
 * - the key file KEYS_FILE (default ./.secrets/keys: outside ./data, so a copy of the database
 *   directory carries no key), one key per line, current first. It is created on first use, so a
 *   fresh clone runs with nothing configured.
 */
export type AppKey = { id: string; secret: string };
export type KeyRing = { current: AppKey; previous: AppKey[]; source: "env" | "file"; file: string | null };

export type KeyPurpose = "cookies" | "secrets-at-rest" | "one-time-codes" | "decoy-ids";

const SALT = "jewel-crm";
export const DEFAULT_KEYS_FILE = ".secrets/keys";

function keyId(secret: string): string {
  // A fingerprint, not a counter: instances and operators never have to agree on a number.
  return Buffer.from(hkdfSync("sha256", secret, SALT, "key-id", 6)).toString("base64url");
}

function appKey(secret: string): AppKey {
  return { id: keyId(secret), secret };
}

/**
 * The subkey of a key for one purpose (a copy: callers may not share it). Derived once per key
 * object: every request's cookies ask for theirs, and the ring keeps its key objects until the keys
 * change (`keyRing`).
 */
export function subkey(key: AppKey, purpose: KeyPurpose): Buffer {
  return Buffer.from(derivedFrom(key, purpose, () => Buffer.from(hkdfSync("sha256", key.secret, SALT, purpose, 32))));
}

export function newKeySecret(): string {
  return randomBytes(32).toString("base64url");
}

export function keysFilePath(): string {
  return resolve(process.env.KEYS_FILE || DEFAULT_KEYS_FILE);
}

function parseKeyFile(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
}

/** Writes the key file (0600, in a 0700 folder) in one step, so a reader never sees half of it. */
export function writeKeyFile(file: string, secrets: string[]): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const text =
    "# Jewel CRM keys: the first line is the current key, the others are previous keys still read.\n" +
    "# Keep this file secret and out of backups of ./data; rotate with `npm run keys:rotate`.\n" +
    secrets.join("\n") +
    "\n";
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

function createKeyFileIfMissing(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': of two instances starting at once, one writes and the other reads what it wrote.
    writeFileSync(
      file,
      `# Jewel CRM keys (first line current). Rotate with \`npm run keys:rotate\`.\n${newKeySecret()}\n`,
      { mode: 0o600, flag: "wx" },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

let cached: { stamp: string; ring: KeyRing } | null = null;

function fileStamp(file: string): string {
  const stat = statSync(file);
  // A rewrite is a rename onto the name: a new inode, so the stamp changes even within one clock tick.
  return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
}

/**
 * The key ring, read again when the environment or the key file changes (so a rotation reaches a
 * running instance without a restart).
 */
export function keyRing(): KeyRing {
  const fromEnv = process.env.ENCRYPTION_KEY?.trim();
  const file = fromEnv ? null : keysFilePath();
  if (file) createKeyFileIfMissing(file);
  const stamp = fromEnv
    ? `env:${createHash("sha256")
        .update(`${fromEnv}\n${process.env.ENCRYPTION_KEY_PREVIOUS ?? ""}`)
        .digest("hex")}`
    : `file:${file}:${fileStamp(file!)}`;
  if (cached?.stamp === stamp) return cached.ring;

  const secrets = fromEnv
    ? [fromEnv, ...(process.env.ENCRYPTION_KEY_PREVIOUS ?? "").split(",").map((s) => s.trim())].filter(Boolean)
    : parseKeyFile(readFileSync(file!, "utf8"));
  if (!secrets[0]) throw new Error(`No key in ${file ?? "ENCRYPTION_KEY"}`);
  const [current, ...previous] = secrets.map(appKey);
  const ring: KeyRing = { current: current!, previous, source: fromEnv ? "env" : "file", file };
  cached = { stamp, ring };
  return ring;
}

/** Every key, current first: what signatures and hashes are checked against. */
export function allKeys(ring: KeyRing = keyRing()): AppKey[] {
  return [ring.current, ...ring.previous];
}

/**
 * The key material of the first releases, used only to read what they wrote: authenticator secrets
 * sealed as "v1" (sha256 of ENCRYPTION_KEY, else derived from SESSION_SECRET) and one-time codes
 * hashed with SESSION_SECRET. `npm start` re-seals v1 secrets, after which only unexpired
 * one-time codes (a day at most) still need SESSION_SECRET.
 */
export function legacySessionSecret(): string | null {
  const fromEnv = process.env.SESSION_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = resolve("data/session-secret");
  return existsSync(file) ? readFileSync(file, "utf8").trim() || null : null;
}

export function legacySecretKeys(): Buffer[] {
  const keys: Buffer[] = [];
  // The first releases hashed ENCRYPTION_KEY exactly as given.
  for (const secret of [process.env.ENCRYPTION_KEY, ...(process.env.ENCRYPTION_KEY_PREVIOUS ?? "").split(",")]) {
    if (secret?.trim()) keys.push(createHash("sha256").update(secret).digest());
  }
  const session = legacySessionSecret();
  if (session) keys.push(Buffer.from(hkdfSync("sha256", session, SALT, "authenticator-secrets", 32)));
  return keys;
}
