import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { dateFromIso, isoFromDate, type IsoDate } from "~/domain/calendar";
import { cashPart, type BuyerIdentity, type PaymentJson, type PaymentMethod } from "~/domain/cash-rule";
import { filsToDecimalString, type Fils } from "~/domain/money";
import type { Role } from "~/domain/roles";
import {
  canVoidSale,
  mgToGrams,
  pointsToCarats,
  storedItems,
  type SaleInput,
  type SaleItemFacts,
  type SaleLists,
} from "~/domain/sales";
import { nameOfKey } from "~/domain/shop-lists";
import { TIER_FLOORS, type Tier } from "~/domain/tiers";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { checkCashRule, recordCashTransaction, voidCashOfSale } from "./cash-rule.server";
import { clientTarget } from "./client-audit.server";
import { inClientBook, writableClient } from "./client-book.server";
import { readShopLists } from "./shop-lists.server";

/**
 * Recording and voiding sales (docs/decisions/016-itemised-sales-and-voids.md). A sale is never
 * deleted; the client's total, tier and last purchase are recomputed from the sales not void in
 * the same transaction as the change, with SQL SUM/MAX over an index.
 */

/** An item as the JSON carries it: its category's key and English name. */
export type SaleItemJson = SaleItemFacts & { categoryName: string };

export type SaleJson = {
  id: number;
  saleDate: IsoDate;
  amount: string;
  description: string | null;
  invoiceNo: string | null;
  /** The showroom's key, and its English name (a page names it in its own language from the key). */
  showroom: string | null;
  showroomName: string | null;
  soldById: string | null;
  soldByName: string | null;
  items: SaleItemJson[];
  /** How it was paid; empty for a sale recorded before payment methods ("not recorded"). */
  payments: PaymentJson[];
  /** The cash rule's flag: "report_due" or "reported", null when the sale needed no report. */
  cashReport: "report_due" | "reported" | null;
  voidedAt: string | null;
  voidReason: string | null;
};

/** What the details page needs beyond the JSON to offer the void button. */
export type SaleRow = SaleJson & { createdById: string | null; createdAt: Date };

/** The client's purchase facts after a change, as the client JSON carries them. */
export type ClientPurchaseFacts = { totalSalesValue: string; tier: Tier; lastPurchaseDate: IsoDate | null };

const SALE_SELECT = {
  id: true,
  clientId: true,
  saleDate: true,
  amountFils: true,
  description: true,
  invoiceNo: true,
  showroom: true,
  soldById: true,
  soldBy: { select: { name: true } },
  createdById: true,
  createdAt: true,
  voidedAt: true,
  voidReason: true,
  items: {
    orderBy: { position: "asc" },
    select: {
      category: true,
      metal: true,
      karat: true,
      weightMg: true,
      stone: true,
      stoneCaratPoints: true,
      itemCode: true,
      certificateNo: true,
      priceFils: true,
    },
  },
  payments: { orderBy: { position: "asc" }, select: { method: true, amountFils: true } },
  cashTransaction: { select: { reportStatus: true } },
} as const satisfies Prisma.SaleSelect;

type SaleRecord = Prisma.SaleGetPayload<{ select: typeof SALE_SELECT }>;

/** A stored sale as the pages and the JSON read it, its showroom and categories named from the shop's lists. */
function saleRow(s: SaleRecord, lists: SaleLists): SaleRow {
  return {
    id: s.id,
    saleDate: isoFromDate(s.saleDate),
    amount: filsToDecimalString(s.amountFils),
    description: s.description,
    invoiceNo: s.invoiceNo,
    showroom: s.showroom,
    showroomName: nameOfKey(lists.showrooms, s.showroom, "en"),
    soldById: s.soldById,
    soldByName: s.soldBy?.name ?? null,
    items: s.items.map((i) => ({
      category: i.category,
      categoryName: nameOfKey(lists.itemCategories, i.category, "en") ?? i.category,
      metal: i.metal,
      karat: i.karat,
      weightGrams: i.weightMg === null ? null : mgToGrams(i.weightMg),
      stone: i.stone,
      stoneCarats: i.stoneCaratPoints === null ? null : pointsToCarats(i.stoneCaratPoints),
      itemCode: i.itemCode,
      certificateNo: i.certificateNo,
      price: filsToDecimalString(i.priceFils),
    })),
    payments: s.payments.map((p) => ({ method: p.method as PaymentMethod, amount: filsToDecimalString(p.amountFils) })),
    cashReport: (s.cashTransaction?.reportStatus ?? null) as SaleJson["cashReport"],
    voidedAt: s.voidedAt?.toISOString() ?? null,
    voidReason: s.voidReason,
    createdById: s.createdById,
    createdAt: s.createdAt,
  };
}

/** The contract's shape: the row without the page-only fields. */
export function saleJson({ createdById: _by, createdAt: _at, ...json }: SaleRow): SaleJson {
  return json;
}

/** The client's purchases, void ones included (marked), newest first; null when the client is not in the book. */
export async function listClientSales(clientId: number): Promise<SaleRow[] | null> {
  const client = await db.client.findFirst({ where: inClientBook({ id: clientId }), select: { id: true } });
  return client ? salesOfClient(clientId) : null;
}

/** Every sale of a client, deleted or not (the data export), void ones included, newest first. */
export async function salesOfClient(clientId: number): Promise<SaleRow[]> {
  const [sales, lists] = await Promise.all([
    db.sale.findMany({
      where: { clientId },
      orderBy: [{ saleDate: "desc" }, { id: "desc" }],
      select: SALE_SELECT,
    }),
    readShopLists(),
  ]);
  return sales.map((sale) => saleRow(sale, lists));
}

/**
 * Takes the client's row for the rest of the transaction (a no-op write: PostgreSQL then queues a
 * second writer for the same client until this one commits, so its SUM sees this sale; SQLite
 * writes one transaction at a time anyway). False when the client is not in the book (or, with
 * `which` = writableClient, was erased).
 */
export async function lockClient(
  tx: Prisma.TransactionClient,
  clientId: number,
  which: (where: Prisma.ClientWhereInput) => Prisma.ClientWhereInput = inClientBook,
): Promise<boolean> {
  const { count } = await tx.client.updateMany({
    where: which({ id: clientId }),
    data: { updatedAt: new Date() },
  });
  return count === 1;
}

/**
 * The clients' total, tier and last purchase from their sales not void, for one client or a whole
 * import batch in one statement: SUM/MAX per client answered by the
 * (voidedAt, customerId, saleDate, amountFils) index, never the sales loaded into JavaScript, and
 * the tier from TIER_FLOORS (the thresholds are the code's constants, written into the SQL).
 */
function recomputePurchasesSql(clientIds: readonly number[], now: Date): Prisma.Sql {
  const tier = Prisma.raw(
    `CASE ${TIER_FLOORS.map(([name, from]) => `WHEN p."total" >= ${from} THEN '${name}'`).join(" ")} ELSE 'bronze' END`,
  );
  // Raw SQL: the ORM's aggregate misreads MAX of a unixepoch-ms timestamp on SQLite (an invalid Date).
  return Prisma.sql`
    UPDATE "Customer" SET "totalSalesFils" = p."total", "lastPurchaseDate" = p."last", "tier" = ${tier}, "updatedAt" = ${now}
    FROM (
      SELECT c."id" AS "id", COALESCE(SUM(s."amountFils"), 0) AS "total", MAX(s."saleDate") AS "last"
      FROM "Customer" c LEFT JOIN "Sale" s ON s."customerId" = c."id" AND s."voidedAt" IS NULL
      WHERE c."id" IN (${Prisma.join(clientIds)})
      GROUP BY c."id"
    ) AS p
    WHERE "Customer"."id" = p."id"`;
}

/** recomputePurchasesSql for one client, answering its new facts. */
export async function recomputeClientPurchases(
  tx: Prisma.TransactionClient,
  clientId: number,
): Promise<ClientPurchaseFacts> {
  const [row] = await tx.$queryRaw<
    { total: bigint | number | string; tier: Tier; last: Date | number | bigint | string | null }[]
  >`${recomputePurchasesSql([clientId], new Date())} RETURNING "Customer"."totalSalesFils" AS "total", "Customer"."tier" AS "tier", "Customer"."lastPurchaseDate" AS "last"`;
  if (!row) throw new Error(`Client ${clientId} not found`);
  const total: Fils = BigInt(row.total);
  const last = timestampOf(row.last);
  return {
    totalSalesValue: filsToDecimalString(total),
    tier: row.tier,
    lastPurchaseDate: last ? isoFromDate(last) : null,
  };
}

/** recomputePurchasesSql for many clients (an import batch), in the caller's transaction. */
export async function recomputeClientsPurchases(tx: Prisma.TransactionClient, clientIds: readonly number[]) {
  if (clientIds.length > 0) await tx.$executeRaw(recomputePurchasesSql(clientIds, new Date()));
}

/** A timestamp from raw SQL: SQLite gives the stored integer milliseconds, PostgreSQL a Date. */
export function timestampOf(value: Date | number | bigint | string | null): Date | null {
  if (value === null) return null;
  if (value instanceof Date) return value;
  return new Date(typeof value === "string" && !/^\d+$/.test(value) ? value : Number(value));
}

export type SaleActor = { id: string; name: string; role: Role };
/** Who records a sale, a job's move or payment, and from where: for the audit log and the role rules. */
export type SaleContext = { actor: SaleActor; ip?: string | null };

export type SaleFailure = {
  ok: false;
  status: 400 | 403 | 404 | 409;
  path: string;
  message: Message;
  /** A refusal the API names by code: the cash rule's "cash_id_required". */
  code?: "cash_id_required";
};
export type SaleResult =
  | {
      ok: true;
      sale: SaleJson;
      client: ClientPurchaseFacts;
      /** recordSale: whether the cash rule flagged it. */ cashReportRequired?: boolean;
    }
  | SaleFailure;

/** Thrown inside recordSale's transaction to roll back the client lock when the cash rule refuses. */
class CashIdRefusal extends Error {
  constructor(readonly refusal: Message) {
    super("cash_id_required");
  }
}

const failure = (status: SaleFailure["status"], path: string, message: Message): SaleFailure => ({
  ok: false,
  status,
  path,
  message,
});
const clientMissing = () => failure(404, "id", message(MESSAGE_CODES.clientNotFound));

async function invoiceTaken(showroom: string, invoiceNo: string, lists: SaleLists): Promise<SaleFailure> {
  const other = await db.sale.findFirst({
    where: { showroom, liveInvoiceNo: invoiceNo },
    select: { saleDate: true, client: { select: { fullName: true } } },
  });
  const row = lists.showrooms.find((r) => r.key === showroom);
  const where = row ? { names: [{ name: row.name, nameAr: row.nameAr }] } : showroom;
  return failure(
    409,
    "invoiceNo",
    other
      ? message(MESSAGE_CODES.invoiceTakenBy, {
          invoiceNo,
          showroom: where,
          name: other.client.fullName,
          date: isoFromDate(other.saleDate),
        })
      : message(MESSAGE_CODES.invoiceTaken, { invoiceNo, showroom: where }),
  );
}

/** What writeSale writes: a sale as recordSale reads it, its payments as taken (a job's need not add up). */
export type SaleWrite = Pick<
  SaleInput,
  "saleDate" | "amountFils" | "description" | "invoiceNo" | "items" | "payments"
> & {
  clientId: number;
  showroom: string | null;
  soldById: string;
};

/**
 * Writes a sale with its items and payments, recomputes the client's purchase facts and audits it, in the
 * caller's transaction, which has taken the client's row (lockClient). `cash` is the cash rule's row to write
 * (recordSale's check); null when the cash was counted already, as a delivered job's was, payment by payment
 * (app/services/jobs.server.ts). `audit` adds to the audit entry's details (the job's number).
 */
export async function writeSale(
  tx: Prisma.TransactionClient,
  sale: SaleWrite,
  {
    actor,
    ip,
    cash,
    audit,
  }: SaleContext & { cash: { cashFils: Fils; flag: BuyerIdentity | null } | null; audit?: Record<string, unknown> },
): Promise<{ created: { id: number; createdAt: Date }; client: ClientPurchaseFacts }> {
  const saleDate = dateFromIso(sale.saleDate);
  const created = await tx.sale.create({
    data: {
      clientId: sale.clientId,
      saleDate,
      amountFils: sale.amountFils,
      description: sale.description,
      invoiceNo: sale.invoiceNo,
      liveInvoiceNo: sale.invoiceNo,
      showroom: sale.showroom,
      soldById: sale.soldById,
      createdById: actor.id,
    },
    select: { id: true, createdAt: true },
  });
  // One multi-row INSERT, and the answer built from what was written (recording must stay
  // under 30 ms at bench size: every statement in the transaction counts).
  if (sale.items.length > 0) {
    await tx.saleItem.createMany({
      data: storedItems(sale.items, saleDate).map((item) => ({ ...item, saleId: created.id })),
    });
  }
  if (sale.payments.length > 0) {
    await tx.salePayment.createMany({
      data: sale.payments.map((p, position) => ({ ...p, position, saleId: created.id })),
    });
  }
  if (cash) {
    await recordCashTransaction(tx, {
      kind: "sale",
      clientId: sale.clientId,
      saleId: created.id,
      day: sale.saleDate,
      cashFils: cash.cashFils,
      flag: cash.flag,
    });
  }
  const client = await recomputeClientPurchases(tx, sale.clientId);
  await writeAudit(
    {
      actor,
      action: AUDIT_ACTIONS.saleRecorded,
      ...clientTarget(sale.clientId),
      details: {
        saleId: created.id,
        amount: filsToDecimalString(sale.amountFils),
        saleDate: sale.saleDate,
        invoiceNo: sale.invoiceNo,
        showroom: sale.showroom,
        items: sale.items.length,
        payments: sale.payments.map((p) => `${p.method} ${filsToDecimalString(p.amountFils)}`),
        cashReport: cash?.flag ? { idType: cash.flag.idType } : undefined,
        ...audit,
      },
      ip,
    },
    tx,
  );
  return { created, client };
}

/**
 * Records a sale (with its items, when given) for a client in the book, recomputes the client's
 * purchase facts and audits it, in one transaction. The associate defaults to whoever records it;
 * a sale with no showroom chosen is the associate's home showroom (an inactive one is not taken), and
 * an invoice number needs a showroom, since invoice numbers are unique per showroom.
 */
export async function recordSale(clientId: number, input: SaleInput, { actor, ip }: SaleContext): Promise<SaleResult> {
  const soldById = input.soldById ?? actor.id;
  const [seller, lists] = await Promise.all([
    db.user.findFirst({
      where: soldById === actor.id ? { id: soldById } : { id: soldById, isActive: true },
      select: { name: true, showroom: { select: { key: true, active: true } } },
    }),
    readShopLists(),
  ]);
  const soldBy = soldById === actor.id ? actor : seller;
  if (!soldBy) return failure(400, "soldById", message(MESSAGE_CODES.associateInactive));
  const home = seller?.showroom?.active ? seller.showroom.key : null;
  const showroom = input.showroom ?? home;
  if (input.invoiceNo && !showroom) return failure(400, "showroom", message(MESSAGE_CODES.invoiceNeedsShowroom));
  try {
    const result = await db.$transaction(async (tx) => {
      // A sale stays voidable on an erased client, but no new one is recorded for them.
      if (!(await lockClient(tx, clientId, writableClient))) return null;
      // The cash rule (docs/guide/cash-rule.md), after the lock so the window sees every earlier sale.
      const cashFils = cashPart(input.payments);
      const cash = await checkCashRule(tx, { clientId, day: input.saleDate, cashFils, passport: input.buyerId });
      if (!cash.ok) throw new CashIdRefusal(cash.message);
      const written = {
        clientId,
        saleDate: dateFromIso(input.saleDate),
        amountFils: input.amountFils,
        description: input.description,
        invoiceNo: input.invoiceNo,
        showroom,
        soldById,
        createdById: actor.id,
      };
      const { created, client } = await writeSale(
        tx,
        { ...input, clientId, showroom, soldById },
        { actor, ip, cash: { cashFils, flag: cash.flag } },
      );
      const row: SaleRecord = {
        ...created,
        ...written,
        soldBy: { name: soldBy.name },
        voidedAt: null,
        voidReason: null,
        items: input.items,
        payments: input.payments,
        cashTransaction: cash.flag ? { reportStatus: "report_due" } : null,
      };
      return { sale: saleJson(saleRow(row, lists)), client, cashReportRequired: cash.flag !== null };
    });
    return result ? { ok: true, ...result } : clientMissing();
  } catch (error) {
    if (error instanceof CashIdRefusal)
      return { ok: false, status: 409, path: "buyerId", message: error.refusal, code: "cash_id_required" };
    // The unique (showroom, liveInvoiceNo) index decides, so two tills cannot both record one invoice.
    if (isUniqueViolation(error) && showroom && input.invoiceNo) return invoiceTaken(showroom, input.invoiceNo, lists);
    throw error;
  }
}

/** One sale of a client in the book with what the void rule needs, or null. */
export async function findSale(saleId: number): Promise<(SaleRow & { clientId: number }) | null> {
  const [sale, lists] = await Promise.all([
    db.sale.findFirst({ where: { id: saleId, client: inClientBook() }, select: SALE_SELECT }),
    readShopLists(),
  ]);
  return sale ? { ...saleRow(sale, lists), clientId: sale.clientId } : null;
}

/**
 * Voids a sale with a reason (never deletes it): the conditional update lets one void win, the
 * invoice number is freed for a re-entry, the client's facts are recomputed and the void audited
 * with its reason, all in one transaction. Who may: canVoidSale (decision 016).
 */
export async function voidSale(
  saleId: number,
  reason: string,
  { actor, ip, clientId }: SaleContext & { clientId?: number },
  now: Date = new Date(),
): Promise<SaleResult> {
  const sale = await findSale(saleId);
  // A page posts for one client: a sale of another is not found there.
  if (!sale || (clientId !== undefined && sale.clientId !== clientId))
    return failure(404, "id", message(MESSAGE_CODES.saleNotFound));
  if (sale.voidedAt) return failure(409, "id", message(MESSAGE_CODES.alreadyVoid));
  if (!canVoidSale(actor, sale, now)) return failure(403, "id", message(MESSAGE_CODES.voidRefused));
  const result = await db.$transaction(async (tx) => {
    if (!(await lockClient(tx, sale.clientId))) return null;
    const { count } = await tx.sale.updateMany({
      where: { id: saleId, voidedAt: null },
      data: { voidedAt: now, voidReason: reason, voidedById: actor.id, liveInvoiceNo: null },
    });
    if (count === 0) return "already" as const;
    // The items carry their sale's void state for the report by category (decision 018).
    await tx.saleItem.updateMany({ where: { saleId }, data: { saleVoided: true } });
    await voidCashOfSale(tx, saleId, now);
    const client = await recomputeClientPurchases(tx, sale.clientId);
    await writeAudit(
      {
        actor,
        action: AUDIT_ACTIONS.saleVoided,
        ...clientTarget(sale.clientId),
        details: { saleId, amount: sale.amount, saleDate: sale.saleDate, invoiceNo: sale.invoiceNo, reason },
        ip,
      },
      tx,
    );
    const { createdById: _by, createdAt: _at, clientId: _client, ...json } = sale;
    return { sale: { ...json, voidedAt: now.toISOString(), voidReason: reason }, client };
  });
  if (result === null) return failure(404, "id", message(MESSAGE_CODES.saleNotFound));
  if (result === "already") return failure(409, "id", message(MESSAGE_CODES.alreadyVoid));
  return { ok: true, ...result };
}
