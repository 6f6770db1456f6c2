import { db } from "~/db/db.server";
import type { Language, Locale } from "~/domain/languages";
import { shortDayLabel, type Alert } from "~/domain/alerts";
import { anniversaryAlert, birthdayAlert, emiratesIdAlert } from "~/domain/client-alerts";
import {
  addDays,
  businessToday,
  dateFromIso,
  daysUntilNextOccasion,
  isoFromDate,
  monthDayRangesWithin,
  type IsoDate,
} from "~/domain/calendar";
import { ALERT_WINDOW_DAYS } from "~/domain/client-windows";
import { inClientBook, occasionWithin } from "./client-book.server";
import { CONTACT_FACT_SELECT, contactFactsOf, withContactFacts, type ContactFacts } from "./client-contact.server";
import { familyBirthdayAlerts } from "./client-family.server";
import { listFollowUpsDueToday, type DueFollowUp } from "./follow-ups.server";
import { countJobsToChase, type JobCounts } from "./jobs.server";
import { loadMessageBook, MESSAGE_RECIPIENT_SELECT } from "./message-templates.server";
import { readUntilWritten } from "~/cache/kept-reads.server";
import type { MessageBook } from "~/domain/message-templates";

/** Occasions of my clients this close are on my day. */
export const MY_DAY_OCCASION_DAYS = 7;
const MY_DAY_LIMIT = 20;

export type MyDayItem = Alert & ContactFacts & { dayLabel: string };
export type MyDay = {
  followUps: (DueFollowUp & { dayLabel: string })[];
  occasions: MyDayItem[];
  expiringIds: MyDayItem[];
  /** The jobs this user took that wait to be collected or are overdue (docs/guide/jobs.md). */
  jobs: JobCounts;
};

/**
 * The "Today" section of a user's home page: their follow-ups due today or overdue, birthdays
 * (their families' too) and anniversaries of the clients they own in the next 7 days, and their
 * clients' Emirates IDs expiring within 30 days, and how many of the jobs they took wait to be collected or are
 * overdue. Each list is a few indexed lookups, capped.
 */
export function getMyDay(
  userId: string,
  today: IsoDate = businessToday(),
  locale: Language | Locale = "en",
  messageBook?: Promise<MessageBook>,
): Promise<MyDay> {
  return readUntilWritten(`my-day ${userId} ${today} ${JSON.stringify(locale)}`, () =>
    readMyDay(userId, today, locale, messageBook),
  );
}

async function readMyDay(
  userId: string,
  today: IsoDate,
  locale: Language | Locale,
  messageBook: Promise<MessageBook> | undefined,
): Promise<MyDay> {
  const occasionWindow = monthDayRangesWithin(today, MY_DAY_OCCASION_DAYS);
  const select = {
    ...CONTACT_FACT_SELECT,
    ...MESSAGE_RECIPIENT_SELECT,
    mobileNumber: true,
    birthMonthDay: true,
    anniversaryMonthDay: true,
    anniversaryType: true,
    emiratesIdExpiry: true,
  } as const;
  const book = await (messageBook ?? loadMessageBook());
  const [due, birthdays, family, anniversaries, ids, jobs] = await Promise.all([
    listFollowUpsDueToday(today, MY_DAY_LIMIT, userId),
    db.client.findMany({
      where: inClientBook({ ownerId: userId, ...occasionWithin("birthMonthDay", occasionWindow) }),
      select,
      take: MY_DAY_LIMIT,
    }),
    familyBirthdayAlerts(today, { days: MY_DAY_OCCASION_DAYS, limit: MY_DAY_LIMIT, ownerId: userId, book }),
    db.client.findMany({
      where: inClientBook({ ownerId: userId, ...occasionWithin("anniversaryMonthDay", occasionWindow) }),
      select,
      take: MY_DAY_LIMIT,
    }),
    db.client.findMany({
      where: inClientBook({
        ownerId: userId,
        emiratesIdExpiry: { gte: dateFromIso(today), lt: dateFromIso(addDays(today, ALERT_WINDOW_DAYS + 1)) },
      }),
      orderBy: { emiratesIdExpiry: "asc" },
      select,
      take: MY_DAY_LIMIT,
    }),
    countJobsToChase({ takenById: userId }, today),
  ]);
  const occasions = [
    ...birthdays.map((c) => birthdayAlert(c, today, daysUntilNextOccasion(c.birthMonthDay!, today), book)),
    ...family.items,
    ...anniversaries.map((c) =>
      anniversaryAlert(c, c.anniversaryType, today, daysUntilNextOccasion(c.anniversaryMonthDay!, today), book),
    ),
  ].sort((a, b) => a.daysLeft - b.daysLeft || a.clientName.localeCompare(b.clientName));
  const expiringIds = ids.map((c) => emiratesIdAlert(c, isoFromDate(c.emiratesIdExpiry!), today, book));
  const facts = await contactFactsOf([...birthdays, ...family.rows, ...anniversaries, ...ids]);
  const withFacts = withContactFacts({ occasions, expiringIds }, (a) => a.clientId, facts);
  const labelled = (items: (Alert & ContactFacts)[]) =>
    items.map((a) => ({ ...a, dayLabel: shortDayLabel(a.date, locale) }));
  return {
    // Due today or overdue only: later ones are in the follow-ups panel.
    followUps: due.map((f) => ({ ...f, dayLabel: shortDayLabel(f.dueDate, locale) })),
    occasions: labelled(withFacts.occasions),
    expiringIds: labelled(withFacts.expiringIds),
    jobs,
  };
}
