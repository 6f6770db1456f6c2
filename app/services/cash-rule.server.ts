import { db } from "~/db/db.server";
import { dateFromIso, isoFromDate, type IsoDate } from "~/domain/calendar";
import {
  buyerIdentity,
  CASH_REPORT_PAGE_SIZE,
  cashRuleReason,
  cashWindowStart,
  DEFAULT_CASH_RULE,
  identityNeeded,
  type BuyerIdentity,
  type CashKind,
  type CashRuleSettings,
  type IdType,
  type PassportInput,
  type ReportStatus,
} from "~/domain/cash-rule";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { filsToDecimalString, type Fils } from "~/domain/money";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";

/**
 * The cash rule for dealers in precious metals (docs/guide/cash-rule.md, docs/decisions/046-cash-rule.md):
 * the shop's thresholds, the client's cash over the window, the flag "report due" and the admin's goAML
 * reference. Every cash payment is one CashTransaction row keyed by its kind ("sale", or "job_payment", which
 * app/services/jobs.server.ts records through checkCashRule + recordCashTransaction in its own transaction),
 * so the window adds them all with one SUM over the (clientId, voidedAt, at, cashFils) index.
 */

/** The one row of ShopSettings (the Shop settings page writes it too, app/services/shop-details.server.ts). */
export const SETTINGS_ID = 1;

/** The thresholds in force: the admin's, or the defaults before the first save. */
export async function getCashRuleSettings(tx: Prisma.TransactionClient = db): Promise<CashRuleSettings> {
  const row = await tx.shopSettings.findUnique({ where: { id: SETTINGS_ID } });
  return row
    ? {
        singleThresholdFils: row.cashSingleThresholdFils,
        windowThresholdFils: row.cashWindowThresholdFils,
        windowDays: row.cashWindowDays,
      }
    : DEFAULT_CASH_RULE;
}

/** Saves the thresholds (the settings page, admin only) and audits the change. */
export async function saveCashRuleSettings(
  settings: CashRuleSettings,
  actor: { id: string; name: string },
  ip: string | null = null,
): Promise<void> {
  const data = {
    cashSingleThresholdFils: settings.singleThresholdFils,
    cashWindowThresholdFils: settings.windowThresholdFils,
    cashWindowDays: settings.windowDays,
    updatedById: actor.id,
  };
  await db.$transaction(async (tx) => {
    await tx.shopSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, ...data }, update: data });
    await writeAudit(
      {
        actor,
        action: AUDIT_ACTIONS.cashRuleChanged,
        details: {
          singleThreshold: filsToDecimalString(settings.singleThresholdFils),
          windowThreshold: filsToDecimalString(settings.windowThresholdFils),
          windowDays: settings.windowDays,
        },
        ip,
      },
      tx,
    );
  });
}

/** The client's cash not void on the days of the window ending on `day` (the transaction being recorded aside). */
async function cashInWindow(tx: Prisma.TransactionClient, clientId: number, day: IsoDate, windowDays: number) {
  const { _sum } = await tx.cashTransaction.aggregate({
    where: {
      clientId,
      voidedAt: null,
      at: { gte: dateFromIso(cashWindowStart(day, windowDays)), lte: dateFromIso(day) },
    },
    _sum: { cashFils: true },
  });
  return _sum.cashFils ?? 0n;
}

/** What the rule says of a cash payment: nothing to flag, flag it with this identity, or refuse it. */
export type CashCheck =
  | { ok: true; flag: null }
  | { ok: true; flag: BuyerIdentity }
  | { ok: false; code: "cash_id_required"; message: Message };

/**
 * The rule for a cash payment of `cashFils` on `day` by a client, in the caller's transaction (which has
 * taken the client's row, so two tills cannot both slip under the window): below both thresholds nothing;
 * reaching one, the passport given or the client's full Emirates ID on file, else the refusal saying
 * what to collect.
 */
export async function checkCashRule(
  tx: Prisma.TransactionClient,
  {
    clientId,
    day,
    cashFils,
    passport,
  }: { clientId: number; day: IsoDate; cashFils: Fils; passport: PassportInput | null },
): Promise<CashCheck> {
  if (cashFils <= 0n) return { ok: true, flag: null };
  const settings = await getCashRuleSettings(tx);
  const earlier = await cashInWindow(tx, clientId, day, settings.windowDays);
  const reason = cashRuleReason(cashFils, earlier, settings);
  if (!reason) return { ok: true, flag: null };
  const client = await tx.client.findUnique({ where: { id: clientId }, select: { emiratesId: true } });
  const identity = buyerIdentity(passport, client?.emiratesId ?? null);
  if (identity) return { ok: true, flag: identity };
  return {
    ok: false,
    code: "cash_id_required",
    message: identityNeeded(reason, cashFils, cashFils + earlier, settings),
  };
}

/** Writes a cash payment's row (flagged "report due" when the check flagged it). */
export async function recordCashTransaction(
  tx: Prisma.TransactionClient,
  row: {
    kind: CashKind;
    clientId: number;
    saleId?: number;
    jobPaymentId?: number;
    day: IsoDate;
    cashFils: Fils;
    flag: BuyerIdentity | null;
  },
): Promise<void> {
  if (row.cashFils <= 0n) return;
  await tx.cashTransaction.create({
    data: {
      kind: row.kind,
      clientId: row.clientId,
      saleId: row.saleId ?? null,
      jobPaymentId: row.jobPaymentId ?? null,
      at: dateFromIso(row.day),
      cashFils: row.cashFils,
      reportStatus: row.flag ? "report_due" : null,
      idType: row.flag?.idType ?? null,
      idNumber: row.flag?.idNumber ?? null,
      idNationality: row.flag?.idNationality ?? null,
    },
  });
}

/** A voided sale's cash leaves the window (its report, if one was due, stays listed). */
export async function voidCashOfSale(tx: Prisma.TransactionClient, saleId: number, now: Date): Promise<void> {
  await tx.cashTransaction.updateMany({ where: { saleId, voidedAt: null }, data: { voidedAt: now } });
}

/** One flagged transaction as GET /api/reports/cash answers it. */
export type CashReportJson = {
  id: number;
  kind: CashKind;
  clientId: number;
  clientName: string;
  cashAmount: string;
  at: IsoDate;
  idType: IdType | null;
  status: ReportStatus;
  reference: string | null;
};
/** The page's and the CSV's row: the number and nationality too (the admin's eyes only), and the day reported. */
export type CashReportRow = CashReportJson & {
  idNumber: string | null;
  idNationality: string | null;
  reportedOn: IsoDate | null;
  voided: boolean;
};

const REPORT_SELECT = {
  id: true,
  kind: true,
  clientId: true,
  client: { select: { fullName: true } },
  cashFils: true,
  at: true,
  idType: true,
  idNumber: true,
  idNationality: true,
  reportStatus: true,
  reference: true,
  reportedOn: true,
  voidedAt: true,
} as const satisfies Prisma.CashTransactionSelect;

function reportRow(r: Prisma.CashTransactionGetPayload<{ select: typeof REPORT_SELECT }>): CashReportRow {
  return {
    id: r.id,
    kind: r.kind as CashKind,
    clientId: r.clientId,
    clientName: r.client.fullName,
    cashAmount: filsToDecimalString(r.cashFils),
    at: isoFromDate(r.at),
    idType: r.idType as IdType | null,
    // null only for cash below the thresholds, which the lists leave out (the data export's type says so).
    status: r.reportStatus as ReportStatus,
    reference: r.reference,
    idNumber: r.idNumber,
    idNationality: r.idNationality,
    reportedOn: r.reportedOn ? isoFromDate(r.reportedOn) : null,
    voided: r.voidedAt !== null,
  };
}

/** Every cash transaction of a client, flagged or not, void ones too (the client's data export), newest first. */
export type ClientCashTransaction = Omit<CashReportRow, "status"> & { status: ReportStatus | null };
export async function cashTransactionsOfClient(clientId: number): Promise<ClientCashTransaction[]> {
  const rows = await db.cashTransaction.findMany({
    where: { clientId },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    select: REPORT_SELECT,
  });
  return rows.map(reportRow);
}

export const cashReportJson = ({
  idNumber: _n,
  idNationality: _c,
  reportedOn: _r,
  voided: _v,
  ...json
}: CashReportRow): CashReportJson => json;

const flagged = (status: ReportStatus | null): Prisma.CashTransactionWhereInput =>
  status ? { reportStatus: status } : { reportStatus: { in: ["report_due", "reported"] } };

/** The flagged transactions, by status or all, newest first, a page at a time (the (reportStatus, at) index). */
export async function listCashReports({
  status,
  page = 1,
  pageSize = CASH_REPORT_PAGE_SIZE,
}: {
  status: ReportStatus | null;
  page?: number;
  pageSize?: number;
}): Promise<{ rows: CashReportRow[]; total: number }> {
  const where = flagged(status);
  const [rows, total] = await Promise.all([
    db.cashTransaction.findMany({
      where,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: REPORT_SELECT,
    }),
    db.cashTransaction.count({ where }),
  ]);
  return { rows: rows.map(reportRow), total };
}

/** Every flagged transaction of a status, oldest first, in batches (the CSV download). */
export async function* eachCashReport(status: ReportStatus | null): AsyncGenerator<CashReportRow> {
  let after = 0;
  for (;;) {
    const batch = await db.cashTransaction.findMany({
      where: { ...flagged(status), id: { gt: after } },
      orderBy: { id: "asc" },
      take: 500,
      select: REPORT_SELECT,
    });
    for (const row of batch) yield reportRow(row);
    const last = batch.at(-1);
    if (!last || batch.length < 500) return;
    after = last.id;
  }
}

export type MarkResult = { ok: true } | { ok: false; status: 404 | 409; message: Message };

/**
 * Marks a transaction whose report was due as reported, with the goAML reference and the day, audited;
 * a conditional update, so two admins cannot both mark it. Marking one already reported is a 409.
 */
export async function markCashReported(
  id: number,
  { reference, reportedOn }: { reference: string; reportedOn: IsoDate },
  { actor, ip }: { actor: { id: string; name: string }; ip?: string | null },
): Promise<MarkResult> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cashTransaction.updateMany({
      where: { id, reportStatus: "report_due" },
      data: { reportStatus: "reported", reference, reportedOn: dateFromIso(reportedOn), reportedById: actor.id },
    });
    if (count === 0) {
      const row = await tx.cashTransaction.findFirst({ where: { id, reportStatus: "reported" }, select: { id: true } });
      return row
        ? { ok: false as const, status: 409 as const, message: message(MESSAGE_CODES.cashAlreadyReported) }
        : { ok: false as const, status: 404 as const, message: message(MESSAGE_CODES.cashTransactionNotFound) };
    }
    await writeAudit(
      {
        actor,
        action: AUDIT_ACTIONS.cashReported,
        targetType: "cash",
        targetId: String(id),
        details: { reference, reportedOn },
        ip,
      },
      tx,
    );
    return { ok: true as const };
  });
}

/** The download's audit entry: who took the list of identities, of which status. */
export async function auditCashReportDownload(
  status: ReportStatus | null,
  { actor, ip }: { actor: { id: string; name: string }; ip?: string | null },
): Promise<void> {
  await writeAudit({ actor, action: AUDIT_ACTIONS.cashReportDownloaded, details: { status: status ?? "all" }, ip });
}
