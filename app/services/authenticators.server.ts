import QRCode from "qrcode";
import {
  attemptNotMade,
  attemptSucceeded,
  checkUserCode,
  recordCodeFailure,
  takeCodeAttempt,
} from "~/auth/code-check.server";
import { needsResealing, openDeviceSecret, sealDeviceSecret } from "~/auth/crypto.server";
import { endAllSessions } from "~/auth/session.server";
import { generateTotpSecret, isBase32Secret, totpUri, verifyTotp } from "~/auth/totp.server";
import { db } from "~/db/db.server";
import { isRole, type Role } from "~/domain/roles";
import { USER_PROTECTION_MESSAGES } from "~/domain/user-protections";
import { AUDIT_ACTIONS, writeAudit, type AuditActor } from "./audit.server";
import { CODE_INCOMPLETE, isSixDigitCode } from "~/domain/one-time-code";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { english } from "~/i18n/english.server";

/** How a device is named: a kind the app names it by (said from the catalog), or the name it was given. */
type DeviceNaming = { labelKind: "install" | "reset" } | { label: string };

/**
 * A device's name in any language: the app's own names are catalog messages (Authenticator 2), stored
 * as their kind and number; a given name is as written.
 */
function deviceName(device: { label: string | null; labelKind: string | null; number: number | null }): Message {
  if (device.labelKind === "install") return message(MESSAGE_CODES.deviceAtInstall);
  if (device.labelKind === "reset") return message(MESSAGE_CODES.deviceReset);
  if (device.labelKind === "numbered" && device.number !== null)
    return message(MESSAGE_CODES.deviceNumbered, { n: device.number });
  return message(MESSAGE_CODES.deviceGiven, { name: device.label ?? "" });
}

// The columns deviceName reads, for the queries that return a device's name.
const NAMING = { label: true, labelKind: true, number: true } as const;

/**
 * Links an authenticator to a user from a secret the operator already holds (first admin from
 * ADMIN_TOTP_SECRET, or one printed as a QR in the terminal). Trusted because it comes from the
 * server's operator, not over the network. Test fixtures link their users' devices the same way.
 */
export async function linkOperatorDevice(userId: string, secret: string, naming: DeviceNaming) {
  await db.authenticatorDevice.create({
    data: { userId, ...naming, secretEncrypted: sealDeviceSecret(userId, secret), verifiedAt: new Date() },
  });
}

export type IssuedSecret = { email: string; secret: string; uri: string };

/**
 * Creates the first admin when the database has none (idempotent on later starts). The secret is
 * ADMIN_TOTP_SECRET when given, else a new one the caller prints for the operator to scan.
 */
export async function ensureFirstAdmin(input: {
  email?: string;
  name?: string;
  secret?: string;
  role?: string;
}): Promise<IssuedSecret | null> {
  const existing = await db.user.findFirst({ where: { role: "admin" }, select: { id: true } });
  if (existing) return null;
  const email = (input.email || "admin@example.com").trim().toLowerCase();
  if (input.secret && !isBase32Secret(input.secret))
    throw new Error("ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7), at least 16 characters");
  const secret = input.secret ? input.secret.replace(/\s+/g, "").toUpperCase() : generateTotpSecret();
  const role: Role = isRole(input.role) ? input.role : "admin";
  const user = await db.user.upsert({
    where: { email },
    update: { role, isActive: true, authType: "totp" },
    create: { email, name: input.name?.trim() || "System Administrator", role, authType: "totp" },
  });
  await linkOperatorDevice(user.id, secret, { labelKind: "install" });
  return { email, secret, uri: totpUri(secret, email) };
}

/** Lost phone: removes the user's authenticators and issues a new secret (operator command). */
export async function resetAuthenticator(email: string): Promise<IssuedSecret> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new Error(`No user with email ${email}`);
  const secret = generateTotpSecret();
  const [devices, sessions] = await db.$transaction([
    db.authenticatorDevice.deleteMany({ where: { userId: user.id } }),
    db.session.deleteMany({ where: { userId: user.id } }),
  ]);
  await linkOperatorDevice(user.id, secret, { labelKind: "reset" });
  await writeAudit({
    actor: null,
    actorName: "operator (command line)",
    action: AUDIT_ACTIONS.authenticatorReset,
    targetType: "user",
    targetId: user.id,
    details: { devicesRemoved: devices.count, sessionsEnded: sessions.count },
  });
  return { email: user.email, secret, uri: totpUri(secret, user.email) };
}

/** A device scanned but not yet confirmed stays offered for this long, then setup starts over. */
export const PENDING_SETUP_MS = 30 * 60_000;

export type LinkedDevice = { id: string; name: Message; createdAt: Date; verifiedAt: Date };

/** The user's linked authenticators (pending ones are not listed: they cannot sign anyone in). */
export async function listLinkedDevices(userId: string): Promise<LinkedDevice[]> {
  const rows = await db.authenticatorDevice.findMany({
    where: { userId, verifiedAt: { not: null } },
    select: { id: true, ...NAMING, createdAt: true, verifiedAt: true },
    orderBy: { verifiedAt: "asc" },
  });
  return rows.map((d) => ({ id: d.id, name: deviceName(d), createdAt: d.createdAt, verifiedAt: d.verifiedAt! }));
}

/** docs/product-rules.md §3 'Authenticator setup response', plus the secret for typing it in by hand. */
export type SetupResponse = {
  isLinked: boolean;
  isAdditionalDevice: boolean;
  message: Message;
  note: Message;
  qrCodeUrl: string | null;
  secret: string | null;
};

export type SetupFailure = { ok: false; status: 400 | 401 | 404 | 429; error: Message };

/** The otpauth:// URI drawn as an SVG data URL, so the QR shows without JavaScript. */
async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

async function pendingDevice(userId: string, now: Date) {
  return db.authenticatorDevice.findFirst({
    where: { userId, verifiedAt: null, createdAt: { gt: new Date(now.getTime() - PENDING_SETUP_MS) } },
    orderBy: { createdAt: "desc" },
  });
}

async function setupView(email: string, secret: string, linkedCount: number): Promise<SetupResponse> {
  const additional = linkedCount > 0;
  return {
    isLinked: additional,
    isAdditionalDevice: additional,
    message: message(additional ? MESSAGE_CODES.setupScanNewDevice : MESSAGE_CODES.setupScan),
    note: message(MESSAGE_CODES.setupNote),
    qrCodeUrl: await qrCodeDataUrl(totpUri(secret, email)),
    secret,
  };
}

/**
 * Starts linking an authenticator (POST /api/auth/totp/setup): a new secret on a pending device,
 * shown as a QR code. A user who already has one gets 'already linked' unless another device is
 * asked for. The device signs nobody in until its first code is verified (verifyDeviceSetup).
 */
export async function startDeviceSetup(input: {
  userId: string;
  additional: boolean;
  now?: Date;
}): Promise<{ ok: true; response: SetupResponse } | SetupFailure> {
  const now = input.now ?? new Date();
  const user = await db.user.findUnique({
    where: { id: input.userId },
    select: { id: true, email: true, isActive: true },
  });
  if (!user || !user.isActive) return { ok: false, status: 404, error: message(MESSAGE_CODES.userNotFound) };
  const linkedCount = await db.authenticatorDevice.count({ where: { userId: user.id, verifiedAt: { not: null } } });
  if (linkedCount > 0 && !input.additional) {
    return {
      ok: true,
      response: {
        isLinked: true,
        isAdditionalDevice: false,
        message: message(MESSAGE_CODES.setupAlreadyLinked),
        note: message(MESSAGE_CODES.setupAlreadyLinkedNote),
        qrCodeUrl: null,
        secret: null,
      },
    };
  }
  const secret = generateTotpSecret();
  // One setup at a time: a new QR replaces any earlier one that was never confirmed.
  await db.$transaction([
    db.authenticatorDevice.deleteMany({ where: { userId: user.id, verifiedAt: null } }),
    db.authenticatorDevice.create({
      data: {
        userId: user.id,
        labelKind: "numbered",
        number: linkedCount + 1,
        secretEncrypted: sealDeviceSecret(user.id, secret),
        createdAt: now,
      },
    }),
  ]);
  return { ok: true, response: await setupView(user.email, secret, linkedCount) };
}

/** The setup in progress for a user (QR and secret again, e.g. after a reload), if any. */
export async function pendingDeviceSetup(userId: string, now = new Date()): Promise<SetupResponse | null> {
  const device = await pendingDevice(userId, now);
  if (!device) return null;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const linkedCount = await db.authenticatorDevice.count({ where: { userId, verifiedAt: { not: null } } });
  return setupView(user.email, openDeviceSecret(userId, device.secretEncrypted), linkedCount);
}

export const INVALID_SETUP_CODE = message(MESSAGE_CODES.invalidSetupCode);

/**
 * Confirms a pending device with a code from it (POST /api/auth/totp/verify-setup). Counted and
 * locked like every other code check; the code's step is spent, so it cannot then sign in too.
 */
export async function verifyDeviceSetup(input: {
  userId: string;
  token: string;
  ip: string;
  actor: AuditActor;
  now?: Date;
}): Promise<{ ok: true; name: Message } | SetupFailure> {
  const now = input.now ?? new Date();
  const token = input.token.trim();
  if (!isSixDigitCode(token)) return { ok: false, status: 400, error: CODE_INCOMPLETE };
  // The attempt is taken with the lock check in one step (takeCodeAttempt), before the code is looked at.
  const ticket = await takeCodeAttempt({ userId: input.userId, ip: input.ip, purpose: "setup", now });
  if (!ticket.ok) return { ok: false, status: 429, error: ticket.message };
  const device = await pendingDevice(input.userId, now);
  if (!device) {
    await attemptNotMade(ticket.attemptId);
    return { ok: false, status: 400, error: message(MESSAGE_CODES.noSetup) };
  }

  const match = verifyTotp(openDeviceSecret(input.userId, device.secretEncrypted), token, device.lastUsedStep, now);
  // Conditional update: a device is linked once, even if two confirmations race.
  const linked =
    match.ok &&
    (
      await db.authenticatorDevice.updateMany({
        where: { id: device.id, verifiedAt: null },
        data: { verifiedAt: now, lastUsedStep: match.step },
      })
    ).count === 1;

  if (linked) {
    await attemptSucceeded(ticket.attemptId);
    // Someone who signed in with admin-issued codes now has an authenticator: that is how they sign in from here on.
    await db.user.updateMany({ where: { id: input.userId, authType: "otp" }, data: { authType: "totp" } });
    await writeAudit({
      actor: input.actor,
      action: AUDIT_ACTIONS.deviceLinked,
      targetType: "user",
      targetId: input.userId,
      // The log keeps the name as the JSON API says it, like the entries written before names were codes.
      details: { label: english(deviceName(device)) },
      ip: input.ip,
    });
    return { ok: true, name: deviceName(device) };
  }
  const lock = await recordCodeFailure({
    userId: input.userId,
    ip: input.ip,
    purpose: "setup",
    actor: input.actor,
    now,
  });
  if (lock) return { ok: false, status: 429, error: lock.message };
  return { ok: false, status: 401, error: INVALID_SETUP_CODE };
}

/**
 * Adding another device to an account that has one needs proof of the existing one (a fresh code
 * from it), so a borrowed signed-in session cannot quietly add an attacker's phone.
 */
export async function confirmLinkedDevice(
  user: { id: string; name: string },
  token: string,
  ip: string,
): Promise<{ ok: true } | SetupFailure> {
  if (!isSixDigitCode(token.trim())) return { ok: false, status: 400, error: message(MESSAGE_CODES.currentCodeNeeded) };
  const check = await checkUserCode({ userId: user.id, token, purpose: "setup", ip, actor: user });
  if (!check.ok) return { ok: false, status: check.reason === "locked" ? 429 : 401, error: check.message };
  return { ok: true };
}

/**
 * Re-seals every stored authenticator secret that is not under the current key (the first
 * releases' format, or a previous key after a rotation). Run by `npm start` and `npm run
 * keys:rotate`; the update is conditional, so a device changed meanwhile is left as it now is.
 * A secret no key opens is counted, never dropped: its owner needs a reset.
 */
export async function resealDeviceSecrets(): Promise<{ resealed: number; unreadable: number }> {
  const devices = await db.authenticatorDevice.findMany({ select: { id: true, userId: true, secretEncrypted: true } });
  let resealed = 0;
  let unreadable = 0;
  for (const device of devices) {
    if (!needsResealing(device.secretEncrypted)) continue;
    let plain: string;
    try {
      plain = openDeviceSecret(device.userId, device.secretEncrypted);
    } catch {
      unreadable += 1;
      continue;
    }
    const { count } = await db.authenticatorDevice.updateMany({
      where: { id: device.id, secretEncrypted: device.secretEncrypted },
      data: { secretEncrypted: sealDeviceSecret(device.userId, plain) },
    });
    resealed += count;
  }
  return { resealed, unreadable };
}

/**
 * An admin removes a colleague's authenticator (a lost or replaced phone). The colleague's
 * sessions end too, since the lost phone may be signed in. Your own last device cannot go: you
 * would have no way back in.
 */
export async function removeDevice(input: {
  actor: NonNullable<AuditActor>;
  userId: string;
  deviceId: string;
  ip: string;
}): Promise<{ ok: true; name: Message } | { ok: false; status: 400 | 404; error: Message }> {
  const device = await db.authenticatorDevice.findFirst({
    where: { id: input.deviceId, userId: input.userId },
    select: { id: true, ...NAMING },
  });
  if (!device) return { ok: false, status: 404, error: message(MESSAGE_CODES.deviceNotLinked) };
  const self = input.actor.id === input.userId;
  if (self && (await db.authenticatorDevice.count({ where: { userId: input.userId, verifiedAt: { not: null } } })) <= 1)
    return { ok: false, status: 400, error: message(USER_PROTECTION_MESSAGES.selfLastDevice) };
  await db.authenticatorDevice.deleteMany({ where: { id: device.id } });
  const sessionsEnded = self ? 0 : await endAllSessions(input.userId);
  await writeAudit({
    actor: input.actor,
    action: AUDIT_ACTIONS.deviceRemoved,
    targetType: "user",
    targetId: input.userId,
    details: { device: english(deviceName(device)), sessionsEnded },
    ip: input.ip,
  });
  return { ok: true, name: deviceName(device) };
}

export async function hasLinkedDevice(userId: string): Promise<boolean> {
  return (await db.authenticatorDevice.count({ where: { userId, verifiedAt: { not: null } } })) > 0;
}
