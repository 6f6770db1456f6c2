import { db } from "~/db/db.server";
import { clientTarget } from "./client-audit.server";
import { addDays, businessToday, dateFromIso, daysBetween, isoFromDate, type IsoDate } from "~/domain/calendar";
import { ALERT_WINDOW_DAYS } from "~/domain/client-windows";
import { PANEL_LIMIT } from "~/domain/dashboard-figures";
import {
  dueWindow,
  type FollowUpChange,
  type FollowUpDue,
  type FollowUpOwnerScope,
  type FollowUpStatus,
} from "~/domain/follow-ups";
import { withdrawnReason } from "~/domain/consent";
import { MESSAGE_CODES, type MessageCode } from "~/domain/message-codes";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { CLIENT_BOOK, writableClient } from "./client-book.server";
import { recordInteraction } from "./interactions.server";
import { readUntilWritten } from "~/cache/kept-reads.server";

type Actor = { id: string; name: string };

/**
 * Follow-ups are calls staff promised a client (scheduled from the AI assistant's lead cards).
 * dueDate is a calendar day stored as UTC midnight, like every date in the app.
 */
export type DueFollowUp = {
  id: string;
  clientId: number;
  clientName: string;
  mobileNumber: string;
  note: string | null;
  dueDate: IsoDate;
  /** Days from today; negative when overdue. */
  daysLeft: number;
  ownerName: string | null;
  whatsappBlocked: string | null;
};

/**
 * Open follow-ups that are overdue or due in the next 30 days, soonest first, for clients in the
 * book, with how many there are. With `ownerId` only that user's and the unassigned ones (anyone
 * may pick those up): the dashboard and the road sales' client book show the user's own.
 */
export function listDueFollowUps(
  today: IsoDate = businessToday(),
  limit: number = PANEL_LIMIT,
  ownerId?: string,
): Promise<{ items: DueFollowUp[]; total: number }> {
  return readUntilWritten(`due-follow-ups ${today} ${limit} ${ownerId ?? "all"}`, () =>
    readDueFollowUps(today, limit, ownerId),
  );
}

async function readDueFollowUps(
  today: IsoDate,
  limit: number,
  ownerId: string | undefined,
): Promise<{ items: DueFollowUp[]; total: number }> {
  const wheres = dueWheres(addDays(today, ALERT_WINDOW_DAYS), ownerId);
  const [counts, items] = await Promise.all([
    Promise.all(wheres.map((where) => db.followUp.count({ where }))),
    dueFollowUps(wheres, today, limit),
  ]);
  return { items, total: counts.reduce((sum, n) => sum + n, 0) };
}

/**
 * My day's follow-ups: the user's (and the unassigned) due today or overdue, soonest first. A much
 * shorter index range than the panel's 30 days, and no count.
 */
export function listFollowUpsDueToday(today: IsoDate, limit: number, ownerId: string): Promise<DueFollowUp[]> {
  return dueFollowUps(dueWheres(today, ownerId), today, limit);
}

/**
 * Open follow-ups due through a day, as disjoint parts: a user's own and the unassigned ones are
 * two ranges of the (ownerId, status, dueDate) index, where one OR of both made SQLite sort every
 * open follow-up (57 ms at 50,000 instead of 12, bench "my day").
 */
function dueWheres(dueThrough: IsoDate, ownerId: string | undefined): Prisma.FollowUpWhereInput[] {
  const due: Prisma.FollowUpWhereInput = {
    status: "open",
    doneAt: null,
    dueDate: { lt: dateFromIso(addDays(dueThrough, 1)) },
    client: CLIENT_BOOK,
  };
  return ownerId === undefined
    ? [due]
    : [
        { ...due, ownerId },
        { ...due, ownerId: null },
      ];
}

/** The first `limit` of the parts together, soonest first (then oldest scheduled). */
async function dueFollowUps(
  wheres: Prisma.FollowUpWhereInput[],
  today: IsoDate,
  limit: number,
): Promise<DueFollowUp[]> {
  const parts = await Promise.all(
    wheres.map((where) =>
      db.followUp.findMany({
        where,
        orderBy: [{ dueDate: "asc" }, { createdAt: "asc" }],
        take: limit,
        select: {
          id: true,
          note: true,
          dueDate: true,
          createdAt: true,
          owner: { select: { name: true } },
          client: { select: { id: true, fullName: true, mobileNumber: true, consentWhatsapp: true } },
        },
      }),
    ),
  );
  const rows = parts
    .flat()
    .sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime() || a.createdAt.getTime() - b.createdAt.getTime())
    .slice(0, limit);
  return rows.map((row) => {
    const dueDate = isoFromDate(row.dueDate);
    return {
      id: row.id,
      clientId: row.client.id,
      clientName: row.client.fullName,
      mobileNumber: row.client.mobileNumber,
      note: row.note,
      dueDate,
      daysLeft: daysBetween(today, dueDate),
      ownerName: row.owner?.name ?? null,
      whatsappBlocked: row.client.consentWhatsapp === "withdrawn" ? withdrawnReason("whatsapp") : null,
    };
  });
}

/** Marks an open follow-up done; false when it is already closed, unknown, or its client was deleted. */
export async function completeFollowUp(
  id: string,
  by: { actor: Actor; ip: string },
  now: Date = new Date(),
): Promise<boolean> {
  const { count } = await db.followUp.updateMany({
    where: { id, status: "open", doneAt: null, client: CLIENT_BOOK },
    data: { doneAt: now, status: "done" },
  });
  if (count !== 1) return false;
  const followUp = await db.followUp.findUnique({ where: { id }, select: { clientId: true } });
  await writeAudit({
    actor: by.actor,
    action: AUDIT_ACTIONS.followUpDone,
    targetType: "follow_up",
    targetId: id,
    details: { clientId: followUp?.clientId },
    ip: by.ip,
  });
  return true;
}

/**
 * Schedules a follow-up on a client in the book (from a lead card, an alert or the client's
 * details), owned by `ownerId` or else by whoever schedules it. Null when the client is not there
 * or was erased.
 */
export async function createFollowUp(input: {
  clientId: number;
  dueDate: IsoDate;
  note?: string | null;
  createdBy: Actor;
  ownerId?: string | null;
  ip?: string;
}): Promise<{ id: string; clientName: string } | null> {
  const client = await db.client.findFirst({
    where: writableClient({ id: input.clientId }),
    select: { id: true, fullName: true },
  });
  if (!client) return null;
  const followUp = await db.followUp.create({
    data: {
      clientId: client.id,
      dueDate: dateFromIso(input.dueDate),
      note: input.note?.trim() || null,
      createdById: input.createdBy.id,
      ownerId: input.ownerId ?? input.createdBy.id,
    },
  });
  // The note is free text about a client, so the log keeps only the client, the day and the owner.
  await writeAudit({
    actor: input.createdBy,
    action: AUDIT_ACTIONS.followUpCreated,
    targetType: "follow_up",
    targetId: followUp.id,
    details: { clientId: client.id, dueDate: input.dueDate, ownerId: followUp.ownerId },
    ip: input.ip,
  });
  return { id: followUp.id, clientName: client.fullName };
}

export type FollowUpJson = {
  id: string;
  clientId: number;
  clientName: string;
  ownerId: string | null;
  ownerName: string | null;
  dueDate: IsoDate;
  note: string | null;
  status: string;
  outcome: string | null;
};

const FOLLOW_UP_SELECT = {
  id: true,
  dueDate: true,
  note: true,
  status: true,
  outcome: true,
  ownerId: true,
  owner: { select: { name: true } },
  client: { select: { id: true, fullName: true } },
} as const satisfies Prisma.FollowUpSelect;

function followUpJson(f: Prisma.FollowUpGetPayload<{ select: typeof FOLLOW_UP_SELECT }>): FollowUpJson {
  return {
    id: f.id,
    clientId: f.client.id,
    clientName: f.client.fullName,
    ownerId: f.ownerId,
    ownerName: f.owner?.name ?? null,
    dueDate: isoFromDate(f.dueDate),
    note: f.note,
    status: f.status,
    outcome: f.outcome,
  };
}

/** Every follow-up of a client, deleted client or not (the data export), by due day. */
export async function followUpsOfClient(clientId: number): Promise<FollowUpJson[]> {
  const rows = await db.followUp.findMany({
    where: { clientId },
    orderBy: [{ dueDate: "asc" }, { createdAt: "asc" }],
    select: FOLLOW_UP_SELECT,
  });
  return rows.map(followUpJson);
}

/** GET /api/follow-ups: by owner (me, a user, everyone), status and due window; soonest first. */
export async function listFollowUps(
  filters: { owner: FollowUpOwnerScope; status: FollowUpStatus | null; due: FollowUpDue | null },
  viewerId: string,
  today: IsoDate = businessToday(),
  limit = 500,
): Promise<FollowUpJson[]> {
  const where: Prisma.FollowUpWhereInput = { client: CLIENT_BOOK };
  if (filters.owner.kind !== "all") where.ownerId = filters.owner.kind === "me" ? viewerId : filters.owner.userId;
  if (filters.status) where.status = filters.status;
  if (filters.due) {
    const { from, before } = dueWindow(filters.due, today);
    where.dueDate = { lt: dateFromIso(before), ...(from ? { gte: dateFromIso(from) } : {}) };
  }
  const rows = await db.followUp.findMany({
    where,
    orderBy: [{ dueDate: "asc" }, { createdAt: "asc" }],
    take: limit,
    select: FOLLOW_UP_SELECT,
  });
  return rows.map(followUpJson);
}

export type FollowUpUpdate =
  { ok: true; followUp: FollowUpJson } | { ok: false; status: 400 | 403 | 404; error: MessageCode };

/**
 * Changes a follow-up (its owner, creator or an admin may; anyone when it is unassigned). Closing it as done with an outcome
 * also records the contact as an interaction. Audited.
 */
export async function updateFollowUp(
  id: string,
  change: FollowUpChange,
  actor: { id: string; name: string; role: string },
  ip: string | null = null,
  now: Date = new Date(),
): Promise<FollowUpUpdate> {
  const current = await db.followUp.findFirst({
    where: { id, client: CLIENT_BOOK },
    select: { id: true, clientId: true, ownerId: true, createdById: true, status: true, note: true },
  });
  if (!current) return { ok: false, status: 404, error: MESSAGE_CODES.followUpNotFound };
  // Unassigned follow-ups are anyone's to pick up.
  const mayChange =
    actor.role === "admin" ||
    current.ownerId === null ||
    actor.id === current.ownerId ||
    actor.id === current.createdById;
  if (!mayChange) return { ok: false, status: 403, error: MESSAGE_CODES.followUpForbidden };
  if (change.ownerId !== undefined) {
    const owner = await db.user.findFirst({ where: { id: change.ownerId, isActive: true }, select: { id: true } });
    if (!owner) return { ok: false, status: 400, error: MESSAGE_CODES.followUpInactiveOwner };
  }
  const closing = change.status !== undefined && change.status !== "open" && current.status === "open";
  const data: Prisma.FollowUpUncheckedUpdateInput = {};
  if (change.status !== undefined) {
    data.status = change.status;
    data.doneAt = change.status === "open" ? null : closing ? now : undefined;
  }
  if (change.outcome !== undefined) data.outcome = change.outcome;
  if (change.dueDate !== undefined) data.dueDate = dateFromIso(change.dueDate);
  if (change.ownerId !== undefined) data.ownerId = change.ownerId;
  const saved = await db.followUp.update({ where: { id }, data, select: FOLLOW_UP_SELECT });
  if (closing && change.status === "done" && saved.outcome)
    await recordInteraction(
      current.clientId,
      {
        type: "note",
        note: current.note ? `Follow-up: ${current.note}` : "Follow-up",
        outcome: saved.outcome,
        at: now,
      },
      actor,
      ip,
    );
  await writeAudit({
    actor,
    action: AUDIT_ACTIONS.followUpUpdated,
    ...clientTarget(current.clientId),
    details: { followUpId: id, ...change },
    ip: ip ?? undefined,
  });
  return { ok: true, followUp: followUpJson(saved) };
}

/** One follow-up as the API shows it, or null. */
export async function getFollowUp(id: string): Promise<FollowUpJson | null> {
  const row = await db.followUp.findFirst({ where: { id, client: CLIENT_BOOK }, select: FOLLOW_UP_SELECT });
  return row ? followUpJson(row) : null;
}
