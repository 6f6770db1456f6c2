import { db } from "~/db/db.server";
import { releaseMergedMobiles } from "./client-merge.server";
import { businessToday, type IsoDate } from "~/domain/calendar";
import { DEFAULT_RETENTION, retentionCutoffs, type RetentionCutoffs, type RetentionSettings } from "~/domain/retention";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { clearContactOutcomesInAudit } from "./client-audit.server";
import { eraseClientsIn } from "./client-erasure.server";
import { removeJobPhotoFiles } from "./job-photos.server";
import { claimDailyJob, finishDailyJob, releaseDailyJob } from "./job-lease.server";

/**
 * Retention (docs/privacy.md "How long data is kept", docs/decisions/015-client-data-rights.md):
 * soft-deleted clients erased after N days, audit entries pruned after M months, contact notes
 * optionally cleared after K months. Applied by a daily job (one process per day, through the
 * lease), by `npm run retention`, and previewed by its --dry-run and the settings page.
 *
 * Set-based and in batches: each batch is one short write transaction (one UPDATE or DELETE per
 * table for up to BATCH_SIZE ids), with a pause after it, so on SQLite, where a writer holds the
 * one write lock, requests never wait long behind the job.
 */

/**
 * Ids per write transaction. An erasure batch rewrites each client's row, contacts, follow-ups,
 * sales and audit entries. On the bench data set on a busy two-core machine, 25 clients held the
 * lock for 44 ms (median, longest 107); 100 held it for 121 ms (longest 350), past the 100 ms a
 * request may wait. The job takes longer in all (31 s for 10,000 erasures), which nobody waits on.
 */
export const BATCH_SIZE = 25;
/** The pause between batches: waiting writers take the lock in it. */
const PAUSE_MS = 25;

const SETTINGS_ID = 1;

/** The periods in force: the admin's, or the defaults before the first save. */
export async function getRetentionSettings(): Promise<RetentionSettings> {
  const row = await db.retentionSettings.findUnique({ where: { id: SETTINGS_ID } });
  return row
    ? { erasedAfterDays: row.erasedAfterDays, auditMonths: row.auditMonths, contactNoteMonths: row.contactNoteMonths }
    : DEFAULT_RETENTION;
}

/** Saves the periods (the settings page, admin only) and audits the change. */
export async function saveRetentionSettings(
  settings: RetentionSettings,
  actor: { id: string; name: string },
  ip: string | null = null,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.retentionSettings.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, ...settings, updatedById: actor.id },
      update: { ...settings, updatedById: actor.id },
    });
    await writeAudit({ actor, action: AUDIT_ACTIONS.retentionChanged, details: settings, ip }, tx);
  });
}

const dueClients = (cutoffs: RetentionCutoffs): Prisma.ClientWhereInput => ({
  erasedAt: null,
  deletedAt: { lte: cutoffs.deletedBy },
});
const dueAudit = (cutoffs: RetentionCutoffs): Prisma.AuditLogWhereInput => ({ createdAt: { lt: cutoffs.auditBefore } });
const dueContactNotes = (before: Date): Prisma.ClientInteractionWhereInput => ({
  at: { lt: before },
  OR: [{ note: { not: null } }, { outcome: { not: null } }],
});

export type RetentionPlan = {
  today: IsoDate;
  settings: RetentionSettings;
  cutoffs: RetentionCutoffs;
  /** The clients due for erasure (ids only: nothing personal is printed). */
  clientIds: number[];
  auditEntries: number;
  /** Null when clearing contact notes is off. */
  contactNotes: number | null;
};

/** What a run now would do, changing nothing (`npm run retention -- --dry-run`, the settings page). */
export async function planRetention(now: Date = new Date()): Promise<RetentionPlan> {
  const settings = await getRetentionSettings();
  const cutoffs = retentionCutoffs(now, settings);
  const [clients, auditEntries, contactNotes] = await Promise.all([
    db.client.findMany({ where: dueClients(cutoffs), select: { id: true }, orderBy: { id: "asc" } }),
    db.auditLog.count({ where: dueAudit(cutoffs) }),
    cutoffs.contactNotesBefore
      ? db.clientInteraction.count({ where: dueContactNotes(cutoffs.contactNotesBefore) })
      : null,
  ]);
  return {
    today: businessToday(now),
    settings,
    cutoffs,
    clientIds: clients.map((c) => c.id),
    auditEntries,
    contactNotes,
  };
}

export type RetentionReport = {
  erasedClients: number;
  prunedAuditEntries: number;
  clearedContactNotes: number;
  /** Write transactions run, and how long they took: how long the job held the write lock at a time. */
  batches: number;
  medianBatchMs: number;
  p95BatchMs: number;
  longestBatchMs: number;
  ms: number;
};

type RunOptions = { batchSize?: number; pauseMs?: number };

/**
 * Applies the periods in force on `now`, batch by batch, and writes what it did to the audit log
 * (one `retention.run` entry, plus the erasure's entry per client). `who` names the run in the log.
 */
export async function applyRetention(
  now: Date,
  who: { actorName: string },
  { batchSize = BATCH_SIZE, pauseMs = PAUSE_MS }: RunOptions = {},
): Promise<RetentionReport> {
  const started = performance.now();
  const settings = await getRetentionSettings();
  const cutoffs = retentionCutoffs(now, settings);
  const report: RetentionReport = {
    erasedClients: 0,
    prunedAuditEntries: 0,
    clearedContactNotes: 0,
    batches: 0,
    medianBatchMs: 0,
    p95BatchMs: 0,
    longestBatchMs: 0,
    ms: 0,
  };
  const batchMs: number[] = [];
  /** One write transaction, timed; then the pause that lets other writers in. */
  const batch = async <T>(write: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await write();
    batchMs.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return result;
  };

  // Erasure first: its new audit entries are recent, so pruning never takes them.
  const erased: number[] = [];
  for (;;) {
    const due = await db.client.findMany({
      where: dueClients(cutoffs),
      select: { id: true },
      // The (erasedAt, deletedAt) index's own order: no sort of the due set per batch.
      orderBy: { deletedAt: "asc" },
      take: batchSize,
    });
    if (due.length === 0) break;
    const ids = due.map((c) => c.id);
    // Their jobs' photo files go once each batch commits (eraseClientsIn drops the rows).
    const photoFiles: string[] = [];
    erased.push(
      ...(await batch(() =>
        db.$transaction((tx) =>
          eraseClientsIn(tx, ids, { reason: "retention", actorName: who.actorName }, now, photoFiles),
        ),
      )),
    );
    await removeJobPhotoFiles(photoFiles);
    if (due.length < batchSize) break;
  }
  report.erasedClients = erased.length;

  if (cutoffs.contactNotesBefore) {
    const before = cutoffs.contactNotesBefore;
    // A cursor on the primary key: `at` has no index of its own, so each batch walks on from the last.
    let after = "";
    for (;;) {
      const due = await db.clientInteraction.findMany({
        where: { id: { gt: after }, ...dueContactNotes(before) },
        select: { id: true },
        orderBy: { id: "asc" },
        take: batchSize,
      });
      if (due.length === 0) break;
      const ids = due.map((i) => i.id);
      const { count } = await batch(() =>
        db.clientInteraction.updateMany({ where: { id: { in: ids } }, data: { note: null, outcome: null } }),
      );
      report.clearedContactNotes += count;
      after = ids.at(-1)!;
      if (due.length < batchSize) break;
    }
    // The contacts' audit entries carry the outcome too.
    for (let after = ""; ;) {
      const { read, lastId } = await batch(() =>
        db.$transaction((tx) => clearContactOutcomesInAudit(tx, before, { after, take: batchSize })),
      );
      if (read < batchSize) break;
      after = lastId;
    }
  }

  for (;;) {
    const due = await db.auditLog.findMany({
      where: dueAudit(cutoffs),
      select: { id: true },
      orderBy: { createdAt: "asc" },
      take: batchSize,
    });
    if (due.length === 0) break;
    const { count } = await batch(() => db.auditLog.deleteMany({ where: { id: { in: due.map((e) => e.id) } } }));
    report.prunedAuditEntries += count;
    if (due.length < batchSize) break;
  }

  report.ms = Math.round(performance.now() - started);
  const tenths = (ms: number) => Math.round(ms * 10) / 10;
  batchMs.sort((a, b) => a - b);
  report.batches = batchMs.length;
  const percentile = (p: number) => tenths(batchMs[Math.floor((batchMs.length - 1) * p)] ?? 0);
  report.medianBatchMs = percentile(0.5);
  report.p95BatchMs = percentile(0.95);
  report.longestBatchMs = tenths(batchMs.at(-1) ?? 0);
  await writeAudit({
    actor: null,
    actorName: who.actorName,
    action: AUDIT_ACTIONS.retentionRun,
    details: {
      settings,
      erasedClients: report.erasedClients,
      prunedAuditEntries: report.prunedAuditEntries,
      clearedContactNotes: report.clearedContactNotes,
    },
  });
  return report;
}

/** The name of a run in the audit log. */
export const RETENTION_JOB_NAME = "retention job (daily)";

/**
 * The daily job: runs when this process takes the day's lease (null when another process has run
 * today or is running now). `force` (the operator's command) runs again on a day already done.
 */
export async function runDailyRetention({
  now = new Date(),
  holder,
  actorName = RETENTION_JOB_NAME,
  force = false,
  options,
}: {
  now?: Date;
  holder: string;
  actorName?: string;
  force?: boolean;
  options?: RunOptions;
}): Promise<RetentionReport | null> {
  const day = businessToday(now);
  if (!(await claimDailyJob("retention", { day, holder, now, force }))) return null;
  try {
    const report = await applyRetention(now, { actorName }, options);
    // A merged-away client's mobile number is freed once its merge can no longer be undone.
    await releaseMergedMobiles(now);
    await finishDailyJob("retention", { day, holder });
    return report;
  } catch (error) {
    await releaseDailyJob("retention", holder);
    throw error;
  }
}
