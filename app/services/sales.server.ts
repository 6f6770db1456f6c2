import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { dateFromIso, isoFromDate, type IsoDate } from "~/domain/calendar";
import { filsToDecimalString, type Fils } from "~/domain/money";
import type { Role } from "~/domain/roles";
import {
  canVoidSale,
  isShowroom,
  mgToGrams,
  pointsToCarats,
  storedItems,
  type SaleInput,
  type SaleItemFacts,
} from "~/domain/sales";
import { TIER_FLOORS, type Tier } from "~/domain/tiers";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { SHOWROOM_KEYS } from "~/i18n/label-keys";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { clientTarget } from "./client-audit.server";
import { inClientBook, writableClient } from "./client-book.server";

/**
 * Recording and voiding sales (docs/decisions/016-itemised-sales-and-voids.md). A sale is never
 * deleted; the client's total, tier and last purchase are recomputed from the sales not void in
 * the same transaction as the change, with SQL SUM/MAX over an index.
 */

export type SaleItemJson = SaleItemFacts;

export type SaleJson = {
  id: number;
  saleDate: IsoDate;
  amount: string;
  description: string | null;
  invoiceNo: string | null;
  showroom: string | null;
  soldById: string | null;
  soldByName: string | null;
  items: SaleItemJson[];
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
} as const satisfies Prisma.SaleSelect;

type SaleRecord = Prisma.SaleGetPayload<{ select: typeof SALE_SELECT }>;

function saleRow(s: SaleRecord): SaleRow {
  return {
    id: s.id,
    saleDate: isoFromDate(s.saleDate),
    amount: filsToDecimalString(s.amountFils),
    description: s.description,
    invoiceNo: s.invoiceNo,
    showroom: s.showroom,
    soldById: s.soldById,
    soldByName: s.soldBy?.name ?? null,
    items: s.items.map((i) => ({
      category: i.category,
      metal: i.metal,
      karat: i.karat,
      weightGrams: i.weightMg === null ? null : mgToGrams(i.weightMg),
      stone: i.stone,
      stoneCarats: i.stoneCaratPoints === null ? null : pointsToCarats(i.stoneCaratPoints),
      itemCode: i.itemCode,
      certificateNo: i.certificateNo,
      price: filsToDecimalString(i.priceFils),
    })),
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
  const sales = await db.sale.findMany({
    where: { clientId },
    orderBy: [{ saleDate: "desc" }, { id: "desc" }],
    select: SALE_SELECT,
  });
  return sales.map(saleRow);
}

/**
 * Takes the client's row for the rest of the transaction (a no-op write: PostgreSQL then queues a
 * second writer for the same client until this one commits, so its SUM sees this sale; SQLite
 * writes one transaction at a time anyway). False when the client is not in the book (or, with
 * `which` = writableClient, was erased).
 */
async function lockClient(
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
 * (customerId, voidedAt, saleDate, amountFils) index, never the sales loaded into JavaScript, and
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
type Context = { actor: SaleActor; ip?: string | null };

export type SaleFailure = { ok: false; status: 400 | 403 | 404 | 409; path: string; message: Message };
export type SaleResult = { ok: true; sale: SaleJson; client: ClientPurchaseFacts } | SaleFailure;

const failure = (status: SaleFailure["status"], path: string, message: Message): SaleFailure => ({
  ok: false,
  status,
  path,
  message,
});
const clientMissing = () => failure(404, "id", message(MESSAGE_CODES.clientNotFound));

async function invoiceTaken(showroom: string, invoiceNo: string): Promise<SaleFailure> {
  const other = await db.sale.findFirst({
    where: { showroom, liveInvoiceNo: invoiceNo },
    select: { saleDate: true, client: { select: { fullName: true } } },
  });
  const where = isShowroom(showroom) ? { label: SHOWROOM_KEYS[showroom] } : showroom;
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

/**
 * Records a sale (with its items, when given) for a client in the book, recomputes the client's
 * purchase facts and audits it, in one transaction. The associate defaults to whoever records it.
 */
export async function recordSale(clientId: number, input: SaleInput, { actor, ip }: Context): Promise<SaleResult> {
  const soldById = input.soldById ?? actor.id;
  const soldBy =
    soldById === actor.id
      ? actor
      : await db.user.findFirst({ where: { id: soldById, isActive: true }, select: { name: true } });
  if (!soldBy) return failure(400, "soldById", message(MESSAGE_CODES.associateInactive));
  try {
    const result = await db.$transaction(async (tx) => {
      // A sale stays voidable on an erased client, but no new one is recorded for them.
      if (!(await lockClient(tx, clientId, writableClient))) return null;
      const written = {
        clientId,
        saleDate: dateFromIso(input.saleDate),
        amountFils: input.amountFils,
        description: input.description,
        invoiceNo: input.invoiceNo,
        showroom: input.showroom,
        soldById,
        createdById: actor.id,
      };
      const created = await tx.sale.create({
        data: { ...written, liveInvoiceNo: input.invoiceNo },
        select: { id: true, createdAt: true },
      });
      // One multi-row INSERT, and the answer built from what was written (recording must stay
      // under 30 ms at bench size: every statement in the transaction counts).
      if (input.items.length > 0) {
        await tx.saleItem.createMany({
          data: storedItems(input.items, written.saleDate).map((item) => ({ ...item, saleId: created.id })),
        });
      }
      const client = await recomputeClientPurchases(tx, clientId);
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.saleRecorded,
          ...clientTarget(clientId),
          details: {
            saleId: created.id,
            amount: filsToDecimalString(input.amountFils),
            saleDate: input.saleDate,
            invoiceNo: input.invoiceNo,
            showroom: input.showroom,
            items: input.items.length,
          },
          ip,
        },
        tx,
      );
      const row: SaleRecord = {
        ...created,
        ...written,
        soldBy: { name: soldBy.name },
        voidedAt: null,
        voidReason: null,
        items: input.items,
      };
      return { sale: saleJson(saleRow(row)), client };
    });
    return result ? { ok: true, ...result } : clientMissing();
  } catch (error) {
    // The unique (showroom, liveInvoiceNo) index decides, so two tills cannot both record one invoice.
    if (isUniqueViolation(error) && input.showroom && input.invoiceNo)
      return invoiceTaken(input.showroom, input.invoiceNo);
    throw error;
  }
}

/** One sale of a client in the book with what the void rule needs, or null. */
export async function findSale(saleId: number): Promise<(SaleRow & { clientId: number }) | null> {
  const sale = await db.sale.findFirst({ where: { id: saleId, client: inClientBook() }, select: SALE_SELECT });
  return sale ? { ...saleRow(sale), clientId: sale.clientId } : null;
}

/**
 * Voids a sale with a reason (never deletes it): the conditional update lets one void win, the
 * invoice number is freed for a re-entry, the client's facts are recomputed and the void audited
 * with its reason, all in one transaction. Who may: canVoidSale (decision 016).
 */
export async function voidSale(
  saleId: number,
  reason: string,
  { actor, ip, clientId }: Context & { clientId?: number },
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
