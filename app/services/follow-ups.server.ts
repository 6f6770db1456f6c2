import { db } from "~/db.server";
import { addDays, businessToday, dateFromIso, daysBetween, isoFromDate, type IsoDate } from "~/domain/calendar";
import { ALERT_WINDOW_DAYS } from "~/domain/client-windows";
import { PANEL_LIMIT } from "~/domain/dashboard-figures";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { CLIENT_BOOK, inClientBook } from "./client-book.server";

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
};

/** Open follow-ups that are overdue or due in the next 30 days, soonest first, for clients in the book. */
export async function listDueFollowUps(
  today: IsoDate = businessToday(),
  limit: number = PANEL_LIMIT,
): Promise<{ items: DueFollowUp[]; total: number }> {
  const where = {
    doneAt: null,
    dueDate: { lt: dateFromIso(addDays(today, ALERT_WINDOW_DAYS + 1)) },
    client: CLIENT_BOOK,
  };
  const [total, rows] = await Promise.all([
    db.followUp.count({ where }),
    db.followUp.findMany({
      where,
      orderBy: [{ dueDate: "asc" }, { createdAt: "asc" }],
      take: limit,
      select: {
        id: true,
        note: true,
        dueDate: true,
        client: { select: { id: true, fullName: true, mobileNumber: true } },
      },
    }),
  ]);
  const items = rows.map((row) => {
    const dueDate = isoFromDate(row.dueDate);
    return {
      id: row.id,
      clientId: row.client.id,
      clientName: row.client.fullName,
      mobileNumber: row.client.mobileNumber,
      note: row.note,
      dueDate,
      daysLeft: daysBetween(today, dueDate),
    };
  });
  return { items, total };
}

/** Marks an open follow-up done; false when it is already done, unknown, or its client was deleted. */
export async function completeFollowUp(
  id: string,
  by: { actor: Actor; ip: string },
  now: Date = new Date(),
): Promise<boolean> {
  const { count } = await db.followUp.updateMany({
    where: { id, doneAt: null, client: CLIENT_BOOK },
    data: { doneAt: now },
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

/** Schedules a follow-up call on a client in the book (a lead card's Schedule); null when the client is not there. */
export async function createFollowUp(input: {
  clientId: number;
  dueDate: IsoDate;
  note?: string | null;
  createdBy: Actor;
  ip: string;
}): Promise<{ id: string; clientName: string } | null> {
  const client = await db.client.findFirst({
    where: inClientBook({ id: input.clientId }),
    select: { id: true, fullName: true },
  });
  if (!client) return null;
  const followUp = await db.followUp.create({
    data: {
      clientId: client.id,
      dueDate: dateFromIso(input.dueDate),
      note: input.note?.trim() || null,
      createdById: input.createdBy.id,
    },
  });
  // The note is free text about a client, so the log keeps only the client and the day.
  await writeAudit({
    actor: input.createdBy,
    action: AUDIT_ACTIONS.followUpCreated,
    targetType: "follow_up",
    targetId: followUp.id,
    details: { clientId: client.id, dueDate: input.dueDate },
    ip: input.ip,
  });
  return { id: followUp.id, clientName: client.fullName };
}
