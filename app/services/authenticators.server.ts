import { encryptSecret } from "~/auth/crypto.server";
import { generateTotpSecret, isBase32Secret, totpUri } from "~/auth/totp.server";
import { db } from "~/db.server";
import { isRole, type Role } from "~/domain/roles";

/**
 * Links an authenticator to a user from a secret the operator already holds (first admin from
 * ADMIN_TOTP_SECRET, or one printed as a QR in the terminal). Trusted because it comes from the
 * server's operator, not over the network.
 */
async function linkOperatorDevice(userId: string, secret: string, label: string) {
  await db.authenticatorDevice.create({
    data: { userId, label, secretEncrypted: encryptSecret(secret), verifiedAt: new Date() },
  });
}

export type IssuedSecret = { email: string; secret: string; uri: string };

/**
 * Creates the first admin when the database has none (idempotent on later starts). The secret is
 * ADMIN_TOTP_SECRET when given, else a new one the caller prints for the operator to scan.
 */
export async function ensureFirstAdmin(input: { email?: string; name?: string; secret?: string; role?: string }): Promise<IssuedSecret | null> {
  const existing = await db.user.findFirst({ where: { role: "admin" }, select: { id: true } });
  if (existing) return null;
  const email = (input.email || "admin@example.com").trim().toLowerCase();
  if (input.secret && !isBase32Secret(input.secret)) throw new Error("ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7), at least 16 characters");
  const secret = input.secret ? input.secret.replace(/\s+/g, "").toUpperCase() : generateTotpSecret();
  const role: Role = isRole(input.role) ? input.role : "admin";
  const user = await db.user.upsert({
    where: { email },
    update: { role, isActive: true, authType: "totp" },
    create: { email, name: input.name?.trim() || "System Administrator", role, authType: "totp" },
  });
  await linkOperatorDevice(user.id, secret, "Authenticator (set up at install)");
  return { email, secret, uri: totpUri(secret, email) };
}

/** Lost phone: removes the user's authenticators and issues a new secret (operator command). */
export async function resetAuthenticator(email: string): Promise<IssuedSecret> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new Error(`No user with email ${email}`);
  const secret = generateTotpSecret();
  await db.$transaction([
    db.authenticatorDevice.deleteMany({ where: { userId: user.id } }),
    db.session.deleteMany({ where: { userId: user.id } }),
  ]);
  await linkOperatorDevice(user.id, secret, "Authenticator (reset by operator)");
  return { email: user.email, secret, uri: totpUri(secret, user.email) };
}
