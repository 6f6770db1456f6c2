import { db } from "~/db.server";
import { businessToday, dateFromIso, isoFromDate, monthDayOf, type IsoDate } from "~/domain/calendar";
import {
  parseEditClientInput,
  parseNewClientInput,
  type ClientInputIssue,
  type NewClientInput,
} from "~/domain/client-input";
import { NO_EMIRATE } from "~/domain/customer-fields";
import {
  notPurchasedCutoff,
  totalPages,
  type CustomerFilters,
  type CustomerListQuery,
} from "~/domain/customer-filters";
import { customerSearchText, searchFragment } from "~/domain/customer-search";
import { filsToDecimalString, type Fils } from "~/domain/money";
import { tierForTotal, type Tier } from "~/domain/tiers";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS } from "./audit.server";
import { inClientBook } from "./client-book.server";
import { ownerForNewClient, ownerWhere } from "./client-owners.server";
import {
  applyContactOkChange,
  auditContactOkChange,
  CONSENT_SELECT,
  consentColumnsFromContactOk,
  recordContactOkConsents,
} from "./consent.server";
import { consentsOf } from "~/domain/consent";

/** Who made a change, for createdById/deletedById and the audit log. */
export type Actor = { id: string; name: string };

export type CustomerSource = "manual" | "client_import" | "zoho_import";

/**
 * The columns derived from others, recomputed on every write so lists, search and reminders can
 * use indexes: searchText, tier (from total sales), and the month-day keys of the yearly occasions.
 */
export function customerDerivedFields(c: {
  fullName: string;
  mobileNumber: string;
  email: string | null;
  emiratesId: string | null;
  totalSalesFils: Fils;
  dateOfBirth: Date | null;
  anniversaryDate: Date | null;
}): { searchText: string; tier: Tier; birthMonthDay: number | null; anniversaryMonthDay: number | null } {
  return {
    searchText: customerSearchText(c),
    tier: tierForTotal(c.totalSalesFils),
    birthMonthDay: c.dateOfBirth ? monthDayOf(c.dateOfBirth) : null,
    anniversaryMonthDay: c.anniversaryDate ? monthDayOf(c.anniversaryDate) : null,
  };
}

const dateOrNull = (iso: IsoDate | null): Date | null => (iso ? dateFromIso(iso) : null);

/**
 * The row of a new client, derived columns included. A starting total becomes one Sale dated the
 * last purchase, so a client's total is always the sum of their sales.
 */
export function newCustomerData(
  input: NewClientInput,
  options: { createdById: string | null; source: CustomerSource; openingSaleDescription?: string | null },
): {
  customer: Prisma.CustomerUncheckedCreateInput;
  openingSale: { saleDate: Date; amountFils: Fils; description: string | null } | null;
} {
  const dateOfBirth = dateOrNull(input.dateOfBirth);
  const anniversaryDate = dateOrNull(input.anniversaryDate);
  const lastPurchaseDate = dateOrNull(input.lastPurchaseDate);
  const customer: Prisma.CustomerUncheckedCreateInput = {
    fullName: input.fullName,
    mobileNumber: input.mobileNumber,
    country: input.country,
    emirate: input.emirate,
    area: input.area,
    totalSalesFils: input.totalSalesFils,
    lastPurchaseDate,
    team: input.team,
    dateOfBirth,
    email: input.email,
    emiratesId: input.emiratesId,
    emiratesIdExpiry: dateOrNull(input.emiratesIdExpiry),
    emiratesIdPicture: input.emiratesIdPicture,
    emiratesIdPictures: input.emiratesIdPictures,
    pepStatus: input.pepStatus,
    anniversaryType: input.anniversaryType,
    anniversaryDate,
    preferredTime: input.preferredTime,
    preferredCollection: input.preferredCollection,
    meetingComments: input.meetingComments,
    contactOk: input.contactOk,
    category: input.category,
    isActive: input.isActive,
    source: options.source,
    createdById: options.createdById,
    // A new client belongs to whoever adds or imports them (docs/decisions/010).
    ownerId: options.createdById,
    ...consentColumnsFromContactOk(input.contactOk),
    ...customerDerivedFields({ ...input, dateOfBirth, anniversaryDate }),
  };
  const openingSale =
    input.totalSalesFils > 0n && lastPurchaseDate
      ? {
          saleDate: lastPurchaseDate,
          amountFils: input.totalSalesFils,
          description: options.openingSaleDescription ?? null,
        }
      : null;
  return { customer, openingSale };
}

/** The client already holding a mobile number, deleted ones included (the number stays reserved). */
export async function findClientByMobile(mobileNumber: string) {
  return db.customer.findUnique({ where: { mobileNumber }, select: { id: true, fullName: true, deletedAt: true } });
}

/** §5: no two clients share a normalised mobile; the message names the client who has it. */
export function duplicateMobileMessage(existing: { fullName: string; deletedAt: Date | null }): string {
  return existing.deletedAt
    ? `This mobile number belongs to ${existing.fullName}, a deleted client. An admin can restore them.`
    : `This mobile number already belongs to ${existing.fullName}.`;
}

// ---------------------------------------------------------------------------------------------
// The list (issue 3 §1): filters, counts and paging in SQL, only the columns the table shows.

function listWhere(f: CustomerFilters, today: IsoDate, viewerId: string): Prisma.CustomerWhereInput {
  const and: Prisma.CustomerWhereInput[] = [ownerWhere(f.owner, viewerId)];
  const fragment = searchFragment(f.search);
  // searchText is lower-cased, and so is the fragment: a plain LIKE, the same on PostgreSQL.
  if (fragment) and.push({ searchText: { contains: fragment } });
  if (f.tier) and.push({ tier: f.tier });
  if (f.emirate) and.push({ emirate: f.emirate });
  if (f.country) and.push({ country: f.country });
  if (f.team) and.push({ team: f.team });
  // Clients who never bought are not "not purchased for N months": they have no purchase to age.
  // A client who never bought has not bought for N months either (the dashboard's Inactive card
  // counts them the same way, and links here).
  if (f.notPurchasedFor)
    and.push({
      OR: [
        { lastPurchaseDate: { lte: dateFromIso(notPurchasedCutoff(today, f.notPurchasedFor)) } },
        { lastPurchaseDate: null },
      ],
    });
  return inClientBook({ AND: and });
}

const TABLE_COLUMNS = {
  id: true,
  fullName: true,
  mobileNumber: true,
  country: true,
  emirate: true,
  area: true,
  dateOfBirth: true,
  totalSalesFils: true,
  lastPurchaseDate: true,
  email: true,
  team: true,
  emiratesId: true,
  emiratesIdExpiry: true,
  pepStatus: true,
  tier: true,
  ownerId: true,
  owner: { select: { name: true } },
  consentWhatsapp: true,
} as const satisfies Prisma.CustomerSelect;

const ALL_COLUMNS = {
  ...TABLE_COLUMNS,
  emiratesIdPicture: true,
  emiratesIdPictures: true,
  anniversaryType: true,
  anniversaryDate: true,
  preferredTime: true,
  preferredCollection: true,
  meetingComments: true,
  contactOk: true,
  category: true,
  isActive: true,
  source: true,
  createdAt: true,
  updatedAt: true,
  ...CONSENT_SELECT,
} as const satisfies Prisma.CustomerSelect;

export type CustomerTableRow = Prisma.CustomerGetPayload<{ select: typeof TABLE_COLUMNS }>;
export type CustomerRecord = Prisma.CustomerGetPayload<{ select: typeof ALL_COLUMNS }>;

export type CustomerPage<Row> = {
  rows: Row[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
};

async function pageOf<S extends Prisma.CustomerSelect>(
  query: CustomerListQuery,
  select: S,
  today: IsoDate,
  viewerId: string,
) {
  const where = listWhere(query, today, viewerId);
  const skip = (query.page - 1) * query.limit;
  // Newest first; the id is the primary key, so the order needs no sort of its own.
  const rows = await db.customer.findMany({ where, select, orderBy: { id: "desc" }, skip, take: query.limit });
  // A page that is not full is the last one, so it gives the count (most searches) without a second scan.
  const lastPage = rows.length > 0 && rows.length < query.limit;
  const totalCount =
    lastPage || (rows.length === 0 && skip === 0) ? skip + rows.length : await db.customer.count({ where });
  return { rows, page: query.page, limit: query.limit, totalCount, totalPages: totalPages(totalCount, query.limit) };
}

/** One page of the client book for the table. */
export function listCustomers(
  query: CustomerListQuery,
  today: IsoDate = businessToday(),
  viewerId = "",
): Promise<CustomerPage<CustomerTableRow>> {
  return pageOf(query, TABLE_COLUMNS, today, viewerId);
}

/** One page of the client book with every field, for GET /api/clients. */
export function listCustomerRecords(
  query: CustomerListQuery,
  today: IsoDate = businessToday(),
  viewerId = "",
): Promise<CustomerPage<CustomerRecord>> {
  return pageOf(query, ALL_COLUMNS, today, viewerId);
}

const isoOrNull = (d: Date | null): IsoDate | null => (d ? isoFromDate(d) : null);

/** A client as the API carries it (spec §3): money as a decimal string, calendar days as YYYY-MM-DD. */
export function customerJson(c: CustomerRecord) {
  return {
    id: c.id,
    fullName: c.fullName,
    mobileNumber: c.mobileNumber,
    country: c.country,
    emirate: c.emirate,
    area: c.area,
    totalSalesValue: filsToDecimalString(c.totalSalesFils),
    lastPurchaseDate: isoOrNull(c.lastPurchaseDate),
    team: c.team,
    dateOfBirth: isoOrNull(c.dateOfBirth),
    email: c.email,
    emiratesId: c.emiratesId,
    emiratesIdExpiry: isoOrNull(c.emiratesIdExpiry),
    emiratesIdPicture: c.emiratesIdPicture,
    emiratesIdPictures: c.emiratesIdPictures,
    pepStatus: c.pepStatus,
    anniversaryType: c.anniversaryType,
    anniversaryDate: isoOrNull(c.anniversaryDate),
    preferredTime: c.preferredTime,
    preferredCollection: c.preferredCollection,
    meetingComments: c.meetingComments,
    contactOk: c.contactOk,
    category: c.category,
    tier: c.tier,
    isActive: c.isActive,
    source: c.source,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    ownerId: c.ownerId,
    ownerName: c.owner?.name ?? null,
    consent: consentsOf(c),
  };
}
export type CustomerJson = ReturnType<typeof customerJson>;

// ---------------------------------------------------------------------------------------------
// One client: details, purchases, follow-ups.

/** A client in the book (not deleted) with every field, or null. */
export function getCustomer(id: number): Promise<CustomerRecord | null> {
  return db.customer.findFirst({ where: inClientBook({ id }), select: ALL_COLUMNS });
}

export type SaleJson = { id: number; saleDate: IsoDate; amount: string; description: string | null };

/** The client's purchases, newest first; null when the client is not in the book. */
export async function listCustomerSales(customerId: number): Promise<SaleJson[] | null> {
  const customer = await db.customer.findFirst({ where: inClientBook({ id: customerId }), select: { id: true } });
  if (!customer) return null;
  const sales = await db.sale.findMany({
    where: { customerId },
    orderBy: [{ saleDate: "desc" }, { id: "desc" }],
    select: { id: true, saleDate: true, amountFils: true, description: true },
  });
  return sales.map((s) => ({
    id: s.id,
    saleDate: isoFromDate(s.saleDate),
    amount: filsToDecimalString(s.amountFils),
    description: s.description,
  }));
}

export type FollowUpJson = {
  id: string;
  dueDate: IsoDate;
  note: string | null;
  done: boolean;
  status: string;
  ownerName: string | null;
};

/** Follow-ups scheduled for the client (from the AI assistant), open ones first, soonest first. */
export async function listCustomerFollowUps(customerId: number): Promise<FollowUpJson[]> {
  const rows = await db.followUp.findMany({
    where: { customerId },
    orderBy: [{ doneAt: { sort: "asc", nulls: "first" } }, { dueDate: "asc" }],
    select: { id: true, dueDate: true, note: true, doneAt: true, status: true, owner: { select: { name: true } } },
  });
  return rows.map((f) => ({
    id: f.id,
    dueDate: isoFromDate(f.dueDate),
    note: f.note,
    done: f.doneAt !== null,
    status: f.status,
    ownerName: f.owner?.name ?? null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Writes. Each returns the issues a form or the API shows, or the saved client.

export type WriteResult =
  { ok: true; customer: CustomerRecord } | { ok: false; status: 400 | 404 | 409; issues: ClientInputIssue[] };

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Add New Client (spec §5): validated, no duplicate mobile, derived columns and the opening sale. */
export async function createCustomer(raw: Record<string, unknown>, actor: Actor): Promise<WriteResult> {
  const parsed = parseNewClientInput(raw);
  if (!parsed.ok) return { ok: false, status: 400, issues: parsed.issues };
  const input = parsed.value;
  const owner = await ownerForNewClient(raw.ownerId, actor.id);
  if (!owner.ok) return { ok: false, status: 400, issues: [{ path: "ownerId", message: owner.message }] };
  const existing = await findClientByMobile(input.mobileNumber);
  if (existing)
    return { ok: false, status: 409, issues: [{ path: "mobileNumber", message: duplicateMobileMessage(existing) }] };
  const { customer, openingSale } = newCustomerData(input, { createdById: actor.id, source: "manual" });
  customer.ownerId = owner.ownerId;
  try {
    const created = await db.customer.create({
      data: { ...customer, sales: openingSale ? { create: { ...openingSale, createdById: actor.id } } : undefined },
      select: ALL_COLUMNS,
    });
    await recordContactOkConsents([{ id: created.id, contactOk: created.contactOk }], "form", actor.id);
    return { ok: true, customer: created };
  } catch (error) {
    // Two people adding the same number at once: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findClientByMobile(input.mobileNumber);
    return {
      ok: false,
      status: 409,
      issues: [
        {
          path: "mobileNumber",
          message: winner ? duplicateMobileMessage(winner) : "This mobile number is already in use.",
        },
      ],
    };
  }
}

/** Fields the edit may write, when the request carries them (a PUT with fewer fields keeps the rest). */
const EDITABLE_TEXT_FIELDS = [
  "area",
  "team",
  "email",
  "emiratesId",
  "emiratesIdPicture",
  "emiratesIdPictures",
  "pepStatus",
  "anniversaryType",
  "preferredTime",
  "preferredCollection",
  "meetingComments",
  "contactOk",
  "category",
] as const;
const EDITABLE_DATE_FIELDS = ["dateOfBirth", "emiratesIdExpiry", "anniversaryDate"] as const;

/**
 * Edit Customer (spec §5): total sales are read-only; a new sale amount is recorded as a Sale
 * (dated today or the given day), added exactly to the total, moves the last purchase forward and
 * recomputes the tier, all in one transaction.
 */
export async function updateCustomer(
  id: number,
  raw: Record<string, unknown>,
  actor: Actor,
  today: IsoDate = businessToday(),
): Promise<WriteResult> {
  const parsed = parseEditClientInput(raw);
  if (!parsed.ok) return { ok: false, status: 400, issues: parsed.issues };
  const input = parsed.value;
  const current = await db.customer.findFirst({
    where: inClientBook({ id }),
    select: {
      id: true,
      mobileNumber: true,
      country: true,
      email: true,
      emiratesId: true,
      dateOfBirth: true,
      anniversaryDate: true,
      contactOk: true,
    },
  });
  if (!current) return { ok: false, status: 404, issues: [{ path: "id", message: "Client not found" }] };
  if (input.mobileNumber !== current.mobileNumber) {
    const other = await findClientByMobile(input.mobileNumber);
    if (other)
      return { ok: false, status: 409, issues: [{ path: "mobileNumber", message: duplicateMobileMessage(other) }] };
  }
  const saleDate = input.newSaleDate ?? today;
  if (input.newSaleAmount !== null && saleDate > today) {
    return {
      ok: false,
      status: 400,
      issues: [{ path: "newSaleDate", message: "The sale date cannot be in the future" }],
    };
  }

  const given = (key: string) => Object.hasOwn(raw, key);
  const data: Prisma.CustomerUncheckedUpdateInput = { fullName: input.fullName, mobileNumber: input.mobileNumber };
  for (const key of EDITABLE_TEXT_FIELDS) if (given(key)) data[key] = input[key];
  for (const key of EDITABLE_DATE_FIELDS) if (given(key)) data[key] = dateOrNull(input[key]);
  if (given("isActive")) data.isActive = input.isActive;
  if (given("country")) {
    data.country = input.country;
    data.emirate = input.emirate;
  } else if (given("emirate") && current.country === "uae") {
    data.emirate = input.emirate === NO_EMIRATE ? "dubai" : input.emirate;
  }
  const after = {
    email: given("email") ? input.email : current.email,
    emiratesId: given("emiratesId") ? input.emiratesId : current.emiratesId,
    dateOfBirth: given("dateOfBirth") ? dateOrNull(input.dateOfBirth) : current.dateOfBirth,
    anniversaryDate: given("anniversaryDate") ? dateOrNull(input.anniversaryDate) : current.anniversaryDate,
  };
  data.searchText = customerSearchText({ fullName: input.fullName, mobileNumber: input.mobileNumber, ...after });
  data.birthMonthDay = after.dateOfBirth ? monthDayOf(after.dateOfBirth) : null;
  data.anniversaryMonthDay = after.anniversaryDate ? monthDayOf(after.anniversaryDate) : null;

  const sale = input.newSaleAmount;
  let consentChange: Awaited<ReturnType<typeof applyContactOkChange>> = null;
  try {
    const saved = await db.$transaction(async (tx) => {
      if (sale !== null) data.totalSalesFils = { increment: sale };
      const updated = await tx.customer.update({ where: { id }, data, select: { totalSalesFils: true, tier: true } });
      if (sale !== null) {
        const day = dateFromIso(saleDate);
        await tx.sale.create({
          data: {
            customerId: id,
            saleDate: day,
            amountFils: sale,
            description: input.newSaleDescription,
            createdById: actor.id,
          },
        });
        // A back-dated sale does not move the last purchase backwards.
        await tx.customer.updateMany({
          where: { id, OR: [{ lastPurchaseDate: null }, { lastPurchaseDate: { lt: day } }] },
          data: { lastPurchaseDate: day },
        });
      }
      const tier = tierForTotal(updated.totalSalesFils);
      if (tier !== updated.tier) await tx.customer.update({ where: { id }, data: { tier } });
      consentChange = given("contactOk")
        ? await applyContactOkChange(tx, id, current.contactOk, input.contactOk, actor.id)
        : null;
      return tx.customer.findUniqueOrThrow({ where: { id }, select: ALL_COLUMNS });
    });
    if (consentChange) await auditContactOkChange(id, consentChange, actor);
    return { ok: true, customer: saved };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return {
      ok: false,
      status: 409,
      issues: [{ path: "mobileNumber", message: "This mobile number is already in use." }],
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Deletion (soft, docs/decisions/004-soft-delete.md) and restore.

/** Spec §9: bulk delete runs in batches of 50. */
export const DELETE_BATCH_SIZE = 50;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Client ids from a form or JSON body: positive integers, each once. */
export function parseClientIds(raw: unknown): number[] {
  const values = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  const ids = values.map((v) =>
    typeof v === "number" ? v : typeof v === "string" && /^\d{1,12}$/.test(v.trim()) ? Number(v) : NaN,
  );
  return [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))];
}

/**
 * Moves clients out of the book (the caller has spent a fresh code). Each batch of 50 is one
 * transaction that also writes its audit entry, so no deletion goes unrecorded.
 */
export async function deleteCustomers(
  ids: readonly number[],
  actor: Actor,
  ip: string | null,
  now: Date = new Date(),
): Promise<{ deleted: number }> {
  let deleted = 0;
  for (const batch of chunks(ids, DELETE_BATCH_SIZE)) {
    deleted += await db.$transaction(async (tx) => {
      const targets = await tx.customer.findMany({
        where: inClientBook({ id: { in: batch } }),
        select: { id: true, fullName: true, mobileNumber: true },
      });
      if (targets.length === 0) return 0;
      const { count } = await tx.customer.updateMany({
        where: { id: { in: targets.map((t) => t.id) }, deletedAt: null },
        data: { deletedAt: now, deletedById: actor.id },
      });
      await tx.auditLog.create({
        data: {
          actorId: actor.id,
          actorName: actor.name,
          action: AUDIT_ACTIONS.customersDeleted,
          targetType: "customer",
          targetId: targets.map((t) => t.id).join(","),
          details: JSON.stringify({ clients: targets }),
          ip,
        },
      });
      return count;
    });
  }
  return { deleted };
}

export type DeletedCustomerRow = {
  id: number;
  fullName: string;
  mobileNumber: string;
  deletedAt: string;
  deletedBy: string | null;
};

/** Deleted clients for the admin's restore view, most recently deleted first. */
export async function listDeletedCustomers(
  search: string,
  limit = 200,
): Promise<{ rows: DeletedCustomerRow[]; totalCount: number }> {
  const fragment = searchFragment(search);
  const where: Prisma.CustomerWhereInput = {
    deletedAt: { not: null },
    ...(fragment ? { searchText: { contains: fragment } } : {}),
  };
  const [totalCount, rows] = await Promise.all([
    db.customer.count({ where }),
    db.customer.findMany({
      where,
      orderBy: [{ deletedAt: "desc" }, { id: "desc" }],
      take: limit,
      select: { id: true, fullName: true, mobileNumber: true, deletedAt: true, deletedById: true },
    }),
  ]);
  const userIds = [...new Set(rows.map((r) => r.deletedById).filter((v): v is string => v !== null))];
  const users = userIds.length
    ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return {
    totalCount,
    rows: rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      mobileNumber: r.mobileNumber,
      deletedAt: r.deletedAt!.toISOString(),
      deletedBy: r.deletedById ? (names.get(r.deletedById) ?? null) : null,
    })),
  };
}

/** Puts deleted clients back in the book (admin only: the route checks the role). Audited. */
export async function restoreCustomers(
  ids: readonly number[],
  actor: Actor,
  ip: string | null,
): Promise<{ restored: number }> {
  let restored = 0;
  for (const batch of chunks(ids, DELETE_BATCH_SIZE)) {
    restored += await db.$transaction(async (tx) => {
      const targets = await tx.customer.findMany({
        where: { id: { in: batch }, deletedAt: { not: null } },
        select: { id: true, fullName: true, mobileNumber: true },
      });
      if (targets.length === 0) return 0;
      const { count } = await tx.customer.updateMany({
        where: { id: { in: targets.map((t) => t.id) } },
        data: { deletedAt: null, deletedById: null },
      });
      await tx.auditLog.create({
        data: {
          actorId: actor.id,
          actorName: actor.name,
          action: AUDIT_ACTIONS.customersRestored,
          targetType: "customer",
          targetId: targets.map((t) => t.id).join(","),
          details: JSON.stringify({ clients: targets }),
          ip,
        },
      });
      return count;
    });
  }
  return { restored };
}
