import { createCookie } from "@remix-run/node";
import { db, readRows } from "~/db/db.server";
import { Prisma } from "~/generated/prisma/client";
import { requestAddress, isHttps } from "~/http/request-address";
import { readUntilWritten } from "~/cache/kept-reads.server";
import type { Role } from "~/domain/roles";
import { cookieSecrets } from "./crypto.server";

/** A session ends after this long without a request (a phone left on the counter)... */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = { id: string; name: string; email: string; role: Role };
export type CurrentSession = {
  id: string;
  user: SessionUser;
  adminUnlockedUntil: Date | null;
  actionVerifiedUntil: Date | null;
  /** The user's saved screen language ("en" | "ar"), null when they never chose one. */
  language: string | null;
  /** The digits the user chose for Arabic screens ("latn" | "arab"), null when they never chose. */
  numerals: string | null;
};

function sessionCookie(request: Request) {
  const secure = isHttps(request);
  // __Host- pins the cookie to this exact origin over HTTPS (no Domain, Path=/, Secure).
  return createCookie(secure ? "__Host-crm_session" : "crm_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: cookieSecrets(),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

async function sessionIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** Starts a new session (a new id at every sign-in) and returns its Set-Cookie header. */
export async function createUserSession(userId: string, request: Request): Promise<string> {
  const now = Date.now();
  const session = await db.session.create({
    data: {
      userId,
      expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
      ip: requestAddress(request),
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    },
  });
  return sessionCookie(request).serialize(session.id);
}

/**
 * A page's loaders (root, layout, page) run on one Request and each ask for the session: a GET asks the
 * database once (the root's language choice then costs nothing, docs/decisions/021-arabic-and-english.md).
 * Actions always read afresh, since they may change the session they read.
 */
const sessionsOfReads = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The signed-in session, or null when there is none or it has ended (idle, absolute, user off). */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readCurrentSession(request);
  let session = sessionsOfReads.get(request);
  if (!session) {
    session = readCurrentSession(request);
    sessionsOfReads.set(request, session);
  }
  return session;
}

type SessionRow = {
  id: string;
  expiresAt: Date;
  lastSeenAt: Date;
  adminUnlockedUntil: Date | null;
  actionVerifiedUntil: Date | null;
  userId: string;
  name: string;
  email: string;
  role: string;
  isActive: boolean;
  language: string | null;
  numerals: string | null;
};

async function readCurrentSession(request: Request): Promise<CurrentSession | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  // Every request reads its session: kept between writes (a sign-out, a touch, a user switched off
  // are writes), it costs no query (docs/decisions/031-read-until-written.md). Read again after a
  // write, it is one prepared SQL statement rather than the ORM's (about 1 ms on every page).
  const [row] = await readUntilWritten(`session ${id}`, () =>
    readRows<SessionRow>(Prisma.sql`
      SELECT s."id", s."expiresAt", s."lastSeenAt", s."adminUnlockedUntil", s."actionVerifiedUntil",
             u."id" AS "userId", u."name", u."email", u."role", u."isActive", u."language", u."numerals"
      FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE s."id" = ${id}`),
  );
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now || !row.isActive) {
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.session.update({ where: { id }, data: { lastSeenAt: new Date(now) } });
  }
  return {
    id: row.id,
    user: { id: row.userId, name: row.name, email: row.email, role: row.role as Role },
    adminUnlockedUntil: row.adminUnlockedUntil,
    actionVerifiedUntil: row.actionVerifiedUntil,
    language: row.language,
    numerals: row.numerals,
  };
}

/** Ends the request's session in the database and returns the Set-Cookie header that clears it. */
export async function destroyCurrentSession(request: Request): Promise<string> {
  const id = await sessionIdFrom(request);
  if (id) await db.session.deleteMany({ where: { id } });
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/** Ends every session of a user (deactivation, deletion, "sign out everywhere"). */
export async function endAllSessions(userId: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId } });
  return count;
}
