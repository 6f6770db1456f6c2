import { db, readRows } from "~/db/db.server";
import { Prisma } from "~/generated/prisma/client";
import type { Alert } from "~/domain/alerts";
import { anniversaryAlert, birthdayAlert, emiratesIdAlert } from "~/domain/client-alerts";
import type { MessageBook } from "~/domain/message-templates";
import {
  addDays,
  businessToday,
  dateFromIso,
  daysUntilNextOccasion,
  isoFromDate,
  monthDayRangesWithin,
  soonestInRanges,
  type IsoDate,
} from "~/domain/calendar";
import { ALERT_WINDOW_DAYS, EXPIRED_ID_LOOKBACK_DAYS } from "~/domain/client-windows";
import {
  PANEL_LIMIT,
  figuresFromTierCounts,
  type DashboardMetrics,
  type TierBreakdown,
} from "~/domain/dashboard-figures";
import { activeClientSql, CLIENT_BOOK_SQL, inClientBook, occasionWithin } from "./client-book.server";
import { readUntilWritten } from "~/cache/kept-reads.server";
import { countJobsToChase, type JobCounts } from "./jobs.server";
import { countFamilyBirthdays, familyBirthdayAlerts } from "./client-family.server";
import { loadMessageBook, MESSAGE_RECIPIENT_SELECT } from "./message-templates.server";
import {
  CONTACT_FACT_SELECT,
  contactFactsOf,
  withContactFacts,
  type ContactFactRow,
  type ContactFacts,
} from "./client-contact.server";

export type ClientFigures = { metrics: DashboardMetrics; tierBreakdown: TierBreakdown };

/** An alert with when the client was last contacted and whether WhatsApp is allowed. */
export type ContactAlert = Alert & ContactFacts;
/** The first `limit` alerts, soonest first, and how many are due in all. */
export type AlertList = { items: ContactAlert[]; total: number };
/** An alert list with the client rows it was made of (for their contact facts). */
type RawAlertList = { items: Alert[]; total: number; rows: ContactFactRow[] };
export type DashboardAlerts = { birthdays: AlertList; anniversaries: AlertList; emiratesId: AlertList };

/**
 * The shop's jobs waiting to be collected (ready for more than a week) and overdue: two COUNTs on Job's indexes,
 * kept until the next write like the other figures. Every role that sees the dashboard sees every job in the book.
 */
export function getJobFigures(today: IsoDate = businessToday()): Promise<JobCounts> {
  return readUntilWritten(`job-figures ${today}`, () => countJobsToChase({}, today));
}

/**
 * The dashboard's cards and tier breakdown from two indexed queries: a GROUP BY on the stored tier
 * (total, VIPs and the breakdown) and a count of active clients (activeClientSql); the inactive are the
 * rest of the book. Read again after every write, so in raw SQL on the connection (decision 032):
 * through the ORM, compiling the two queries took 5 of their 11 ms at bench size (docs/performance.md).
 */
export function getClientFigures(today: IsoDate = businessToday()): Promise<ClientFigures> {
  return readUntilWritten(`client-figures ${today}`, () => countClientFigures(today));
}

async function countClientFigures(today: IsoDate): Promise<ClientFigures> {
  const [groups, [active]] = await Promise.all([
    readRows<{ tier: string; clients: number | bigint }>(
      Prisma.sql`SELECT "tier", COUNT(*) AS "clients" FROM "Customer" WHERE ${CLIENT_BOOK_SQL} GROUP BY "tier"`,
    ),
    readRows<{ clients: number | bigint }>(
      Prisma.sql`SELECT COUNT(*) AS "clients" FROM "Customer" WHERE ${CLIENT_BOOK_SQL} AND ${activeClientSql(today)}`,
    ),
  ]);
  const countByTier = Object.fromEntries(groups.map((g) => [g.tier, Number(g.clients)]));
  return figuresFromTierCounts(countByTier, Number(active?.clients ?? 0));
}

const alertClientFields = { ...CONTACT_FACT_SELECT, ...MESSAGE_RECIPIENT_SELECT, mobileNumber: true } as const;

type OccasionKind = "birthday" | "anniversary";

function monthDayOrder(kind: OccasionKind): Prisma.ClientOrderByWithRelationInput[] {
  return [
    kind === "birthday" ? { birthMonthDay: "asc" } : { anniversaryMonthDay: "asc" },
    { fullName: "asc" },
    { id: "asc" },
  ];
}

/**
 * Birthdays and anniversaries in the next 30 days through the indexed month-day columns. Month-day
 * order is date order within a year, so the window is read in two ranges (the rest of this year,
 * then the start of next year when the window crosses 31 December), each in index order, and only
 * the first `limit` rows are loaded.
 */
async function occasionAlerts(
  kind: OccasionKind,
  today: IsoDate,
  limit: number,
  book: MessageBook,
): Promise<RawAlertList> {
  const ranges = monthDayRangesWithin(today, ALERT_WINDOW_DAYS);
  const field = kind === "birthday" ? "birthMonthDay" : "anniversaryMonthDay";
  const orderBy = monthDayOrder(kind);
  const select = { ...alertClientFields, birthMonthDay: true, anniversaryMonthDay: true, anniversaryType: true };

  const [total, rows] = await Promise.all([
    db.client.count({ where: inClientBook(occasionWithin(field, ranges)) }),
    soonestInRanges(ranges, limit, (range, take) =>
      db.client.findMany({ where: inClientBook(occasionWithin(field, [range])), orderBy, take, select }),
    ),
  ]);
  const items = rows.map((c) => {
    const monthDay = (kind === "birthday" ? c.birthMonthDay : c.anniversaryMonthDay)!;
    const daysLeft = daysUntilNextOccasion(monthDay, today);
    return kind === "birthday"
      ? birthdayAlert(c, today, daysLeft, book)
      : anniversaryAlert(c, c.anniversaryType, today, daysLeft, book);
  });
  return { items, total, rows };
}

/**
 * Clients' birthdays and their family's (docs/decisions/019) in one panel: each source gives its
 * first `limit` soonest first, so the soonest `limit` of both are among them; a day's clients come
 * before their families.
 */
async function birthdayAlerts(today: IsoDate, limit: number, book: MessageBook): Promise<RawAlertList> {
  const [clients, family, familyTotal] = await Promise.all([
    occasionAlerts("birthday", today, limit, book),
    familyBirthdayAlerts(today, { days: ALERT_WINDOW_DAYS, limit, book }),
    countFamilyBirthdays(today, ALERT_WINDOW_DAYS),
  ]);
  const items = [...clients.items, ...family.items].sort((a, b) => a.daysLeft - b.daysLeft).slice(0, limit);
  return { items, total: clients.total + familyTotal, rows: [...clients.rows, ...family.rows] };
}

/**
 * Emirates IDs expiring in the next 30 days and those that expired in the last 30
 * (EXPIRED_ID_LOOKBACK_DAYS), most overdue first, as one indexed range on the expiry date.
 */
async function emiratesIdAlerts(today: IsoDate, limit: number, book: MessageBook): Promise<RawAlertList> {
  const where = inClientBook({
    emiratesIdExpiry: {
      gte: dateFromIso(addDays(today, -EXPIRED_ID_LOOKBACK_DAYS)),
      lt: dateFromIso(addDays(today, ALERT_WINDOW_DAYS + 1)),
    },
  });
  const [total, rows] = await Promise.all([
    db.client.count({ where }),
    db.client.findMany({
      where,
      orderBy: [{ emiratesIdExpiry: "asc" }, { fullName: "asc" }, { id: "asc" }],
      take: limit,
      select: { ...alertClientFields, emiratesIdExpiry: true },
    }),
  ]);
  return {
    items: rows.map((c) => emiratesIdAlert(c, isoFromDate(c.emiratesIdExpiry!), today, book)),
    total,
    rows,
  };
}

/**
 * The three alert panels (docs/product-rules.md §2), each capped at `limit` rows with the full
 * count beside it; each WhatsApp message in its client's language (the message book read once).
 */
export function getDashboardAlerts(
  today: IsoDate = businessToday(),
  limit: number = PANEL_LIMIT,
  messageBook?: Promise<MessageBook>,
): Promise<DashboardAlerts> {
  return readUntilWritten(`dashboard-alerts ${today} ${limit}`, () => readDashboardAlerts(today, limit, messageBook));
}

async function readDashboardAlerts(
  today: IsoDate,
  limit: number,
  messageBook: Promise<MessageBook> | undefined,
): Promise<DashboardAlerts> {
  const book = await (messageBook ?? loadMessageBook());
  const [birthdays, anniversaries, emiratesId] = await Promise.all([
    birthdayAlerts(today, limit, book),
    occasionAlerts("anniversary", today, limit, book),
    emiratesIdAlerts(today, limit, book),
  ]);
  // The alert queries read the last-contact and consent columns with the rows: no second lookup.
  const facts = await contactFactsOf([...birthdays.rows, ...anniversaries.rows, ...emiratesId.rows]);
  const items = withContactFacts(
    { birthdays: birthdays.items, anniversaries: anniversaries.items, emiratesId: emiratesId.items },
    (alert) => alert.clientId,
    facts,
  );
  return {
    birthdays: { items: items.birthdays, total: birthdays.total },
    anniversaries: { items: items.anniversaries, total: anniversaries.total },
    emiratesId: { items: items.emiratesId, total: emiratesId.total },
  };
}
