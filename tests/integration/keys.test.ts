// The application's keys: where they live, one subkey per purpose, authenticator secrets sealed to
// their owner with the key's id, the first releases' secrets still readable and re-sealed, rotation
// with `npm run keys:rotate`, and operator commands that print secrets only to a terminal.
import { execFile } from "node:child_process";
import { createCipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { readFileSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codeHashMatches,
  cookieSecrets,
  hashCode,
  openDeviceSecret,
  sealDeviceSecret,
  sealedKeyId,
} from "~/auth/crypto.server";
import { keyRing, subkey } from "~/auth/keys.server";
import { totpCode } from "~/auth/totp.server";
import { db } from "~/db/db.server";
import * as apiMe from "~/routes/api.auth.me";
import * as apiVerify from "~/routes/api.auth.verify-totp";
import { resealDeviceSecrets } from "~/services/authenticators.server";
import { callRoute, createUser, makeRequest, outcome } from "../support/factories";

const run = promisify(execFile);

// This file runs on a key file of its own (the default setup when nothing is configured).
const keysDir = resolve(`tests/.tmp/keys-${process.pid}-${randomBytes(4).toString("hex")}`);
const keysFile = `${keysDir}/keys`;
delete process.env.ENCRYPTION_KEY;
process.env.KEYS_FILE = keysFile;
const LEGACY_SESSION_SECRET = "a-session-secret-from-an-earlier-release";
process.env.SESSION_SECRET = LEGACY_SESSION_SECRET;
afterAll(() => rmSync(keysDir, { recursive: true, force: true }));

/** Runs an operator script the way a cron job or a service manager would: output to a pipe, not a terminal. */
async function script(file: string, args: string[] = [], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run("node_modules/.bin/tsx", [file, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function signIn(userId: string, token: string) {
  return outcome(await callRoute(apiVerify.action, makeRequest("/api/auth/verify-totp", { json: { userId, token } })));
}

async function me(cookie: string) {
  return (await outcome(await callRoute(apiMe.loader, makeRequest("/api/auth/me", { cookie })))).status;
}

/** A code from the next time step, so it is unspent even after the current step's code was used. */
const nextCode = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

describe("the key file", () => {
  it("is created on first use outside ./data, readable by its owner only", () => {
    const ring = keyRing();
    expect(ring.source).toBe("file");
    expect(ring.file).toBe(keysFile);
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keysFile, "utf8")).toContain(ring.current.secret);
  });

  it("derives a different subkey for each purpose, none of them the key itself", () => {
    const key = keyRing().current;
    const derived = (["cookies", "secrets-at-rest", "one-time-codes", "decoy-ids"] as const).map((p) =>
      subkey(key, p).toString("hex"),
    );
    expect(new Set(derived).size).toBe(4);
    expect(derived).not.toContain(Buffer.from(key.secret).toString("hex"));
    expect(cookieSecrets()[0]).toBe(subkey(key, "cookies").toString("base64url"));
  });
});

describe("sealed authenticator secrets", () => {
  it("carry the key's id and open only for the user they were sealed for", async () => {
    const a = await createUser();
    const b = await createUser();
    const sealed = sealDeviceSecret(a.user.id, a.secret);
    expect(sealed.startsWith(`v2.${keyRing().current.id}.`)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(keyRing().current.id);
    expect(openDeviceSecret(a.user.id, sealed)).toBe(a.secret);
    expect(() => openDeviceSecret(b.user.id, sealed)).toThrow();
    // Copied into another user's device row (someone with write access to the database), it signs nobody in.
    await db.authenticatorDevice.updateMany({ where: { userId: b.user.id }, data: { secretEncrypted: sealed } });
    expect((await signIn(b.user.id, totpCode(a.secret))).status).toBe(401);
    await db.authenticatorDevice.deleteMany({ where: { userId: b.user.id } });
  });

  it("of the first releases still open, are re-sealed at start, and their codes still sign in", async () => {
    const { user, secret } = await createUser();
    // "v1" as the first releases wrote it: no key id, no associated data, key from SESSION_SECRET.
    const legacyKey = Buffer.from(hkdfSync("sha256", LEGACY_SESSION_SECRET, "jewel-crm", "authenticator-secrets", 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", legacyKey, iv);
    const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    const v1 = ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url")));
    await db.authenticatorDevice.updateMany({ where: { userId: user.id }, data: { secretEncrypted: v1.join(".") } });
    expect(openDeviceSecret(user.id, v1.join("."))).toBe(secret);

    const { resealed } = await resealDeviceSecrets();
    expect(resealed).toBeGreaterThanOrEqual(1);
    const device = await db.authenticatorDevice.findFirstOrThrow({ where: { userId: user.id } });
    expect(sealedKeyId(device.secretEncrypted)).toBe(keyRing().current.id);
    expect((await signIn(user.id, totpCode(secret))).status).toBe(200);
  });

  it("a first-release ENCRYPTION_KEY (hashed to the key) still opens its v1 secrets", async () => {
    const { user, secret } = await createUser();
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update("old explicit key").digest(), iv);
    const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    const v1 = ["v1", ...[iv, cipher.getAuthTag(), data].map((p) => p.toString("base64url"))].join(".");
    process.env.ENCRYPTION_KEY = "old explicit key";
    try {
      expect(openDeviceSecret(user.id, v1)).toBe(secret);
    } finally {
      delete process.env.ENCRYPTION_KEY;
    }
  });

  it("one-time codes hashed by the first releases (HMAC with SESSION_SECRET) still match", () => {
    const legacy = createHmac("sha256", LEGACY_SESSION_SECRET).update("246810").digest("hex");
    expect(codeHashMatches(legacy, "246810")).toBe(true);
    expect(codeHashMatches(legacy, "246811")).toBe(false);
    expect(hashCode("246810")).not.toBe(legacy);
    expect(codeHashMatches(hashCode("246810"), "246810")).toBe(true);
  });
});

describe("npm run keys:rotate", () => {
  let staff: Awaited<ReturnType<typeof createUser>>;
  let cookieBefore: string;
  let oldKeyId: string;

  beforeAll(async () => {
    staff = await createUser();
    const signedIn = await signIn(staff.user.id, totpCode(staff.secret));
    cookieBefore = signedIn.headers.get("Set-Cookie")!.split(";")[0]!;
    oldKeyId = keyRing().current.id;
  });

  it("re-seals every secret under a new key; sessions and codes from before keep working", async () => {
    const oneTime = await createUser({ authType: "otp" });
    await db.oneTimeCode.create({
      data: { userId: oneTime.user.id, codeHash: hashCode("135790"), expiresAt: new Date(Date.now() + 60_000) },
    });

    const { code, out } = await script("scripts/keys-rotate.ts");
    expect(code, out).toBe(0);
    const ring = keyRing();
    expect(ring.current.id).not.toBe(oldKeyId);
    expect(ring.previous.map((k) => k.id)).toEqual([oldKeyId]);
    expect(out).toContain(`Current key ${ring.current.id}`);
    const sealed = await db.authenticatorDevice.findMany({ select: { secretEncrypted: true } });
    const readable = sealed.filter((d) => d.secretEncrypted.startsWith("v2."));
    expect(readable.length).toBeGreaterThan(0);
    expect(new Set(readable.map((d) => sealedKeyId(d.secretEncrypted)))).toEqual(new Set([ring.current.id]));

    expect(await me(cookieBefore)).toBe(200);
    expect((await signIn(staff.user.id, nextCode(staff.secret))).status).toBe(200);
    expect((await signIn(oneTime.user.id, "135790")).status).toBe(200);
  });

  it("--forget-previous keeps the new key alone: sessions signed with the old one end", async () => {
    const { code, out } = await script("scripts/keys-rotate.ts", ["--forget-previous"]);
    expect(code, out).toBe(0);
    expect(keyRing().previous).toEqual([]);
    expect(await me(cookieBefore)).toBe(401);
    // The phone still works (its earlier codes are forgotten here only so the current one is unspent).
    await db.authenticatorDevice.updateMany({ where: { userId: staff.user.id }, data: { lastUsedStep: 0 } });
    expect((await signIn(staff.user.id, totpCode(staff.secret))).status).toBe(200);
  });
});

describe("secrets are printed to a terminal only", () => {
  it("the first-admin bootstrap creates the admin but prints a note instead of the secret into a log", async () => {
    await db.user.deleteMany({ where: { role: "admin" } });
    const email = `first.admin.${Date.now()}@example.com`;
    const { code, out } = await script("scripts/bootstrap-admin.ts", [], { ADMIN_EMAIL: email, ADMIN_TOTP_SECRET: "" });
    expect(code, out).toBe(0);
    const admin = await db.user.findUniqueOrThrow({ where: { email }, include: { devices: true } });
    const secret = openDeviceSecret(admin.id, admin.devices[0]!.secretEncrypted);
    expect(out).not.toContain(secret);
    expect(out).not.toContain("otpauth://");
    expect(out).toContain(`npm run admin:reset-authenticator -- ${email}`);
  });

  it("reset-authenticator refuses without a terminal and leaves the phone working", async () => {
    const { user, secret } = await createUser();
    const { code, out } = await script("scripts/reset-authenticator.ts", [user.email]);
    expect(code).toBe(1);
    expect(out).toContain("Not an interactive terminal");
    const devices = await db.authenticatorDevice.findMany({ where: { userId: user.id } });
    expect(devices.map((d) => openDeviceSecret(user.id, d.secretEncrypted))).toEqual([secret]);
  });
});
