import { db, sqlTimestamp } from "~/db/db.server";
import type { Alert } from "~/domain/alerts";
import { familyBirthdayAlert } from "~/domain/client-alerts";
import { MESSAGE_CODES } from "~/domain/message-codes";
import type { MessageBook } from "~/domain/message-templates";
import { issueMessage } from "~/domain/issue-message";
import { message, type Message } from "~/domain/messages";
import {
  businessToday,
  dateFromIso,
  daysUntilNextOccasion,
  isoFromDate,
  monthDayOf,
  monthDayRangesWithin,
  soonestInRanges,
  type IsoDate,
  type MonthDayRange,
} from "~/domain/calendar";
import {
  FAMILY_MEMBERS_MAX,
  FAMILY_RELATIONS,
  familyMemberSchema,
  type FamilyMemberInput,
  type FamilyRelation,
} from "~/domain/family";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { clientTarget } from "./client-audit.server";
import { CLIENT_BOOK_SQL, inClientBook, writableClient } from "./client-book.server";
import { CONTACT_FACT_SELECT, type ContactFactRow } from "./client-contact.server";
import { MESSAGE_RECIPIENT_SELECT } from "./message-templates.server";

/**
 * A client's family (docs/decisions/019-client-preferences-and-family-occasions.md): added and
 * removed one at a time from the details' forms, or replaced as a whole by PUT /api/clients/:id
 * (updateClient). Every change is a `client.updated` audit entry naming the field
 * `familyMembers`, never the names or dates: they are personal data. Their birthdays join the
 * birthday reminders (the dashboard's alerts and My day).
 */

export const FAMILY_MEMBER_SELECT = {
  id: true,
  relation: true,
  name: true,
  birthDate: true,
} as const satisfies Prisma.ClientFamilyMemberSelect;
type FamilyMemberRow = Prisma.ClientFamilyMemberGetPayload<{ select: typeof FAMILY_MEMBER_SELECT }>;

/** The order the details and the JSON list them: as they were added. */
export const FAMILY_MEMBER_ORDER = { id: "asc" } as const satisfies Prisma.ClientFamilyMemberOrderByWithRelationInput;

export type FamilyMemberJson = { id: number; relation: FamilyRelation; name: string; birthDate: IsoDate | null };

/** A stored relation outside the list (there is none today) reads as "other". */
function relationOf(stored: string): FamilyRelation {
  return (FAMILY_RELATIONS as readonly string[]).includes(stored) ? (stored as FamilyRelation) : "other";
}

export function familyMemberJson(row: FamilyMemberRow): FamilyMemberJson {
  return {
    id: row.id,
    relation: relationOf(row.relation),
    name: row.name,
    birthDate: row.birthDate ? isoFromDate(row.birthDate) : null,
  };
}

/** A member's row: the date stored as its day, and the month-day key the birthday reminders look up. */
export function familyMemberData(member: FamilyMemberInput) {
  const birthDate = member.birthDate ? dateFromIso(member.birthDate) : null;
  return {
    relation: member.relation,
    name: member.name,
    birthDate,
    birthMonthDay: birthDate ? monthDayOf(birthDate) : null,
  };
}

/** The family on file as the input schema gives it, to compare with a sent list. */
export function familyAsInput(rows: readonly FamilyMemberRow[]): FamilyMemberInput[] {
  return rows.map((r) => ({
    relation: relationOf(r.relation),
    name: r.name,
    birthDate: r.birthDate ? isoFromDate(r.birthDate) : null,
  }));
}

/** PUT's whole list in place of the one on file, in the edit's transaction. */
export async function replaceFamilyMembers(
  tx: Prisma.TransactionClient,
  clientId: number,
  members: readonly FamilyMemberInput[],
): Promise<void> {
  await tx.clientFamilyMember.deleteMany({ where: { clientId } });
  if (members.length > 0)
    await tx.clientFamilyMember.createMany({ data: members.map((m) => ({ clientId, ...familyMemberData(m) })) });
}

type Actor = { id: string; name: string };
export type FamilyChange =
  | { ok: true; member: FamilyMemberJson }
  | { ok: false; status: 400 | 404; issues: { path: string; message: Message | string }[] };

const clientNotFound: FamilyChange = {
  ok: false,
  status: 404,
  issues: [{ path: "id", message: MESSAGE_CODES.clientNotFound }],
};

const familyAudit = (actor: Actor, clientId: number, ip: string | null | undefined) => ({
  actor,
  action: AUDIT_ACTIONS.clientUpdated,
  ...clientTarget(clientId),
  details: { fields: ["familyMembers"] },
  ip,
});

/** Adds one member (the details' "Add family member" form). */
export async function addFamilyMember(
  clientId: number,
  raw: Record<string, unknown>,
  context: { actor: Actor; ip?: string | null },
  today: IsoDate = businessToday(),
): Promise<FamilyChange> {
  const parsed = familyMemberSchema(today).safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: issueMessage(i) }));
    return { ok: false, status: 400, issues };
  }
  // An erased client takes no new personal data (docs/decisions/015), whatever the page shows.
  const client = await db.client.findFirst({
    where: writableClient({ id: clientId }),
    select: { _count: { select: { familyMembers: true } } },
  });
  if (!client) return clientNotFound;
  if (client._count.familyMembers >= FAMILY_MEMBERS_MAX)
    return {
      ok: false,
      status: 400,
      issues: [{ path: "familyMembers", message: message(MESSAGE_CODES.familyTooMany, { count: FAMILY_MEMBERS_MAX }) }],
    };
  const member = await db.$transaction(async (tx) => {
    const row = await tx.clientFamilyMember.create({
      data: { clientId, ...familyMemberData(parsed.data) },
      select: FAMILY_MEMBER_SELECT,
    });
    await writeAudit(familyAudit(context.actor, clientId, context.ip), tx);
    return row;
  });
  return { ok: true, member: familyMemberJson(member) };
}

/** Removes one member of a client in the book (the Remove button beside them). */
export async function removeFamilyMember(
  clientId: number,
  memberId: number,
  context: { actor: Actor; ip?: string | null },
): Promise<FamilyChange> {
  const member = await db.clientFamilyMember.findFirst({
    where: { id: memberId, clientId, client: inClientBook() },
    select: FAMILY_MEMBER_SELECT,
  });
  if (!member)
    return { ok: false, status: 404, issues: [{ path: "memberId", message: MESSAGE_CODES.familyMemberNotFound }] };
  const removed = await db.$transaction(async (tx) => {
    const { count } = await tx.clientFamilyMember.deleteMany({ where: { id: memberId, clientId } });
    if (count > 0) await writeAudit(familyAudit(context.actor, clientId, context.ip), tx);
    return count > 0;
  });
  return removed
    ? { ok: true, member: familyMemberJson(member) }
    : { ok: false, status: 404, issues: [{ path: "memberId", message: MESSAGE_CODES.familyMemberNotFound }] };
}

// ---------------------------------------------------------------------------------------------
// Birthday reminders: the same indexed month-day lookup as the clients' own birthdays.

const FAMILY_ALERT_SELECT = {
  ...FAMILY_MEMBER_SELECT,
  birthMonthDay: true,
  client: { select: { ...CONTACT_FACT_SELECT, ...MESSAGE_RECIPIENT_SELECT, mobileNumber: true } },
} as const satisfies Prisma.ClientFamilyMemberSelect;

const FAMILY_OF_CLIENTS = Prisma.sql`"ClientFamilyMember" f JOIN "Customer" c ON c."id" = f."clientId"`;

/**
 * Family birthdays in ranges of month-day keys (monthDayRangesWithin: a range lookup on the index
 * that starts with the key), a day of birth before today (the day someone is born is not yet a
 * birthday), a client in the book, and when given, the client's owner.
 */
function familyBirthdaysWhere(today: IsoDate, ranges: MonthDayRange[], ownerId: string | null): Prisma.Sql {
  const inRanges = ranges.map((r) => Prisma.sql`f."birthMonthDay" BETWEEN ${r.gte} AND ${r.lte}`);
  return Prisma.join(
    [
      Prisma.sql`(${Prisma.join(inRanges, " OR ")})`,
      Prisma.sql`f."birthDate" < ${sqlTimestamp(dateFromIso(today))}`,
      CLIENT_BOOK_SQL,
      ...(ownerId ? [Prisma.sql`c."ownerId" = ${ownerId}`] : []),
    ],
    " AND ",
  );
}

/** How many family birthdays fall in the next `days` days (the panel's "and N more"). */
export async function countFamilyBirthdays(today: IsoDate, days: number): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS "n" FROM ${FAMILY_OF_CLIENTS} WHERE ${familyBirthdaysWhere(today, monthDayRangesWithin(today, days), null)}`;
  return Number(row?.n ?? 0);
}

/**
 * The first `limit` family birthdays of the next `days` days, soonest first, as birthday alerts
 * with their clients' rows (for the contact facts). Month-day order is date order within a year,
 * so the window is read in two ranges (the rest of this year, then the start of next year), each
 * in index order and stopping at the limit; then those members are loaded by id.
 */
export async function familyBirthdayAlerts(
  today: IsoDate,
  options: { days: number; limit: number; ownerId?: string; book: MessageBook },
): Promise<{ items: Alert[]; rows: ContactFactRow[] }> {
  const soonest = await soonestInRanges(
    monthDayRangesWithin(today, options.days),
    options.limit,
    (range, take) => db.$queryRaw<{ id: number | bigint }[]>`
      SELECT f."id" FROM ${FAMILY_OF_CLIENTS} WHERE ${familyBirthdaysWhere(today, [range], options.ownerId ?? null)}
      ORDER BY f."birthMonthDay", f."clientId", f."birthDate", f."id" LIMIT ${take}`,
  );
  const ids = soonest.map((r) => Number(r.id));
  if (ids.length === 0) return { items: [], rows: [] };
  const found = await db.clientFamilyMember.findMany({ where: { id: { in: ids } }, select: FAMILY_ALERT_SELECT });
  const byId = new Map(found.map((m) => [m.id, m]));
  const members = ids.flatMap((id) => byId.get(id) ?? []);
  const items = members.map((m) =>
    familyBirthdayAlert(
      m.client,
      { id: m.id, relation: relationOf(m.relation), name: m.name, birthDate: isoFromDate(m.birthDate!) },
      today,
      daysUntilNextOccasion(m.birthMonthDay!, today),
      options.book,
    ),
  );
  return { items, rows: members.map((m) => m.client) };
}
