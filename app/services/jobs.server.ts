import QRCode from "qrcode";
import { db, readRows, sqlTimestamp } from "~/db/db.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { appTimezone, businessToday, dateFromIso, isoFromDate, type IsoDate } from "~/domain/calendar";
import type { PaymentMethod } from "~/domain/cash-rule";
import { likeContainsPattern, searchFragment } from "~/domain/client-search";
import {
  allowedMoves,
  balanceOf,
  decideMove,
  decidePayment,
  decideRefund,
  firstStatus,
  isJobStatus,
  isOverdue,
  JOB_PAGE_SIZE,
  JOB_STATUSES,
  OVERDUE_STATUSES,
  waitingCutoff,
  jobNumber,
  readJobNumber,
  sharePrice,
  type JobInput,
  type JobPaymentInput,
  type JobQuery,
  type JobStatus,
  type JobType,
  type MoveRequest,
} from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { filsToDecimalString, type Fils } from "~/domain/money";
import { mgToGrams, pointsToCarats, type Karat, type Metal, type Stone } from "~/domain/sales";
import { nameOfKey } from "~/domain/shop-lists";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { checkCashRule, recordCashTransaction } from "./cash-rule.server";
import { clientTarget } from "./client-audit.server";
import { writableClient } from "./client-book.server";
import { searchTextContains } from "./client-queries.server";
import { lockClient, writeSale, type SaleActor, type SaleContext, type SaleFailure } from "./sales.server";
import { readShopLists } from "./shop-lists.server";

/**
 * The job bag (docs/decisions/044-job-bag.md, docs/guide/jobs.md): one function per operation, shared by the
 * /jobs pages and the /api routes. Every write takes the client's row first (lockClient), so a payment, a move
 * and the cash rule's window see one another; every change is audited on the client (their timeline) and
 * kept in the job's history.
 */

/** A refusal as a sale's: the same statuses, field path and the cash rule's code the API names. */
export type JobFailure = SaleFailure;

export type JobItemJson = {
  category: string;
  categoryName: string;
  metal: string;
  karat: string;
  weightGrams: string | null;
  stone: string;
  stoneCarats: string | null;
  notes: string | null;
};
export type JobPaymentJson = {
  id: number;
  amount: string;
  method: PaymentMethod;
  paidOn: IsoDate;
  takenByName: string;
  /** The shop's day it was refunded (a cancelled job's), and by whom; null until then. */
  refundedOn: IsoDate | null;
  refundedByName: string | null;
};
export type JobHistoryJson = {
  status: JobStatus;
  at: string;
  byName: string;
  reason: string | null;
  override: boolean;
};

export type JobJson = {
  id: number;
  number: string;
  type: JobType;
  status: JobStatus;
  clientId: number;
  clientName: string;
  showroom: string | null;
  showroomName: string | null;
  takenByName: string;
  takenAt: string;
  promisedDate: IsoDate;
  description: string;
  price: string | null;
  paid: string;
  balance: string | null;
  overdue: boolean;
  saleId: number | null;
  items: JobItemJson[];
  payments: JobPaymentJson[];
};
export type JobDetailJson = JobJson & { history: JobHistoryJson[]; allowedMoves: JobStatus[] };

const JOB_SELECT = {
  id: true,
  number: true,
  type: true,
  status: true,
  clientId: true,
  client: { select: { fullName: true } },
  showroom: true,
  takenById: true,
  takenByName: true,
  takenAt: true,
  promisedDate: true,
  description: true,
  priceFils: true,
  paidFils: true,
  saleId: true,
  items: {
    orderBy: { position: "asc" },
    select: {
      category: true,
      metal: true,
      karat: true,
      weightMg: true,
      stone: true,
      stoneCaratPoints: true,
      notes: true,
    },
  },
  payments: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      amountFils: true,
      method: true,
      paidOn: true,
      takenByName: true,
      refundedAt: true,
      refundedByName: true,
    },
  },
} as const satisfies Prisma.JobSelect;
type JobRecord = Prisma.JobGetPayload<{ select: typeof JOB_SELECT }>;
type Lists = Awaited<ReturnType<typeof readShopLists>>;

const money = (fils: Fils | null) => (fils === null ? null : filsToDecimalString(fils));

function jobJson(row: JobRecord, lists: Lists, today: IsoDate): JobJson {
  const status = row.status as JobStatus;
  const promisedDate = isoFromDate(row.promisedDate);
  return {
    id: row.id,
    number: row.number,
    type: row.type as JobType,
    status,
    clientId: row.clientId,
    clientName: row.client.fullName,
    showroom: row.showroom,
    showroomName: nameOfKey(lists.showrooms, row.showroom, "en"),
    takenByName: row.takenByName,
    takenAt: row.takenAt.toISOString(),
    promisedDate,
    description: row.description,
    price: money(row.priceFils),
    paid: filsToDecimalString(row.paidFils),
    balance: money(balanceOf(row.priceFils, row.paidFils)),
    overdue: isOverdue(status, promisedDate, today),
    saleId: row.saleId,
    items: row.items.map((i) => ({
      category: i.category,
      categoryName: nameOfKey(lists.itemCategories, i.category, "en") ?? i.category,
      metal: i.metal,
      karat: i.karat,
      weightGrams: i.weightMg === null ? null : mgToGrams(i.weightMg),
      stone: i.stone,
      stoneCarats: i.stoneCaratPoints === null ? null : pointsToCarats(i.stoneCaratPoints),
      notes: i.notes,
    })),
    payments: row.payments.map((p) => ({
      id: p.id,
      amount: filsToDecimalString(p.amountFils),
      method: p.method as PaymentMethod,
      paidOn: isoFromDate(p.paidOn),
      takenByName: p.takenByName,
      refundedOn: p.refundedAt && businessToday(p.refundedAt),
      refundedByName: p.refundedByName,
    })),
  };
}

const HISTORY_SELECT = {
  orderBy: [{ at: "asc" }, { id: "asc" }],
  select: { status: true, at: true, byName: true, reason: true, override: true },
} as const satisfies Prisma.Job$changesArgs;

function detailJson(
  row: JobRecord & { changes: Prisma.JobStatusChangeGetPayload<typeof HISTORY_SELECT>[] },
  lists: Lists,
  today: IsoDate,
): JobDetailJson {
  const json = jobJson(row, lists, today);
  return {
    ...json,
    history: row.changes.map((c) => ({
      status: c.status as JobStatus,
      at: c.at.toISOString(),
      byName: c.byName,
      reason: c.reason,
      override: c.override,
    })),
    allowedMoves: allowedMoves(json.type, json.status),
  };
}

/** Thrown inside a transaction to roll it back with the refusal to answer. */
class JobRefusal extends Error {
  constructor(readonly failure: JobFailure) {
    super(failure.message.code);
  }
}
const refuse = (status: JobFailure["status"], path: string, refusal: Message): JobFailure => ({
  ok: false,
  status,
  path,
  message: refusal,
});
const jobMissing = () => refuse(404, "id", message(MESSAGE_CODES.jobNotFound));

/** The next number of the type in the shop's year, inside the job's transaction (as QuoteCounter numbers quotes). */
async function nextNumber(tx: Prisma.TransactionClient, type: JobType, year: number): Promise<string> {
  const letter = jobNumber(type, year, 0).slice(0, 1);
  const counter = await tx.jobCounter.upsert({
    where: { letter_year: { letter, year } },
    create: { letter, year, last: 1 },
    update: { last: { increment: 1 } },
  });
  return jobNumber(type, year, counter.last);
}

/**
 * A cash payment under the cash rule, as a sale's is (docs/guide/cash-rule.md): checked against the window after
 * the client's row is taken, refused without the buyer's identity, written as a "job_payment" row.
 */
async function takePayment(
  tx: Prisma.TransactionClient,
  job: { id: number; clientId: number },
  payment: Pick<JobPaymentInput, "amount" | "method" | "buyerId">,
  actor: SaleActor,
  day: IsoDate,
): Promise<void> {
  const cashFils = payment.method === "cash" ? payment.amount : 0n;
  const cash = await checkCashRule(tx, { clientId: job.clientId, day, cashFils, passport: payment.buyerId });
  if (!cash.ok) throw new JobRefusal({ ...refuse(409, "buyerId", cash.message), code: "cash_id_required" });
  const created = await tx.jobPayment.create({
    data: {
      jobId: job.id,
      method: payment.method,
      amountFils: payment.amount,
      paidOn: dateFromIso(day),
      takenById: actor.id,
      takenByName: actor.name,
    },
    select: { id: true },
  });
  await recordCashTransaction(tx, {
    kind: "job_payment",
    clientId: job.clientId,
    jobPaymentId: created.id,
    day,
    cashFils,
    flag: cash.flag,
  });
}

function failureOf(error: unknown): JobFailure {
  if (error instanceof JobRefusal) return error.failure;
  throw error;
}

/**
 * Opens a job for a client in the book (not erased): its number, its first status, its pieces and a deposit
 * (under the cash rule), audited on the client. The showroom defaults to the taker's active home showroom.
 */
export async function createJob(
  clientId: number,
  input: JobInput,
  { actor, ip }: SaleContext,
  now: Date = new Date(),
): Promise<{ ok: true; job: JobDetailJson } | JobFailure> {
  const taker = await db.user.findUnique({
    where: { id: actor.id },
    select: { showroom: { select: { key: true, active: true } } },
  });
  const showroom = input.showroom ?? (taker?.showroom?.active ? taker.showroom.key : null);
  const timeZone = appTimezone();
  const today = businessToday(now, timeZone);
  try {
    const id = await db.$transaction(async (tx) => {
      if (!(await lockClient(tx, clientId, writableClient)))
        throw new JobRefusal(refuse(404, "id", message(MESSAGE_CODES.jobClient)));
      const number = await nextNumber(tx, input.type, Number(today.slice(0, 4)));
      const status = firstStatus(input.type);
      const job = await tx.job.create({
        data: {
          number,
          type: input.type,
          status,
          clientId,
          showroom,
          takenById: actor.id,
          takenByName: actor.name,
          takenAt: now,
          promisedDate: dateFromIso(input.promisedDate),
          description: input.description,
          priceFils: input.priceFils,
          paidFils: input.deposit?.amount ?? 0n,
          items: { create: input.items.map((item, position) => ({ ...item, position })) },
          changes: { create: { status, byId: actor.id, byName: actor.name, at: now } },
        },
        select: { id: true },
      });
      if (input.deposit)
        await takePayment(tx, { id: job.id, clientId }, { ...input.deposit, buyerId: input.buyerId }, actor, today);
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.jobCreated,
          ...clientTarget(clientId),
          // The job's number and amounts, never its description (it may name the client).
          details: {
            job: number,
            type: input.type,
            price: money(input.priceFils),
            deposit: input.deposit ? `${input.deposit.method} ${filsToDecimalString(input.deposit.amount)}` : undefined,
          },
          ip,
        },
        tx,
      );
      return job.id;
    });
    const job = await getJob(id, now);
    return job ? { ok: true, job } : jobMissing();
  } catch (error) {
    return failureOf(error);
  }
}

/** One job of a client in the book, with its history and the moves it may make; null otherwise. */
export async function getJob(id: number, now: Date = new Date()): Promise<JobDetailJson | null> {
  const [row, lists] = await Promise.all([
    db.job.findFirst({ where: { id, ...IN_BOOK }, select: { ...JOB_SELECT, changes: HISTORY_SELECT } }),
    readShopLists(),
  ]);
  return row ? detailJson(row, lists, businessToday(now)) : null;
}

/** Jobs of clients in the book: a column of the job's own, so lists and counts read Job's indexes alone. */
const IN_BOOK = { inClientBook: true } as const satisfies Prisma.JobWhereInput;

/** Jobs not yet ready past their promised day (isOverdue), as SQL on Job(inClientBook, status, promisedDate). */
const overdueSql = (today: IsoDate): Prisma.Sql =>
  Prisma.sql`"status" IN (${Prisma.join(OVERDUE_STATUSES)}) AND "promisedDate" < ${sqlTimestamp(dateFromIso(today))}`;

/** Jobs ready for more than READY_WAIT_DAYS (isWaiting), as SQL on Job(inClientBook, status, readyAt). */
const waitingSql = (today: IsoDate): Prisma.Sql =>
  Prisma.sql`"status" = 'ready' AND "readyAt" < ${sqlTimestamp(waitingCutoff(today, appTimezone()))}`;

/**
 * The search box: a job's number exactly when the text reads as one (R-2026-42), else part of a number or
 * of its client's name, mobile or ID, through the client book's own search column (client-queries.server.ts).
 */
function jobSearchSql(q: string): Prisma.Sql {
  const number = readJobNumber(q);
  if (number) return Prisma.sql`"number" = ${number}`;
  const fragment = searchFragment(q);
  const inNumber = Prisma.sql`"number" LIKE ${likeContainsPattern(q.toUpperCase())} ESCAPE '\\'`;
  if (!fragment) return inNumber;
  // One id list from the two indexes (Job's numbers, the clients' search column), not an OR the planner
  // answers by reading every job.
  return Prisma.sql`"id" IN (SELECT "id" FROM "Job" WHERE ${inNumber} UNION SELECT "Job"."id" FROM "Customer"
    JOIN "Job" ON "Job"."customerId" = "Customer"."id" WHERE ${searchTextContains(fragment)})`;
}

/** The list's filters as one SQL condition on Job's columns; `withStatus` false leaves the status out (its counts). */
function listSql(query: JobQuery, today: IsoDate, withStatus: boolean, viewerId: string | null): Prisma.Sql {
  const and: Prisma.Sql[] = [Prisma.sql`"inClientBook" = ${true}`];
  if (withStatus && query.status) and.push(Prisma.sql`"status" = ${query.status}`);
  if (query.type) and.push(Prisma.sql`"type" = ${query.type}`);
  if (query.clientId) and.push(Prisma.sql`"customerId" = ${query.clientId}`);
  if (query.showroom) and.push(Prisma.sql`"showroom" = ${query.showroom}`);
  if (query.overdue) and.push(overdueSql(today));
  if (query.waiting) and.push(waitingSql(today));
  // Without a signed-in user to ask for, "mine" matches nothing rather than everything.
  if (query.mine) and.push(Prisma.sql`"takenById" = ${viewerId ?? ""}`);
  if (query.q) and.push(jobSearchSql(query.q));
  return Prisma.join(and, " AND ");
}

/** How many jobs wait to be collected and how many are overdue: My day (`takenById`, a taker's) and the dashboard. */
export type JobCounts = { waiting: number; overdue: number };

/** Two COUNTs in one statement on Job's indexes (inClientBook, status, readyAt | promisedDate) and the taker's. */
export async function countJobsToChase(
  { takenById }: { takenById?: string } = {},
  today: IsoDate = businessToday(),
): Promise<JobCounts> {
  const mine = takenById === undefined ? Prisma.empty : Prisma.sql`AND "takenById" = ${takenById}`;
  const inBook = Prisma.sql`"inClientBook" = ${true} ${mine}`;
  const [row] = await readRows<{ waiting: number | bigint; overdue: number | bigint }>(Prisma.sql`SELECT
    (SELECT COUNT(*) FROM "Job" WHERE ${inBook} AND ${waitingSql(today)}) AS "waiting",
    (SELECT COUNT(*) FROM "Job" WHERE ${inBook} AND ${overdueSql(today)}) AS "overdue"`);
  return { waiting: Number(row?.waiting ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** How many jobs come before the page (pages count from 1). */
const pageOffset = (page: number) => (Math.max(1, Math.trunc(page)) - 1) * JOB_PAGE_SIZE;

/**
 * A page's LIMIT and OFFSET written into the statement: SQLite plans a bound LIMIT as unknown and walks the
 * list's order index past every old delivered job to find twenty overdue ones (66 ms at bench size) where,
 * knowing it is twenty, it reads the overdue rows from (inClientBook, status, promisedDate) and sorts them.
 */
function pageSql(page: number): Prisma.Sql {
  return Prisma.raw(`LIMIT ${JOB_PAGE_SIZE} OFFSET ${pageOffset(page)}`);
}

const LIST_ORDER = Prisma.sql`ORDER BY "promisedDate", "id"`;

/**
 * The page's ids, soonest promised first. Overdue jobs are open ones, of three statuses, past their day: they
 * are read a status at a time, each read in order from (inClientBook, status, promisedDate) and stopping at the
 * page's end, then merged. As one read, PostgreSQL walks the list's order index instead, past every old
 * delivered job, to find twenty open ones (91 ms at bench size; docs/performance.md).
 */
function pageIdsSql(query: JobQuery, today: IsoDate, viewerId: string | null): Prisma.Sql {
  if (!query.overdue || query.status) {
    return Prisma.sql`SELECT "id" FROM "Job" WHERE ${listSql(query, today, true, viewerId)} ${LIST_ORDER} ${pageSql(query.page)}`;
  }
  const upToPageEnd = Prisma.raw(`LIMIT ${pageOffset(query.page) + JOB_PAGE_SIZE}`);
  const byStatus = OVERDUE_STATUSES.map(
    (status) => Prisma.sql`SELECT * FROM (SELECT "id", "promisedDate" FROM "Job"
      WHERE ${listSql({ ...query, status }, today, true, viewerId)} ${LIST_ORDER} ${upToPageEnd}) AS ${Prisma.raw(`"${status}"`)}`,
  );
  return Prisma.sql`SELECT "id" FROM (${Prisma.join(byStatus, " UNION ALL ")}) AS "overdue" ${LIST_ORDER} ${pageSql(query.page)}`;
}

type PageRow = { id: number | null; status: string | null; jobs: number | bigint | null };

/**
 * The page's ids and the counts per status. A search by name matches through the clients' search column, the
 * dearest part of the list, so its matches are read once for both (a CTE used twice is materialized, on
 * SQLite and PostgreSQL alike; the NULLs are cast so PostgreSQL can type the UNION); the other filters are
 * ranges of Job's indexes, read twice.
 */
async function pageAndCounts(query: JobQuery, today: IsoDate, viewerId: string | null) {
  const all = listSql(query, today, false, viewerId);
  const status = query.status ? Prisma.sql`WHERE "status" = ${query.status}` : Prisma.empty;
  if (query.q && !readJobNumber(query.q)) {
    const rows = await readRows<PageRow>(Prisma.sql`WITH "matched" AS (SELECT "id", "status", "promisedDate"
      FROM "Job" WHERE ${all})
      SELECT CAST(NULL AS INTEGER) AS "id", "status", COUNT(*) AS "jobs" FROM "matched" GROUP BY "status"
      UNION ALL SELECT * FROM (SELECT "id", CAST(NULL AS TEXT) AS "status", CAST(NULL AS BIGINT) AS "jobs"
        FROM "matched" ${status} ${LIST_ORDER} ${pageSql(query.page)}) AS "page"`);
    return {
      page: rows.filter((row) => row.id !== null).map((row) => ({ id: Number(row.id) })),
      groups: rows.flatMap((row) => (row.status === null ? [] : [{ status: row.status, jobs: row.jobs ?? 0 }])),
    };
  }
  const [page, groups] = await Promise.all([
    readRows<{ id: number }>(pageIdsSql(query, today, viewerId)),
    readRows<{ status: string; jobs: number | bigint }>(
      Prisma.sql`SELECT "status", COUNT(*) AS "jobs" FROM "Job" WHERE ${all} GROUP BY "status"`,
    ),
  ]);
  return { page, groups };
}

/**
 * The jobs of clients in the book matching the filters, soonest promised first, a page at a time, with the
 * count per status of the same filters (the status filter aside), whose sum, or the status's own, is the
 * total. `viewerId` is whom `mine=1` means. The page's ids and the counts are SQL on Job's indexes; only
 * the page's twenty jobs are read whole.
 */
export async function listJobs(
  query: JobQuery,
  now: Date = new Date(),
  viewerId: string | null = null,
): Promise<{ rows: JobJson[]; total: number; counts: Record<JobStatus, number> }> {
  const today = businessToday(now);
  const [{ page, groups }, lists] = await Promise.all([pageAndCounts(query, today, viewerId), readShopLists()]);
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const group of groups) if (isJobStatus(group.status)) counts[group.status] = Number(group.jobs);
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0);
  const ids = page.map((row) => Number(row.id));
  const rows = ids.length ? await db.job.findMany({ where: { id: { in: ids } }, select: JOB_SELECT }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [jobJson(row, lists, today)] : [];
    }),
    total,
    counts,
  };
}

/**
 * The job's facts inside a transaction, read after its client's row is taken, so a move or payment made
 * meanwhile by another till (on PostgreSQL) is seen, not overwritten.
 */
async function lockedJob(tx: Prisma.TransactionClient, id: number) {
  const owner = await tx.job.findFirst({ where: { id, ...IN_BOOK }, select: { clientId: true } });
  if (!owner || !(await lockClient(tx, owner.clientId))) throw new JobRefusal(jobMissing());
  const job = await tx.job.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      number: true,
      type: true,
      status: true,
      clientId: true,
      priceFils: true,
      paidFils: true,
      description: true,
      showroom: true,
      takenById: true,
    },
  });
  return { ...job, type: job.type as JobType, status: job.status as JobStatus };
}

/** What a payment or a refund answers: what is paid and what is owed after it. */
function paidAnswer(priceFils: Fils | null, paidFils: Fils) {
  return { ok: true as const, paid: filsToDecimalString(paidFils), balance: money(balanceOf(priceFils, paidFils)) };
}

/**
 * A payment against a job's balance (any role, for a client in the book), under the cash rule; a layaway it pays
 * up becomes ready. Answers what is paid and what is owed after it.
 */
export async function recordJobPayment(
  id: number,
  input: JobPaymentInput,
  { actor, ip }: SaleContext,
  now: Date = new Date(),
): Promise<{ ok: true; paid: string; balance: string | null } | JobFailure> {
  const today = businessToday(now);
  try {
    return await db.$transaction(async (tx) => {
      const job = await lockedJob(tx, id);
      const decision = decidePayment(job, input.amount);
      if (!decision.ok) throw new JobRefusal(refuse(decision.status, "amount", decision.message));
      await takePayment(tx, job, input, actor, today);
      const paidFils = job.paidFils + input.amount;
      await tx.job.update({
        where: { id },
        data: { paidFils, ...(decision.becomesReady ? { status: "ready", readyAt: now } : {}) },
      });
      if (decision.becomesReady)
        await tx.jobStatusChange.create({
          data: { jobId: id, status: "ready", byId: actor.id, byName: actor.name, at: now },
        });
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.jobPaymentRecorded,
          ...clientTarget(job.clientId),
          details: {
            job: job.number,
            amount: filsToDecimalString(input.amount),
            method: input.method,
            becameReady: decision.becomesReady || undefined,
          },
          ip,
        },
        tx,
      );
      return paidAnswer(job.priceFils, paidFils);
    });
  } catch (error) {
    return failureOf(error);
  }
}

/**
 * Refunds one payment of a cancelled job, whole (app/domain/jobs.ts decideRefund): what was paid goes down by
 * it, audited on the client with the amount and method. A cash payment's row stays in the cash rule's window
 * and its report: the cash was received (docs/decisions/044-job-bag.md). Answers what is paid and owed after.
 */
export async function refundJobPayment(
  id: number,
  paymentId: number,
  { actor, ip }: SaleContext,
  now: Date = new Date(),
): Promise<{ ok: true; paid: string; balance: string | null } | JobFailure> {
  try {
    return await db.$transaction(async (tx) => {
      const job = await lockedJob(tx, id);
      const payment = await tx.jobPayment.findFirst({
        where: { id: paymentId, jobId: id },
        select: { id: true, amountFils: true, method: true, refundedAt: true },
      });
      const decision = decideRefund(job.status, payment, actor.role);
      if (!decision.ok) throw new JobRefusal(refuse(decision.status, "payment", decision.message));
      const refunded = payment!;
      await tx.jobPayment.update({
        where: { id: refunded.id },
        data: { refundedAt: now, refundedById: actor.id, refundedByName: actor.name },
      });
      const paidFils = job.paidFils - refunded.amountFils;
      await tx.job.update({ where: { id }, data: { paidFils } });
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.jobPaymentRefunded,
          ...clientTarget(job.clientId),
          details: { job: job.number, amount: filsToDecimalString(refunded.amountFils), method: refunded.method },
          ip,
        },
        tx,
      );
      return paidAnswer(job.priceFils, paidFils);
    });
  } catch (error) {
    return failureOf(error);
  }
}

/**
 * Moves a job along its flow (app/domain/jobs.ts decideMove), audited with who, when and why. Delivering a
 * priced job records its sale (writeSale) in the same transaction: a repair's charge alone, a custom order's or
 * layaway's pieces as the items, the job number as the invoice, the job's payments as the sale's (their cash
 * was counted when taken). Cancelling answers the payments to refund.
 */
export async function moveJob(
  id: number,
  request: MoveRequest,
  { actor, ip }: SaleContext,
  now: Date = new Date(),
): Promise<{ ok: true; job: JobDetailJson; refunds: JobPaymentJson[] } | JobFailure> {
  const today = businessToday(now);
  try {
    await db.$transaction(async (tx) => {
      const job = await lockedJob(tx, id);
      const decision = decideMove(job, request, actor.role);
      if (!decision.ok) throw new JobRefusal(decision);
      await tx.job.update({
        where: { id },
        data: { status: request.to, ...(request.to === "ready" ? { readyAt: now } : {}) },
      });
      await tx.jobStatusChange.create({
        data: {
          jobId: id,
          status: request.to,
          reason: request.reason,
          override: decision.overridden,
          byId: actor.id,
          byName: actor.name,
          at: now,
        },
      });
      let saleId: number | null = null;
      if (request.to === "delivered" && job.priceFils !== null && job.priceFils > 0n)
        saleId = await deliverySale(tx, job, { actor, ip }, today);
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.jobStatusChanged,
          ...clientTarget(job.clientId),
          details: {
            job: job.number,
            from: job.status,
            to: request.to,
            reason: request.reason ?? undefined,
            override: decision.overridden || undefined,
            outstanding: decision.overridden ? money(balanceOf(job.priceFils, job.paidFils)) : undefined,
            saleId: saleId ?? undefined,
          },
          ip,
        },
        tx,
      );
    });
  } catch (error) {
    return failureOf(error);
  }
  const job = await getJob(id, now);
  if (!job) return jobMissing();
  return { ok: true, job, refunds: request.to === "cancelled" ? job.payments : [] };
}

/** The sale a delivery records, in the delivery's transaction; its id. */
async function deliverySale(
  tx: Prisma.TransactionClient,
  job: Awaited<ReturnType<typeof lockedJob>>,
  { actor, ip }: SaleContext,
  today: IsoDate,
): Promise<number> {
  const priceFils = job.priceFils ?? 0n;
  const [pieces, payments, taker] = await Promise.all([
    job.type === "repair"
      ? Promise.resolve([])
      : tx.jobItem.findMany({ where: { jobId: job.id }, orderBy: { position: "asc" } }),
    tx.jobPayment.findMany({ where: { jobId: job.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    job.takenById ? tx.user.findUnique({ where: { id: job.takenById }, select: { id: true } }) : null,
  ]);
  const prices = sharePrice(priceFils, pieces.length);
  const written = writeSale(
    tx,
    {
      clientId: job.clientId,
      saleDate: today,
      amountFils: priceFils,
      description: job.description.slice(0, 500),
      invoiceNo: job.number,
      showroom: job.showroom,
      // The associate who took the job is the seller, while their account stands.
      soldById: taker?.id ?? actor.id,
      items: pieces.map((piece, i) => ({
        category: piece.category,
        metal: piece.metal as Metal,
        karat: piece.karat as Karat,
        weightMg: piece.weightMg,
        stone: piece.stone as Stone,
        stoneCaratPoints: piece.stoneCaratPoints,
        itemCode: null,
        certificateNo: null,
        priceFils: prices[i] ?? 0n,
      })),
      payments: payments.map((p) => ({ method: p.method as PaymentMethod, amountFils: p.amountFils })),
    },
    { actor, ip, cash: null, audit: { job: job.number } },
  );
  const { created } = await written.catch((error: unknown) => {
    // The job number is the sale's invoice: one typed in by hand for a sale in that showroom is a 409.
    if (isUniqueViolation(error))
      throw new JobRefusal(
        refuse(
          409,
          "status",
          message(MESSAGE_CODES.invoiceTaken, { invoiceNo: job.number, showroom: job.showroom ?? "" }),
        ),
      );
    throw error;
  });
  await tx.job.update({ where: { id: job.id }, data: { saleId: created.id } });
  return created.id;
}

/** Every job of a client, deleted or not, newest first, with payments and history: their data export. */
export async function jobsOfClient(clientId: number): Promise<JobDetailJson[]> {
  const [rows, lists] = await Promise.all([
    db.job.findMany({
      where: { clientId },
      orderBy: [{ takenAt: "desc" }, { id: "desc" }],
      select: { ...JOB_SELECT, changes: HISTORY_SELECT },
    }),
    readShopLists(),
  ]);
  const today = businessToday();
  return rows.map((row) => detailJson(row, lists, today));
}

/**
 * Erasure (docs/decisions/015-client-data-rights.md), in the erasure's transaction: the jobs' free texts go
 * (descriptions, the pieces' notes, the reasons given); their numbers, statuses, pieces and amounts stay,
 * anonymous with the client.
 */
export async function eraseJobTexts(tx: Prisma.TransactionClient, clientIds: readonly number[]): Promise<void> {
  const ofErased = { clientId: { in: [...clientIds] } };
  await tx.job.updateMany({ where: { ...ofErased, description: { not: "" } }, data: { description: "" } });
  await tx.jobItem.updateMany({ where: { job: ofErased, notes: { not: null } }, data: { notes: null } });
  await tx.jobStatusChange.updateMany({ where: { job: ofErased, reason: { not: null } }, data: { reason: null } });
}

/** The client a new job is opened for, when in the book and not erased (the new-job page's heading). */
export async function jobClient(clientId: number): Promise<{ id: number; fullName: string } | null> {
  return db.client.findFirst({ where: writableClient({ id: clientId }), select: { id: true, fullName: true } });
}

/** The job's address as a QR code (an SVG data URL) for its slip: scanning it opens the job. */
export async function jobAddressQr(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
