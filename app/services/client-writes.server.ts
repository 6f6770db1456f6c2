import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { businessToday, dateFromIso, type IsoDate } from "~/domain/calendar";
import {
  clientField,
  fieldsOf,
  jsonName,
  MASKED_FIELDS,
  type ClientFieldKind,
  type ClientFieldName,
} from "~/domain/client-fields";
import { protectedFieldEdit } from "~/domain/client-privacy";
import { duplicateMobileMessage, MOBILE_IN_USE } from "~/domain/duplicate-mobile";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import type { Role } from "~/domain/roles";
import {
  parseEditClientInput,
  parseNewClientInput,
  type ClientInputIssue,
  type NewClientInput,
} from "~/domain/client-input";
import { NO_EMIRATE } from "~/domain/client-enums";
import type { ConsentStatus } from "~/domain/consent";
import { familyMembersSchema, sameFamily, type FamilyMemberInput } from "~/domain/family";
import { filsToDecimalString, type Fils } from "~/domain/money";
import { listColumn } from "~/domain/preferences";
import { type Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit, type Actor } from "./audit.server";
import { clientTarget } from "./client-audit.server";
import { familyAsInput, familyMemberData, replaceFamilyMembers } from "./client-family.server";
import { inClientBook } from "./client-book.server";
import { findPossibleDuplicates, refreshDuplicatePairs, type PossibleDuplicate } from "./client-duplicates.server";
import { duplicateKeys, type DuplicateKeys } from "~/domain/duplicate-keys";
import { ownerForNewClient } from "./client-owners.server";
import { readShopLists } from "./shop-lists.server";
import { ALL_COLUMNS, clientDerivedFields, DERIVED_FROM, type ClientRecord } from "./client-record.server";
import {
  applyContactOkChange,
  auditContactOkChange,
  consentColumnsFromContactOk,
  recordContactOkConsents,
} from "./consent.server";

/**
 * Writing a client: Add New Client, Edit Customer and the new sale it may carry. Each write and
 * its audit entry are one transaction. The page actions and the /api routes call these same
 * functions, so a client is written the same way whichever face it comes through.
 */

/** Who made a change, for createdById/deletedById and the audit log. */
export type { Actor };

/** Where a write comes from, for the audit log. */
export type WriteContext = { actor: Actor; ip?: string | null };

/** An edit also needs the editor's role: what they were shown masked they may not overwrite. */
export type EditContext = { actor: Actor & { role: Role }; ip?: string | null };

export type ClientSource = "manual" | "client_import" | "zoho_import";

const LIST_KINDS: readonly ClientFieldKind[] = ["metals", "stones", "tags"];

/** A validated field's value as its column stores it: calendar days become dates, lists one text. */
export function columnValue(name: ClientFieldName, value: unknown): unknown {
  const kind = clientField(name).kind;
  if (kind === "date" && typeof value === "string") return dateFromIso(value);
  if (LIST_KINDS.includes(kind)) return listColumn(value as string[] | null);
  return value;
}

/** The JSON name of the family list, beside the registry's fields in the client JSON and the audit. */
const FAMILY_FIELD = "familyMembers";

/**
 * The family a request sends (`familyMembers`, a JSON client's whole list), or null when it sends
 * none; its issues are reported with the fields' (docs/decisions/019).
 */
function familyFrom(
  raw: Record<string, unknown>,
  today: IsoDate,
): { ok: true; members: FamilyMemberInput[] | null } | { ok: false; issues: ClientInputIssue[] } {
  if (!Object.hasOwn(raw, FAMILY_FIELD)) return { ok: true, members: null };
  const parsed = familyMembersSchema(today).safeParse(raw[FAMILY_FIELD] ?? []);
  if (parsed.success) return { ok: true, members: parsed.data };
  const issues = parsed.error.issues.map((i) => ({
    path: [FAMILY_FIELD, ...i.path.map(String)].join("."),
    message: i.message,
  }));
  return { ok: false, issues };
}

/**
 * The row of a new client, derived columns included. A starting total becomes one Sale dated the
 * last purchase, so a client's total is always the sum of their sales.
 */
export function newClientData(
  input: NewClientInput,
  options: { createdById: string | null; source: ClientSource; openingSaleDescription?: string | null },
): {
  client: Prisma.ClientUncheckedCreateInput;
  openingSale: { saleDate: Date; amountFils: Fils; description: string | null } | null;
} {
  const columns: Record<string, unknown> = {};
  for (const name of fieldsOf("create")) columns[name] = columnValue(name, input[name]);
  const fields = columns as Pick<Prisma.ClientUncheckedCreateInput, keyof NewClientInput> & {
    dateOfBirth: Date | null;
    anniversaryDate: Date | null;
    lastPurchaseDate: Date | null;
  };
  // Filled in place: a literal spreading this many columns, then more, costs tens of µs a client.
  const client: Prisma.ClientUncheckedCreateInput = Object.assign(fields, {
    source: options.source,
    createdById: options.createdById,
    // A new client belongs to whoever adds or imports them (docs/decisions/010).
    ownerId: options.createdById,
    ...consentColumnsFromContactOk(input.contactOk),
    ...clientDerivedFields({ ...input, dateOfBirth: fields.dateOfBirth, anniversaryDate: fields.anniversaryDate }),
  });
  const openingSale =
    input.totalSalesFils > 0n && fields.lastPurchaseDate
      ? {
          saleDate: fields.lastPurchaseDate,
          amountFils: input.totalSalesFils,
          description: options.openingSaleDescription ?? null,
        }
      : null;
  return { client, openingSale };
}

/** The client already holding a mobile number, deleted ones included (the number stays reserved). */
export async function findClientByMobile(mobileNumber: string) {
  return db.client.findUnique({ where: { mobileNumber }, select: { id: true, fullName: true, deletedAt: true } });
}

/** A refusal under its field: the client rules' text, or a service's message code with its values. */
export type WriteIssue = { path: string; message: string | Message };
export type WriteFailure = {
  ok: false;
  status: 400 | 403 | 404 | 409;
  issues: WriteIssue[];
  /** Set when the write stopped at the duplicate warning (`unlessDuplicates`): who the client may be. */
  possibleDuplicates?: PossibleDuplicate[];
};
/** A saved client, and who in the book may be the same person (docs/guide/duplicates.md). */
export type WriteResult = { ok: true; client: ClientRecord; possibleDuplicates: PossibleDuplicate[] } | WriteFailure;
/** An edit's result names the sale it recorded, if any. */
export type UpdateResult = { ok: true; client: ClientRecord; sale: Fils | null } | WriteFailure;

/**
 * Whether a form asks to stop at the duplicate warning: the New Client and Edit pages do until the
 * person presses Save anyway; the API never does (it answers with `possibleDuplicates`).
 */
export type DuplicateCheck = { unlessDuplicates?: boolean };

/** The warning as a failure: nothing saved, the form comes back naming who the client may be. */
const duplicateWarning = (possibleDuplicates: PossibleDuplicate[]): WriteFailure => ({
  ok: false,
  status: 409,
  issues: [],
  possibleDuplicates,
});

const keysOf = (row: Partial<DuplicateKeys>): DuplicateKeys => ({
  dupEmiratesIdKey: row.dupEmiratesIdKey ?? null,
  dupEmailKey: row.dupEmailKey ?? null,
  dupNameKey: row.dupNameKey ?? null,
  dupArabicNameKey: row.dupArabicNameKey ?? null,
});

const mobileTaken = (refusal: Message): WriteFailure => ({
  ok: false,
  status: 409,
  issues: [{ path: "mobileNumber", message: refusal }],
});

/** Add New Client: validated, no duplicate mobile, derived columns, the opening sale, audited. */
export async function createClient(
  raw: Record<string, unknown>,
  context: WriteContext,
  today: IsoDate = businessToday(),
  check: DuplicateCheck = {},
): Promise<WriteResult> {
  const { actor, ip } = context;
  const parsed = parseNewClientInput(raw, (await readShopLists()).teams);
  const family = familyFrom(raw, today);
  if (!parsed.ok || !family.ok)
    return {
      ok: false,
      status: 400,
      issues: [...(parsed.ok ? [] : parsed.issues), ...(family.ok ? [] : family.issues)],
    };
  const input = parsed.value;
  const members = family.members ?? [];
  const owner = await ownerForNewClient(raw.ownerId, actor.id);
  if (!owner.ok) return { ok: false, status: 400, issues: [{ path: "ownerId", message: owner.message.code }] };
  const existing = await findClientByMobile(input.mobileNumber);
  if (existing) return mobileTaken(duplicateMobileMessage(existing));
  const { client, openingSale } = newClientData(input, { createdById: actor.id, source: "manual" });
  client.ownerId = owner.ownerId;
  const keys = keysOf(client);
  if (check.unlessDuplicates) {
    const possible = await findPossibleDuplicates(keys);
    if (possible.length > 0) return duplicateWarning(possible);
  }
  try {
    const created = await db.$transaction(async (tx) => {
      const row = await tx.client.create({
        data: {
          ...client,
          sales: openingSale ? { create: { ...openingSale, createdById: actor.id, soldById: actor.id } } : undefined,
          familyMembers: members.length > 0 ? { create: members.map(familyMemberData) } : undefined,
        },
        select: ALL_COLUMNS,
      });
      await recordContactOkConsents([{ id: row.id, contactOk: row.contactOk }], "form", actor.id, tx);
      await refreshDuplicatePairs(tx, [row.id]);
      // Field names only: the log is read by every admin, the values are the client's personal data.
      const given = fieldsOf("create").filter((name) => input[name] !== null);
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.clientCreated,
          ...clientTarget(row.id),
          details: { fields: [...given.map(jsonName), ...(members.length > 0 ? [FAMILY_FIELD] : [])] },
          ip,
        },
        tx,
      );
      return row;
    });
    return { ok: true, client: created, possibleDuplicates: await findPossibleDuplicates(keys, created.id) };
  } catch (error) {
    // Two people adding the same number at once: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findClientByMobile(input.mobileNumber);
    return mobileTaken(winner ? duplicateMobileMessage(winner) : MOBILE_IN_USE);
  }
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * Edit Customer: the fields the request carries (a PUT with fewer fields keeps the rest) and, when
 * given, a new sale. Total sales are read-only; a new sale (dated today or the given day) is added
 * exactly to the total, moves the last purchase forward, and the derived columns (tier, search
 * text, reminder keys) are recomputed, all in one transaction with its audit entries.
 */
export async function updateClient(
  id: number,
  raw: Record<string, unknown>,
  context: EditContext,
  today: IsoDate = businessToday(),
  check: DuplicateCheck = {},
): Promise<UpdateResult> {
  const { actor, ip } = context;
  const parsed = parseEditClientInput(raw, (await readShopLists()).teams);
  const family = familyFrom(raw, today);
  if (!parsed.ok || !family.ok)
    return {
      ok: false,
      status: 400,
      issues: [...(parsed.ok ? [] : parsed.issues), ...(family.ok ? [] : family.issues)],
    };
  const input = parsed.value;
  const current = await db.client.findFirst({ where: inClientBook({ id }), select: ALL_COLUMNS });
  if (!current) return { ok: false, status: 404, issues: [{ path: "id", message: MESSAGE_CODES.clientNotFound }] };
  if (current.erasedAt)
    return { ok: false, status: 409, issues: [{ path: "id", message: MESSAGE_CODES.erasedClient }] };
  if (input.mobileNumber !== current.mobileNumber) {
    const other = await findClientByMobile(input.mobileNumber);
    if (other) return mobileTaken(duplicateMobileMessage(other));
  }
  const sale = input.newSaleAmount;
  const saleDate = input.newSaleDate ?? today;
  if (sale !== null && saleDate > today) {
    return {
      ok: false,
      status: 400,
      issues: [{ path: "newSaleDate", message: message(MESSAGE_CODES.saleDateFuture) }],
    };
  }

  const given = (name: ClientFieldName) => Object.hasOwn(raw, jsonName(name));
  // Protected fields come back as they were shown (masked, for a non-admin): that keeps them.
  const kept = new Set<ClientFieldName>();
  for (const name of MASKED_FIELDS) {
    if (!given(name)) continue;
    const edit = protectedFieldEdit(clientField(name).mask!, input[name], current[name], actor.role);
    if (edit === "refuse")
      return {
        ok: false,
        status: 403,
        issues: [{ path: jsonName(name), message: message(MESSAGE_CODES.protectedField) }],
      };
    if (edit === "keep") kept.add(name);
  }
  const data: Record<string, unknown> = {};
  for (const name of fieldsOf("edit")) {
    if (name === "country" || name === "emirate" || kept.has(name)) continue;
    if (clientField(name).edit === "required" || given(name)) data[name] = columnValue(name, input[name]);
  }
  // The place goes together: a new country sets its emirate; an emirate alone only moves within the UAE.
  if (given("country")) {
    data.country = input.country;
    data.emirate = input.emirate;
  } else if (given("emirate") && current.country === "uae") {
    data.emirate = input.emirate === NO_EMIRATE ? "dubai" : input.emirate;
  }
  const changed = (Object.keys(data) as ClientFieldName[]).filter((name) => !sameValue(data[name], current[name]));
  // A PUT that sends the family back as it was received changes nothing (and is not audited).
  const newFamily =
    family.members && !sameFamily(family.members, familyAsInput(current.familyMembers)) ? family.members : null;
  // The warning only when a field the check compares changes to something another client has.
  if (check.unlessDuplicates) {
    const before = duplicateKeys(current);
    const after = duplicateKeys({ ...current, ...(data as Partial<typeof current>) });
    const changedKeys = (Object.keys(after) as (keyof DuplicateKeys)[]).filter((k) => after[k] !== before[k]);
    if (changedKeys.some((k) => after[k] !== null)) {
      const possible = await findPossibleDuplicates(after, id);
      if (possible.length > 0) return duplicateWarning(possible);
    }
  }

  let consentChange: ConsentStatus | null = null;
  try {
    const saved = await db.$transaction(async (tx) => {
      await tx.client.update({
        where: { id },
        data: { ...data, ...(sale !== null ? { totalSalesFils: { increment: sale } } : {}) },
      });
      if (newFamily) await replaceFamilyMembers(tx, id, newFamily);
      if (sale !== null) {
        const day = dateFromIso(saleDate);
        await tx.sale.create({
          data: {
            clientId: id,
            saleDate: day,
            amountFils: sale,
            description: input.newSaleDescription,
            createdById: actor.id,
            soldById: actor.id,
          },
        });
        // A back-dated sale does not move the last purchase backwards.
        await tx.client.updateMany({
          where: { id, OR: [{ lastPurchaseDate: null }, { lastPurchaseDate: { lt: day } }] },
          data: { lastPurchaseDate: day },
        });
        await writeAudit(
          {
            actor,
            action: AUDIT_ACTIONS.saleRecorded,
            ...clientTarget(id),
            details: { amount: filsToDecimalString(sale), saleDate },
            ip,
          },
          tx,
        );
      }
      if (changed.length > 0 || newFamily) {
        await writeAudit(
          {
            actor,
            action: AUDIT_ACTIONS.clientUpdated,
            ...clientTarget(id),
            details: { fields: [...changed.map(jsonName), ...(newFamily ? [FAMILY_FIELD] : [])] },
            ip,
          },
          tx,
        );
      }
      // OK to Contact = Yes/No grants or withdraws every channel, with a history row each.
      consentChange = given("contactOk")
        ? await applyContactOkChange(tx, id, current.contactOk, input.contactOk, actor.id)
        : null;
      const after = await tx.client.findUniqueOrThrow({ where: { id }, select: DERIVED_FROM });
      const row = await tx.client.update({ where: { id }, data: clientDerivedFields(after), select: ALL_COLUMNS });
      await refreshDuplicatePairs(tx, [id]);
      return row;
    });
    if (consentChange) await auditContactOkChange(id, consentChange, actor);
    return { ok: true, client: saved, sale };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return mobileTaken(MOBILE_IN_USE);
  }
}
