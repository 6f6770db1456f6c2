import { randomFillSync } from "node:crypto";
import { v7 as timeOrderedId } from "uuid";
import { db, insertRows } from "~/db/db.server";
import type { Prisma } from "~/generated/prisma/client";

/** Actions written to the audit log (System Logs filters on these). */
export const AUDIT_ACTIONS = {
  signIn: "auth.sign_in",
  signOut: "auth.sign_out",
  codeFailed: "auth.code_failed",
  locked: "auth.locked",
  adminGateUnlocked: "auth.admin_gate_unlocked",
  actionVerified: "auth.action_verified",
  deviceLinked: "auth.device_linked",
  oneTimeCodeIssued: "auth.one_time_code_issued",
  userCreated: "user.created",
  userUpdated: "user.updated",
  userDeleted: "user.deleted",
  clientCreated: "client.created",
  clientUpdated: "client.updated",
  saleRecorded: "client.sale_recorded",
  saleVoided: "client.sale_voided",
  clientsDeleted: "customer.deleted",
  clientsRestored: "customer.restored",
  importRun: "import.run",
  followUpCreated: "follow_up.created",
  followUpDone: "follow_up.done",
  accessRefused: "auth.access_refused",
  deviceRemoved: "auth.device_removed",
  authenticatorReset: "auth.authenticator_reset",
  clientOwnerChanged: "client.owner_changed",
  interactionRecorded: "client.interaction_recorded",
  consentChanged: "client.consent_changed",
  followUpUpdated: "follow_up.updated",
  emiratesIdRevealed: "client.emirates_id_revealed",
  clientsExported: "client.book_exported",
  clientDataExported: "client.data_exported",
  clientErased: "client.erased",
  retentionRun: "retention.run",
  retentionChanged: "settings.retention_changed",
  messageTemplatesChanged: "settings.message_templates_changed",
  shopListChanged: "settings.shop_list_changed",
  goldRateRecorded: "settings.gold_rate_recorded",
  cashRuleChanged: "settings.cash_rule_changed",
  shopDetailsChanged: "settings.shop_details_changed",
  cashReported: "cash.reported",
  cashReportDownloaded: "cash.report_downloaded",
  quoteCreated: "client.quote_created",
  duplicateDismissed: "client.duplicate_dismissed",
  clientsMerged: "client.merged",
  clientMergeUndone: "client.merge_undone",
  jobCreated: "client.job_created",
  jobPaymentRecorded: "client.job_payment_recorded",
  jobPaymentRefunded: "client.job_payment_refunded",
  jobStatusChanged: "client.job_status_changed",
  jobPhotoAdded: "client.job_photo_added",
  jobPhotoDeleted: "client.job_photo_deleted",
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** Who did something: a signed-in staff member. */
export type Actor = { id: string; name: string };
export type AuditActor = Actor | null;

/**
 * The one audit writer. Details name what happened, never a secret or a personal value. Pass the
 * transaction of the change being recorded (`tx`) so the entry is written with it or not at all.
 */
export async function writeAudit(entry: AuditEntry, tx: Prisma.TransactionClient = db): Promise<void> {
  await tx.auditLog.create({ data: auditRow(entry) });
}

export type AuditEntry = {
  actor: AuditActor;
  /** Who acted when it was no signed-in user (e.g. "operator (command line)"); default "anonymous". */
  actorName?: string;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: unknown;
  ip?: string | null;
};

/**
 * Many entries in the caller's transaction with one bulk insert (imports and set-based erasures
 * write one per client of a batch), all stamped `createdAt`. Their ids begin with the time, like the
 * cuids Prisma gives single entries, so new keys go to the end of the log's primary key index:
 * random ones put each of a batch's rows on another page of an index with millions of entries,
 * which took an import's audit INSERT and commit several times longer (docs/decisions/027).
 */
export async function writeAudits(
  entries: readonly AuditEntry[],
  tx: Prisma.TransactionClient = db,
  createdAt: Date = new Date(),
): Promise<void> {
  const ids = timeOrderedIds(entries.length, createdAt);
  await insertRows(
    tx,
    "AuditLog",
    entries.map((entry, i) => ({ id: ids[i], ...auditRow(entry), createdAt })),
  );
}

/**
 * `count` UUIDs version 7 of the moment `at`, growing in the order given (the version's counter
 * field counts up from a random start), from one draw of random bytes: a draw per id is a system
 * call each, half a second of a 100,000-row import.
 */
function timeOrderedIds(count: number, at: Date): string[] {
  const random = randomFillSync(new Uint8Array(16 * (count + 1)));
  // 30 random bits: room to count up within the field's 32.
  const start = new DataView(random.buffer).getUint32(0) >>> 2;
  return Array.from({ length: count }, (_, i) =>
    timeOrderedId({ random: random.subarray(16 * (i + 1), 16 * (i + 2)), msecs: at.getTime(), seq: start + i }),
  );
}

/** An entry as its row is stored. */
function auditRow(entry: AuditEntry) {
  return {
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? entry.actorName ?? "anonymous",
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details === undefined ? null : JSON.stringify(entry.details),
    ip: entry.ip ?? null,
  };
}
