import { z } from "zod";
import { addDays, dateFromIso, isIsoDate, type IsoDate } from "./calendar";
import { dateTimeFormat } from "./date-format";
import { buyerIdSchema, PAYMENT_METHODS, readPaymentMethod, type PaymentMethod } from "./cash-rule";
import { MESSAGE_CODES } from "./message-codes";
import { message, type Message } from "./messages";
import { formatAmount, parseAedToFils, type Fils } from "./money";
import type { Role } from "./roles";
import {
  AMOUNT_BOUND,
  CARATS_BOUND,
  enumOf,
  exact,
  karatField,
  METALS,
  parseCaratsToPoints,
  parseGramsToMg,
  STONES,
  text,
  WEIGHT_BOUND,
} from "./sales";
import { chooseMessage, choiceField, type ShopLists } from "./shop-lists";

/**
 * The job bag (docs/decisions/044-job-bag.md, docs/guide/jobs.md): a repair, a custom order or a layaway
 * taken in for a client, its number, its status flow, what is owed, and the sale its delivery records.
 * Pure: the service (app/services/jobs.server.ts) reads and writes; the words are in the "jobs" catalog.
 * Not to be confused with the background tasks (JobLease, app/services/scheduled-jobs.server.ts).
 */

export const JOB_TYPES = ["repair", "custom_order", "layaway"] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_STATUSES = ["received", "in_workshop", "reserved", "ready", "delivered", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const isJobType = (value: unknown): value is JobType =>
  typeof value === "string" && (JOB_TYPES as readonly string[]).includes(value);
export const isJobStatus = (value: unknown): value is JobStatus =>
  typeof value === "string" && (JOB_STATUSES as readonly string[]).includes(value);

/** The catalog keys of the stored values, written in full so the catalog check finds them (like MESSAGE_CODES). */
export const JOB_STATUS_KEYS: Record<JobStatus, string> = {
  received: "jobs:status.received",
  in_workshop: "jobs:status.in_workshop",
  reserved: "jobs:status.reserved",
  ready: "jobs:status.ready",
  delivered: "jobs:status.delivered",
  cancelled: "jobs:status.cancelled",
};
export const JOB_TYPE_KEYS: Record<JobType, string> = {
  repair: "jobs:type.repair",
  custom_order: "jobs:type.custom_order",
  layaway: "jobs:type.layaway",
};

/** The number's letter per type: R-2026-00042 is a repair, C- a custom order, L- a layaway. */
export const JOB_LETTERS: Record<JobType, string> = { repair: "R", custom_order: "C", layaway: "L" };

/** "R-2026-00042": the type's letter, the shop's year and the type's sequence in that year (JobCounter). */
export function jobNumber(type: JobType, year: number, sequence: number): string {
  return `${JOB_LETTERS[type]}-${year}-${String(sequence).padStart(5, "0")}`;
}

/** A number as typed or said: any case, spaces or no dashes ("r 2026 42", "R2026-00042") → "R-2026-00042"; else null. */
export function readJobNumber(input: string): string | null {
  const match = /^\s*([RCL])[\s-]*(\d{4})[\s-]*(\d{1,7})\s*$/i.exec(input);
  if (!match) return null;
  const [, letter, year, sequence] = match;
  return `${letter!.toUpperCase()}-${year}-${sequence!.padStart(5, "0")}`;
}

/** Where each type starts, and the moves its flow allows (cancelling aside). */
const FLOWS: Record<JobType, { first: JobStatus; next: Partial<Record<JobStatus, JobStatus>> }> = {
  repair: { first: "received", next: { received: "in_workshop", in_workshop: "ready", ready: "delivered" } },
  custom_order: { first: "received", next: { received: "in_workshop", in_workshop: "ready", ready: "delivered" } },
  layaway: { first: "reserved", next: { reserved: "ready", ready: "delivered" } },
};

export const firstStatus = (type: JobType): JobStatus => FLOWS[type].first;

/** Delivered and cancelled jobs are closed: no move, no payment. */
export const isOpen = (status: JobStatus): boolean => status !== "delivered" && status !== "cancelled";

/** The moves a job in `status` may make: the next step of its flow, and cancelling while open. */
export function allowedMoves(type: JobType, status: JobStatus): JobStatus[] {
  if (!isOpen(status)) return [];
  const next = FLOWS[type].next[status];
  return next ? [next, "cancelled"] : ["cancelled"];
}

/** Delivering and cancelling (and refunding) are for these roles; every role opens jobs and takes payments. */
export const JOB_CLOSING_ROLES: readonly Role[] = ["admin", "sales_front", "sales_back"];
export const mayClose = (role: Role): boolean => JOB_CLOSING_ROLES.includes(role);

/** What is owed: the price less what was paid; null while the job has no price. */
export function balanceOf(priceFils: Fils | null, paidFils: Fils): Fils | null {
  return priceFils === null ? null : priceFils - paidFils;
}

/** The statuses a job can be late in: still being worked on or paid for (a ready one waits for the client instead). */
export const OVERDUE_STATUSES: readonly JobStatus[] = ["received", "in_workshop", "reserved"];

/** A job is overdue once its promised day has passed while it is not yet ready (issue #45 item 5). */
export function isOverdue(status: JobStatus, promisedDate: IsoDate, today: IsoDate): boolean {
  return OVERDUE_STATUSES.includes(status) && promisedDate < today;
}

/** A ready job waits to be collected once it has been ready for more than this many days. */
export const READY_WAIT_DAYS = 7;

/** The instant a shop day begins in `timeZone` (no daylight saving in the UAE; the offset is read at that day's UTC midnight). */
export function shopDayStart(day: IsoDate, timeZone: string): Date {
  const midnight = dateFromIso(day);
  const parts = Object.fromEntries(
    dateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(midnight)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute);
  return new Date(midnight.getTime() - (wall - midnight.getTime()));
}

/**
 * A job waits when it became ready before the shop day READY_WAIT_DAYS before today began: ready on the 1st, it
 * waits from the 9th. Counted in whole shop days, so My day's answer (kept for the day) stays right all day.
 */
export function waitingCutoff(today: IsoDate, timeZone: string): Date {
  return shopDayStart(addDays(today, -READY_WAIT_DAYS), timeZone);
}

/** A job waits to be collected (My day, the dashboard, ?waiting=1) when ready for more than READY_WAIT_DAYS. */
export function isWaiting(status: JobStatus, readyAt: Date | null, today: IsoDate, timeZone: string): boolean {
  return status === "ready" && readyAt !== null && readyAt < waitingCutoff(today, timeZone);
}

export type MoveRequest = { to: JobStatus; reason: string | null; override: boolean };
export type MoveFacts = { type: JobType; status: JobStatus; priceFils: Fils | null; paidFils: Fils };
export type MoveRefusal = { ok: false; status: 403 | 409 | 400; path: string; message: Message };
export type MoveDecision = { ok: true; overridden: boolean } | MoveRefusal;

const outstanding = (fils: Fils) => message(MESSAGE_CODES.jobOutstanding, { amount: formatAmount(fils) });

/**
 * The status rule: only the flow's next step or cancelling (with a reason); delivering and cancelling by
 * JOB_CLOSING_ROLES only; a layaway is ready once paid in full; delivered is refused while anything is owed,
 * unless an admin overrides with a reason (audited by the service).
 */
export function decideMove(job: MoveFacts, request: MoveRequest, role: Role): MoveDecision {
  const { to } = request;
  if (!allowedMoves(job.type, job.status).includes(to))
    return {
      ok: false,
      status: 409,
      path: "status",
      message: message(MESSAGE_CODES.jobMoveRefused, {
        from: { label: JOB_STATUS_KEYS[job.status] },
        to: { label: JOB_STATUS_KEYS[to] },
      }),
    };
  if ((to === "delivered" || to === "cancelled") && !mayClose(role))
    return { ok: false, status: 403, path: "status", message: message(MESSAGE_CODES.jobRoleRefused) };
  if (to === "cancelled" && !request.reason)
    return { ok: false, status: 400, path: "reason", message: message(MESSAGE_CODES.jobReasonRequired) };
  const owed = balanceOf(job.priceFils, job.paidFils) ?? 0n;
  if (job.type === "layaway" && to === "ready" && owed > 0n)
    return { ok: false, status: 409, path: "status", message: outstanding(owed) };
  if (to === "delivered" && owed > 0n) {
    if (!(role === "admin" && request.override))
      return { ok: false, status: 409, path: "status", message: outstanding(owed) };
    if (!request.reason)
      return { ok: false, status: 400, path: "reason", message: message(MESSAGE_CODES.jobReasonRequired) };
    return { ok: true, overridden: true };
  }
  return { ok: true, overridden: false };
}

/**
 * A refund: a payment of this job (none: 404), refunded whole and once, only once the job is cancelled, and only
 * by JOB_CLOSING_ROLES. What was paid goes down by its amount.
 */
export function decideRefund(
  status: JobStatus,
  payment: { refundedAt: Date | null } | null,
  role: Role,
): { ok: true } | { ok: false; status: 403 | 404 | 409; message: Message } {
  if (!mayClose(role)) return { ok: false, status: 403, message: message(MESSAGE_CODES.jobRefundRoleRefused) };
  if (!payment) return { ok: false, status: 404, message: message(MESSAGE_CODES.jobPaymentNotFound) };
  if (status !== "cancelled") return { ok: false, status: 409, message: message(MESSAGE_CODES.jobRefundNotCancelled) };
  if (payment.refundedAt) return { ok: false, status: 409, message: message(MESSAGE_CODES.jobPaymentRefunded) };
  return { ok: true };
}

/**
 * A payment against the balance: the job open and priced, the amount not above what is owed. A layaway the
 * payment clears becomes ready (its flow's rule: ready once paid in full).
 */
export function decidePayment(
  job: MoveFacts,
  amountFils: Fils,
): { ok: true; becomesReady: boolean } | { ok: false; status: 400 | 409; message: Message } {
  if (!isOpen(job.status)) return { ok: false, status: 409, message: message(MESSAGE_CODES.jobClosed) };
  const owed = balanceOf(job.priceFils, job.paidFils);
  if (owed === null) return { ok: false, status: 400, message: message(MESSAGE_CODES.jobNoPrice) };
  if (amountFils > owed)
    return { ok: false, status: 400, message: message(MESSAGE_CODES.jobAboveBalance, { balance: formatAmount(owed) }) };
  return { ok: true, becomesReady: job.type === "layaway" && job.status === "reserved" && amountFils === owed };
}

/**
 * What the payment form says while an amount is typed (with JavaScript; docs/guide/jobs.md): the balance after
 * it, or the refusal the server would give when it is more than the balance; null while the text is not an
 * amount above zero. The text is read to fils as the server reads it, so the figure is exact.
 */
export function balanceAfterPayment(
  balanceFils: Fils,
  typed: string,
): { ok: true; balanceFils: Fils } | { ok: false; message: Message } | null {
  const amountFils = parseAedToFils(typed);
  if (amountFils === null || amountFils <= 0n) return null;
  if (amountFils > balanceFils)
    return { ok: false, message: message(MESSAGE_CODES.jobAboveBalance, { balance: formatAmount(balanceFils) }) };
  return { ok: true, balanceFils: balanceFils - amountFils };
}

/**
 * The sale's items from the job's pieces, which carry no price of their own: the price is shared out in
 * whole fils, equal parts with the remainder a fils each to the first pieces, so the items add up to the
 * price exactly (docs/decisions/044-job-bag.md).
 */
export function sharePrice(priceFils: Fils, pieces: number): Fils[] {
  if (pieces <= 0) return [];
  const count = BigInt(pieces);
  const part = priceFils / count;
  const rest = priceFils % count;
  return Array.from({ length: pieces }, (_, i) => part + (BigInt(i) < rest ? 1n : 0n));
}

export const MAX_JOB_ITEMS = 20;
export const JOB_DESCRIPTION_MAX = 1000;
export const JOB_REASON_MAX = 500;
export const JOB_PAGE_SIZE = 20;

/** One piece received or ordered, named as the JSON names it (weightGrams, stoneCarats). */
export const jobItemSchema = (categories: ShopLists["itemCategories"]) =>
  z
    .object({
      category: choiceField("itemCategories", categories),
      metal: enumOf(METALS, "none"),
      karat: karatField(),
      weightGrams: exact(parseGramsToMg, MESSAGE_CODES.saleWeight, WEIGHT_BOUND),
      stone: enumOf(STONES, "none"),
      stoneCarats: exact(parseCaratsToPoints, MESSAGE_CODES.saleCarats, CARATS_BOUND),
      notes: text(500),
    })
    .transform((item, ctx) => {
      if (item.category === null) {
        const refusal = chooseMessage("itemCategories", categories);
        ctx.addIssue({ code: "custom", path: ["category"], message: refusal.code, params: refusal.values });
        return z.NEVER;
      }
      return {
        category: item.category,
        metal: item.metal,
        karat: item.karat,
        weightMg: item.weightGrams,
        stone: item.stone,
        stoneCaratPoints: item.stoneCarats,
        notes: item.notes,
      };
    });
export type JobItemInput = z.output<ReturnType<typeof jobItemSchema>>;

const methodField = () =>
  z.unknown().transform((v, ctx): PaymentMethod => {
    const method = readPaymentMethod(v);
    if (method) return method;
    ctx.addIssue({
      code: "custom",
      message: MESSAGE_CODES.paymentMethodUnknown,
      params: { choices: PAYMENT_METHODS.join(", ") },
    });
    return z.NEVER;
  });

const amountField = () =>
  z.union([z.string(), z.number()], { error: MESSAGE_CODES.paymentAmountInvalid }).transform((v, ctx) => {
    const fils = parseAedToFils(v);
    if (fils === null || fils <= 0n || fils > AMOUNT_BOUND.max) {
      ctx.addIssue({ code: "custom", message: MESSAGE_CODES.paymentAmountInvalid });
      return z.NEVER;
    }
    return fils;
  });

/** A payment: {amount, method}, and the buyer's passport when the cash rule needs it (as a sale takes it). */
export const jobPaymentSchema = () =>
  z.object({ amount: amountField(), method: methodField(), buyerId: buyerIdSchema() });
export type JobPaymentInput = z.output<ReturnType<typeof jobPaymentSchema>>;

/**
 * A new job as POST /api/clients/:id/jobs and the new-job form send it. The promised day is today or later;
 * a layaway needs its price; a deposit is not above the price.
 */
export function jobInputSchema(today: IsoDate, lists: Pick<ShopLists, "showrooms" | "itemCategories">) {
  return z
    .object({
      type: z.unknown().transform((v, ctx): JobType => {
        if (isJobType(v)) return v;
        ctx.addIssue({ code: "custom", message: MESSAGE_CODES.jobType, params: { choices: JOB_TYPES.join(", ") } });
        return z.NEVER;
      }),
      description: z
        .string({ error: MESSAGE_CODES.jobDescription })
        .trim()
        .min(1, MESSAGE_CODES.jobDescription)
        .max(JOB_DESCRIPTION_MAX, MESSAGE_CODES.textTooLong),
      promisedDate: z
        .string({ error: MESSAGE_CODES.jobPromisedDate })
        .trim()
        .refine(isIsoDate, MESSAGE_CODES.jobPromisedDate)
        .refine((day) => day >= today, MESSAGE_CODES.jobPromisedPast),
      price: exact(parseAedToFils, MESSAGE_CODES.salePrice, AMOUNT_BOUND),
      showroom: choiceField("showrooms", lists.showrooms),
      items: z
        .array(jobItemSchema(lists.itemCategories), { error: MESSAGE_CODES.saleItemsList })
        .max(MAX_JOB_ITEMS, MESSAGE_CODES.jobTooManyItems)
        .nullish()
        .transform((v): JobItemInput[] => v ?? []),
      deposit: z
        .object({ amount: amountField(), method: methodField() })
        .nullish()
        .transform((v) => v ?? null),
      buyerId: buyerIdSchema(),
    })
    .transform((job, ctx) => {
      if (job.type === "layaway" && job.price === null) {
        ctx.addIssue({ code: "custom", path: ["price"], message: MESSAGE_CODES.jobPriceRequired });
        return z.NEVER;
      }
      if (job.deposit) {
        if (job.price === null) {
          ctx.addIssue({ code: "custom", path: ["deposit", "amount"], message: MESSAGE_CODES.jobNoPrice });
          return z.NEVER;
        }
        if (job.deposit.amount > job.price) {
          ctx.addIssue({
            code: "custom",
            path: ["deposit", "amount"],
            message: MESSAGE_CODES.jobAboveBalance,
            params: { balance: formatAmount(job.price) },
          });
          return z.NEVER;
        }
      }
      const { price, ...rest } = job;
      return { ...rest, priceFils: price };
    });
}
export type JobInput = z.output<ReturnType<typeof jobInputSchema>>;

/** POST /api/jobs/:id/status {status, reason?, override?}. */
export const jobMoveSchema = () =>
  z.object({
    status: z.unknown().transform((v, ctx): JobStatus => {
      if (isJobStatus(v)) return v;
      ctx.addIssue({ code: "custom", message: MESSAGE_CODES.jobStatus, params: { choices: JOB_STATUSES.join(", ") } });
      return z.NEVER;
    }),
    reason: text(JOB_REASON_MAX),
    override: z
      .boolean({ error: MESSAGE_CODES.invalidInput })
      .nullish()
      .transform((v) => v ?? false),
  });

/** ?status=&type=&clientId=&showroom=&overdue=1&waiting=1&mine=1&q=&page= of /jobs and GET /api/jobs; anything unreadable is refused. */
export type JobQuery = {
  status: JobStatus | null;
  type: JobType | null;
  clientId: number | null;
  showroom: string | null;
  overdue: boolean;
  /** Ready for more than READY_WAIT_DAYS (isWaiting). */
  waiting: boolean;
  /** Only the jobs the signed-in user took (My day's counts link here). */
  mine: boolean;
  q: string | null;
  page: number;
};

export function parseJobQuery(params: URLSearchParams): { ok: true; query: JobQuery } | { ok: false } {
  const status = params.get("status") || null;
  const type = params.get("type") || null;
  const clientId = params.get("clientId") || null;
  const showroom = params.get("showroom") || null;
  const overdue = params.get("overdue") || null;
  const waiting = params.get("waiting") || null;
  const mine = params.get("mine") || null;
  const q = params.get("q")?.trim() || null;
  const page = params.get("page") || "1";
  if (status !== null && !isJobStatus(status)) return { ok: false };
  if (type !== null && !isJobType(type)) return { ok: false };
  if (clientId !== null && !/^[1-9]\d{0,9}$/.test(clientId)) return { ok: false };
  if (overdue !== null && overdue !== "1") return { ok: false };
  if (waiting !== null && waiting !== "1") return { ok: false };
  if (mine !== null && mine !== "1") return { ok: false };
  if (showroom !== null && showroom.length > 100) return { ok: false };
  if (q !== null && q.length > 100) return { ok: false };
  if (!/^\d{1,6}$/.test(page) || Number(page) < 1) return { ok: false };
  return {
    ok: true,
    query: {
      status,
      type,
      clientId: clientId === null ? null : Number(clientId),
      showroom,
      overdue: overdue === "1",
      waiting: waiting === "1",
      mine: mine === "1",
      q,
      page: Number(page),
    },
  };
}

/** A job's id from a URL: a positive integer in range, else null (a 404, never a 500). */
export function parseJobId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
