import { db } from "~/db.server";
import { addDays, businessToday, dateFromIso, daysBetween, isoFromDate, type IsoDate } from "~/domain/calendar";
import { ALERT_WINDOW_DAYS } from "~/domain/client-windows";
import { PANEL_LIMIT } from "~/domain/dashboard-figures";
import { CLIENT_BOOK, inClientBook } from "./client-book.server";

/**
 * Follow-ups are calls staff promised a client (scheduled from the AI assistant's lead cards).
 * dueDate is a calendar day stored as UTC midnight, like every date in the app.
 */
export type DueFollowUp = {
  id: string;
  customerId: number;
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
    customer: CLIENT_BOOK,
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
        customer: { select: { id: true, fullName: true, mobileNumber: true } },
      },
    }),
  ]);
  const items = rows.map((row) => {
    const dueDate = isoFromDate(row.dueDate);
    return {
      id: row.id,
      customerId: row.customer.id,
      clientName: row.customer.fullName,
      mobileNumber: row.customer.mobileNumber,
      note: row.note,
      dueDate,
      daysLeft: daysBetween(today, dueDate),
    };
  });
  return { items, total };
}

/** Marks an open follow-up done; false when it is already done, unknown, or its client was deleted. */
export async function completeFollowUp(id: string, now: Date = new Date()): Promise<boolean> {
  const { count } = await db.followUp.updateMany({
    where: { id, doneAt: null, customer: CLIENT_BOOK },
    data: { doneAt: now },
  });
  return count === 1;
}

/** Schedules a follow-up call on a client in the book (a lead card's Schedule); null when the client is not there. */
export async function createFollowUp(input: {
  customerId: number;
  dueDate: IsoDate;
  note?: string | null;
  createdById: string;
}): Promise<{ id: string; clientName: string } | null> {
  const client = await db.customer.findFirst({
    where: inClientBook({ id: input.customerId }),
    select: { id: true, fullName: true },
  });
  if (!client) return null;
  const followUp = await db.followUp.create({
    data: {
      customerId: client.id,
      dueDate: dateFromIso(input.dueDate),
      note: input.note?.trim() || null,
      createdById: input.createdById,
    },
  });
  return { id: followUp.id, clientName: client.fullName };
}
