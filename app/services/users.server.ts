import { hashCode, randomSixDigitCode } from "~/auth/crypto.server";
import { SESSION_IDLE_MS, endAllSessions } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { ROLES, type AuthType, type Role } from "~/domain/roles";
import type { Language, Numerals } from "~/domain/languages";
import { type UserCreateInput, type UserFilters, type UserPatchInput } from "~/domain/user-form";
import { USER_PROTECTION_MESSAGES, refuseUserChange } from "~/domain/user-protections";
import { AUDIT_ACTIONS, writeAudit, type AuditActor } from "./audit.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, nameIn, type Message } from "~/domain/messages";
import { chooseMessage, findChoice } from "~/domain/shop-lists";
import { readShopLists } from "./shop-lists.server";

/** An admin-issued sign-in code is good for one sign-in within this time. */
export const ONE_TIME_CODE_TTL_MS = 24 * 60 * 60_000;

export type UserSummary = {
  id: string;
  name: string;
  email: string;
  role: Role;
  department: string | null;
  phone: string | null;
  /** The home showroom's id: a sale they make with no showroom chosen is recorded there. */
  showroomId: string | null;
  isActive: boolean;
  authType: AuthType;
  createdAt: Date;
  /** At least one verified authenticator: without one a totp user cannot sign in yet. */
  hasAuthenticator: boolean;
};

export type Failure = {
  ok: false;
  status: 400 | 404 | 409;
  error: Message;
  field?: "email" | "phone" | "showroomId";
};
export type Outcome<T> = { ok: true; value: T } | Failure;

const NOT_FOUND: Failure = { ok: false, status: 404, error: message(MESSAGE_CODES.userNotFound) };
const DUPLICATE_EMAIL: Failure = {
  ok: false,
  status: 409,
  error: message(MESSAGE_CODES.duplicateEmail),
  field: "email",
};
const DUPLICATE_PHONE: Failure = {
  ok: false,
  status: 409,
  error: message(MESSAGE_CODES.duplicatePhone),
  field: "phone",
};

const summarySelect = {
  id: true,
  name: true,
  email: true,
  role: true,
  department: true,
  phone: true,
  showroomId: true,
  isActive: true,
  authType: true,
  createdAt: true,
  _count: { select: { devices: { where: { verifiedAt: { not: null } } } } },
} as const;

type SummaryRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  department: string | null;
  phone: string | null;
  showroomId: string | null;
  isActive: boolean;
  authType: string;
  createdAt: Date;
  _count: { devices: number };
};

function toSummary({ _count, ...row }: SummaryRow): UserSummary {
  return { ...row, role: row.role as Role, authType: row.authType as AuthType, hasAuthenticator: _count.devices > 0 };
}

/**
 * The home showroom a sent value names (id, key or either name) as its id: null clears, undefined leaves it;
 * a showroom the shop does not have or has deactivated is refused naming the active ones.
 */
async function homeShowroomOf(value: string | null | undefined): Promise<Outcome<string | null | undefined>> {
  if (value === undefined || value === null) return { ok: true, value };
  const { showrooms } = await readShopLists();
  const row = findChoice(showrooms, value);
  if (!row?.active)
    return { ok: false, status: 400, error: chooseMessage("showrooms", showrooms), field: "showroomId" };
  return { ok: true, value: row.id };
}

/** The user form's Home showroom choices: the active showrooms and the user's own (deactivated since), in a language. */
export async function homeShowroomChoices(
  language: string,
  currentId: string | null = null,
): Promise<{ id: string; name: string }[]> {
  const { showrooms } = await readShopLists();
  return showrooms
    .filter((row) => row.active || row.id === currentId)
    .map((row) => ({ id: row.id, name: nameIn(language, row) }));
}

/** Which unique field a write would collide on (checked first for a clear message; the index decides races). */
async function duplicateOf(
  input: { email?: string; phone?: string },
  exceptId: string | null,
  tx: Pick<typeof db, "user"> = db,
): Promise<Failure | null> {
  const others = (where: { email: string } | { phone: string }) =>
    tx.user.findFirst({ where: { ...where, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (input.email && (await others({ email: input.email }))) return DUPLICATE_EMAIL;
  if (input.phone && (await others({ phone: input.phone }))) return DUPLICATE_PHONE;
  return null;
}

/**
 * Staff accounts, filtered by role in SQL and by name or email in code: there is one row per
 * employee, and matching here is case-insensitive for every alphabet on SQLite and PostgreSQL alike.
 */
export async function listUsers(filters: UserFilters): Promise<UserSummary[]> {
  const rows = await db.user.findMany({
    where: filters.role ? { role: filters.role } : undefined,
    select: summarySelect,
    orderBy: [{ name: "asc" }, { createdAt: "asc" }],
  });
  const needle = filters.search.toLocaleLowerCase();
  return rows
    .filter(
      (u) => !needle || u.name.toLocaleLowerCase().includes(needle) || u.email.toLocaleLowerCase().includes(needle),
    )
    .map(toSummary);
}

export async function getUser(id: string): Promise<UserSummary | null> {
  const row = await db.user.findUnique({ where: { id }, select: summarySelect });
  return row ? toSummary(row) : null;
}

export async function createUser(
  actor: AuditActor,
  input: UserCreateInput & { isActive: boolean },
  ip: string,
): Promise<Outcome<UserSummary>> {
  const duplicate = await duplicateOf(input, null);
  if (duplicate) return duplicate;
  const showroom = await homeShowroomOf(input.showroomId);
  if (!showroom.ok) return showroom;
  try {
    const row = await db.user.create({
      data: {
        name: input.name,
        email: input.email,
        role: input.role,
        authType: input.authType,
        department: input.department || null,
        phone: input.phone || null,
        showroomId: showroom.value ?? null,
        isActive: input.isActive,
      },
      select: summarySelect,
    });
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.userCreated,
      targetType: "user",
      targetId: row.id,
      details: { name: row.name, email: row.email, role: row.role, authType: row.authType },
      ip,
    });
    return { ok: true, value: toSummary(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return (await duplicateOf(input, null)) ?? DUPLICATE_EMAIL;
    throw error;
  }
}

class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.error.code);
  }
}

/**
 * Changes a user. The protections (own account, last active admin) are checked inside the same
 * transaction as the write, so two admins demoting each other at once cannot both succeed.
 * Deactivation ends the user's sessions at once.
 */
export async function updateUser(
  actor: NonNullable<AuditActor>,
  id: string,
  patch: UserPatchInput,
  ip: string,
): Promise<Outcome<UserSummary>> {
  let before: SummaryRow;
  let after: SummaryRow;
  // Read before the transaction: the shop's lists are a kept read (app/services/shop-lists.server.ts).
  const showroom = await homeShowroomOf(patch.showroomId);
  if (!showroom.ok) return showroom;
  try {
    [before, after] = await db.$transaction(async (tx) => {
      const target = await tx.user.findUnique({ where: { id }, select: summarySelect });
      if (!target) throw new Refused(NOT_FOUND);
      const next = { role: patch.role ?? (target.role as Role), isActive: patch.isActive ?? target.isActive };
      const otherActiveAdmins = await tx.user.count({ where: { role: "admin", isActive: true, id: { not: id } } });
      const refusal = refuseUserChange({
        actorId: actor.id,
        target: { id, role: target.role as Role, isActive: target.isActive },
        change: { kind: "update", ...next },
        otherActiveAdmins,
      });
      if (refusal) throw new Refused({ ok: false, status: 400, error: message(refusal) });
      // Switching your own method could leave you with no way to sign in.
      if (patch.authType && patch.authType !== target.authType && actor.id === id)
        throw new Refused({ ok: false, status: 400, error: message(USER_PROTECTION_MESSAGES.selfAuthType) });
      const duplicate = await duplicateOf(patch, id, tx);
      if (duplicate) throw new Refused(duplicate);
      const updated = await tx.user.update({
        where: { id },
        data: {
          name: patch.name,
          email: patch.email,
          role: patch.role,
          isActive: patch.isActive,
          department: patch.department === undefined ? undefined : patch.department || null,
          phone: patch.phone === undefined ? undefined : patch.phone || null,
          showroomId: showroom.value,
          authType: patch.authType,
        },
        select: summarySelect,
      });
      return [target, updated] as const;
    });
  } catch (error) {
    if (error instanceof Refused) return error.failure;
    if (isUniqueViolation(error)) return (await duplicateOf(patch, id)) ?? DUPLICATE_EMAIL;
    throw error;
  }
  if (before.isActive && !after.isActive) await endAllSessions(id);
  // Back to an authenticator: codes issued for the admin-code method are withdrawn.
  if (before.authType === "otp" && after.authType === "totp")
    await db.oneTimeCode.deleteMany({ where: { userId: id, usedAt: null } });
  const changed = (
    ["name", "email", "role", "department", "isActive", "phone", "showroomId", "authType"] as const
  ).filter((k) => before[k] !== after[k]);
  if (changed.length) {
    // A phone number is personal: the log says that it changed, not what it is.
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.userUpdated,
      targetType: "user",
      targetId: id,
      details: Object.fromEntries(changed.map((k) => [k, k === "phone" ? "changed" : after[k]])),
      ip,
    });
  }
  return { ok: true, value: toSummary(after) };
}

/** Deletes a user; their sessions, devices and codes go with them (cascade), so they are out at once. */
export async function deleteUser(
  actor: NonNullable<AuditActor>,
  id: string,
  ip: string,
): Promise<Outcome<{ id: string; name: string }>> {
  try {
    const deleted = await db.$transaction(async (tx) => {
      const target = await tx.user.findUnique({
        where: { id },
        select: { id: true, name: true, email: true, role: true, isActive: true },
      });
      if (!target) throw new Refused(NOT_FOUND);
      const otherActiveAdmins = await tx.user.count({ where: { role: "admin", isActive: true, id: { not: id } } });
      const refusal = refuseUserChange({
        actorId: actor.id,
        target: { ...target, role: target.role as Role },
        change: { kind: "delete" },
        otherActiveAdmins,
      });
      if (refusal) throw new Refused({ ok: false, status: 400, error: message(refusal) });
      await tx.user.delete({ where: { id } });
      return target;
    });
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.userDeleted,
      targetType: "user",
      targetId: id,
      details: { name: deleted.name, email: deleted.email },
      ip,
    });
    return { ok: true, value: { id, name: deleted.name } };
  } catch (error) {
    if (error instanceof Refused) return error.failure;
    throw error;
  }
}

/**
 * A single-use sign-in code for a user whose admin issues codes (authType otp), shown once to the
 * admin to pass on. Stored only as a keyed hash; issuing a new one withdraws any unused earlier one.
 */
export async function generateOneTimeCode(
  actor: NonNullable<AuditActor>,
  id: string,
  ip: string,
  now = new Date(),
): Promise<Outcome<{ otp: string; expiresAt: Date }>> {
  const user = await db.user.findUnique({ where: { id }, select: { id: true, authType: true, isActive: true } });
  if (!user) return NOT_FOUND;
  if (user.authType !== "otp") return { ok: false, status: 400, error: message(MESSAGE_CODES.oneTimeCodeMethod) };
  if (!user.isActive) return { ok: false, status: 400, error: message(MESSAGE_CODES.oneTimeCodeInactive) };
  const otp = randomSixDigitCode();
  const expiresAt = new Date(now.getTime() + ONE_TIME_CODE_TTL_MS);
  await db.$transaction([
    db.oneTimeCode.deleteMany({ where: { userId: id, usedAt: null } }),
    db.oneTimeCode.create({
      data: { userId: id, codeHash: hashCode(otp), expiresAt, createdById: actor.id, createdAt: now },
    }),
  ]);
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.oneTimeCodeIssued,
    targetType: "user",
    targetId: id,
    details: { expiresAt: expiresAt.toISOString() },
    ip,
  });
  return { ok: true, value: { otp, expiresAt } };
}

export type UserStats = {
  total: number;
  active: number;
  inactive: number;
  byRole: Record<Role, { active: number; inactive: number }>;
};

/** Counts by role and status (GET /api/users/stats), grouped in SQL. */
export async function userStats(): Promise<UserStats> {
  const groups = await db.user.groupBy({ by: ["role", "isActive"], _count: { _all: true } });
  const byRole = Object.fromEntries(ROLES.map((r) => [r, { active: 0, inactive: 0 }])) as UserStats["byRole"];
  let active = 0;
  let inactive = 0;
  for (const g of groups) {
    const n = g._count._all;
    if (g.isActive) active += n;
    else inactive += n;
    const bucket = byRole[g.role as Role];
    if (bucket) bucket[g.isActive ? "active" : "inactive"] += n;
  }
  return { total: active + inactive, active, inactive, byRole };
}

export type SessionSummary = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
};

/** The user's sessions that still work (not past their absolute or idle limit). */
export async function activeSessionsOf(userId: string, now = new Date()): Promise<SessionSummary[]> {
  return db.session.findMany({
    where: { userId, expiresAt: { gt: now }, lastSeenAt: { gt: new Date(now.getTime() - SESSION_IDLE_MS) } },
    select: { id: true, createdAt: true, lastSeenAt: true, ip: true, userAgent: true },
    orderBy: { lastSeenAt: "desc" },
  });
}

/** Ends one of the user's own sessions (another browser or phone); false when it is not theirs. */
export async function signOutSession(actor: NonNullable<AuditActor>, sessionId: string, ip: string): Promise<boolean> {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId: actor.id } });
  if (count === 1) {
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.signOut,
      targetType: "user",
      targetId: actor.id,
      details: { otherSession: true },
      ip,
    });
  }
  return count === 1;
}

/** Ends every session of the user except the one asking. */
export async function signOutOtherSessions(
  actor: NonNullable<AuditActor>,
  currentSessionId: string,
  ip: string,
): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId: actor.id, id: { not: currentSessionId } } });
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.signOut,
    targetType: "user",
    targetId: actor.id,
    details: { otherSessions: count },
    ip,
  });
  return count;
}

/** Security Settings' 'Sign out everywhere': every session of the user ends, this one included. */
export async function signOutEverywhere(actor: NonNullable<AuditActor>, ip: string): Promise<number> {
  const ended = await endAllSessions(actor.id);
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.signOut,
    targetType: "user",
    targetId: actor.id,
    details: { everywhere: true, sessions: ended },
    ip,
  });
  return ended;
}

/** The top bar's language switch saves the choice, so it follows the user to every device. */
export async function saveUserLanguage(userId: string, language: Language): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { language } });
}

/** Profile's choice of digits for Arabic pages, kept on the user like the language. */
export async function saveUserNumerals(userId: string, numerals: Numerals): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { numerals } });
}
