import { db } from "~/db.server";
import { businessToday, dateFromIso, isoFromDate, monthDayOf, type IsoDate } from "~/domain/calendar";
import {
  FAMILY_MEMBERS_MAX,
  FAMILY_RELATIONS,
  familyMemberSchema,
  type FamilyMemberInput,
  type FamilyRelation,
} from "~/domain/family";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { clientTarget } from "./client-audit.server";
import { inClientBook } from "./client-book.server";

/**
 * A client's family (docs/decisions/019-client-preferences-and-family-occasions.md): added and
 * removed one at a time from the details' forms, or replaced as a whole by PUT /api/clients/:id
 * (updateClient). Every change is a `client.updated` audit entry naming the field
 * `familyMembers`, never the names or dates: they are personal data.
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
  | { ok: false; status: 400 | 404; issues: { path: string; message: string }[] };

const clientNotFound: FamilyChange = { ok: false, status: 404, issues: [{ path: "id", message: "Client not found" }] };

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
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
    return { ok: false, status: 400, issues };
  }
  const client = await db.client.findFirst({
    where: inClientBook({ id: clientId }),
    select: { _count: { select: { familyMembers: true } } },
  });
  if (!client) return clientNotFound;
  if (client._count.familyMembers >= FAMILY_MEMBERS_MAX)
    return {
      ok: false,
      status: 400,
      issues: [{ path: "familyMembers", message: `At most ${FAMILY_MEMBERS_MAX} family members` }],
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
  if (!member) return { ok: false, status: 404, issues: [{ path: "memberId", message: "Family member not found" }] };
  const removed = await db.$transaction(async (tx) => {
    const { count } = await tx.clientFamilyMember.deleteMany({ where: { id: memberId, clientId } });
    if (count > 0) await writeAudit(familyAudit(context.actor, clientId, context.ip), tx);
    return count > 0;
  });
  return removed
    ? { ok: true, member: familyMemberJson(member) }
    : { ok: false, status: 404, issues: [{ path: "memberId", message: "Family member not found" }] };
}
