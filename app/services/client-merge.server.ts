import { db } from "~/db/db.server";
import {
  MERGE_CHOOSABLE_FIELDS,
  MERGE_JOINED_FIELDS,
  canUndoMerge,
  laterConsent,
  mergedValues,
  mobileReleaseAt,
  type MergeChoices,
  type MergeChoosableField,
  type MergeRecord,
} from "~/domain/client-merge";
import { CONSENT_CHANNELS, CONSENT_COLUMNS } from "~/domain/consent";
import type { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS, writeAudit, type Actor } from "./audit.server";
import { CLIENT_BOOK } from "./client-book.server";
import { refreshDuplicatePairs } from "./client-duplicates.server";
import { DERIVED_FROM, clientDerivedFields } from "./client-record.server";
import { recomputeClientPurchases } from "./sales.server";

/**
 * Merging two duplicate clients and undoing it (docs/decisions/047-client-merge.md). Everything the
 * merged-away client holds moves to the kept one in one transaction, and the ids moved are stored
 * (ClientMerge.moved) so an undo within 30 days moves back exactly those records.
 */

type Tx = Prisma.TransactionClient;
type Context = { actor: Actor; ip?: string | null };

/** The ids of every record a merge moved, per kind. */
type MovedIds = {
  sales: number[];
  cashTransactions: number[];
  interactions: string[];
  followUps: string[];
  familyMembers: number[];
  consents: string[];
  quotes: string[];
  jobs: number[];
  auditEntries: string[];
};
/** What a merge chose and the kept client's values it replaced, for the undo. */
type StoredValues = { choices: MergeChoices; keptBefore: Record<string, unknown> };

const RECORD_SELECT = {
  ...Object.fromEntries([...MERGE_CHOOSABLE_FIELDS, ...MERGE_JOINED_FIELDS].map((f) => [f, true])),
  id: true,
  deletedAt: true,
  erasedAt: true,
  consentWhatsapp: true,
  consentCall: true,
  consentEmail: true,
  consentSms: true,
  lastContactAt: true,
  lastContactType: true,
  lastContactById: true,
} as const;

export type MergeFailure = {
  ok: false;
  status: 400 | 404 | 409;
  error: "same_client" | "not_found" | "already_undone" | "undo_window_over" | "client_erased";
};

/** A client that may take part in a merge: in the book, not erased. */
async function mergeableClient(tx: Tx, id: number) {
  return tx.client.findFirst({ where: { AND: [CLIENT_BOOK, { id, erasedAt: null }] }, select: RECORD_SELECT });
}

async function idsOf<T extends { id: number | string }>(rows: Promise<T[]>): Promise<T["id"][]> {
  return (await rows).map((r) => r.id);
}

/** Merges `mergeId` into `keepId`; `choices` pick, per differing field, whose value the kept client takes. */
export async function mergeClients(
  input: { keepId: number; mergeId: number; choices: MergeChoices },
  context: Context,
  now: Date = new Date(),
): Promise<{ ok: true; mergeId: number; keptId: number } | MergeFailure> {
  if (input.keepId === input.mergeId) return { ok: false, status: 400, error: "same_client" };
  return db.$transaction(async (tx) => {
    const kept = await mergeableClient(tx, input.keepId);
    const merged = await mergeableClient(tx, input.mergeId);
    if (!kept || !merged) return { ok: false, status: 404, error: "not_found" } as const;
    const keptId = kept.id;
    const mergedId = merged.id;
    const ofMerged = { clientId: mergedId };
    const moved: MovedIds = {
      sales: await idsOf(tx.sale.findMany({ where: ofMerged, select: { id: true } })),
      cashTransactions: await idsOf(tx.cashTransaction.findMany({ where: ofMerged, select: { id: true } })),
      interactions: await idsOf(tx.clientInteraction.findMany({ where: ofMerged, select: { id: true } })),
      followUps: await idsOf(tx.followUp.findMany({ where: ofMerged, select: { id: true } })),
      familyMembers: await idsOf(tx.clientFamilyMember.findMany({ where: ofMerged, select: { id: true } })),
      consents: await idsOf(tx.clientConsent.findMany({ where: ofMerged, select: { id: true } })),
      quotes: await idsOf(tx.quote.findMany({ where: ofMerged, select: { id: true } })),
      jobs: await idsOf(tx.job.findMany({ where: ofMerged, select: { id: true } })),
      auditEntries: await idsOf(
        tx.auditLog.findMany({ where: { targetType: "client", targetId: String(mergedId) }, select: { id: true } }),
      ),
    };
    // The latest consent change per channel of each, before the histories are joined: the later wins.
    const consentUpdate: Record<string, string> = {};
    for (const channel of CONSENT_CHANNELS) {
      const latest = (clientId: number) =>
        tx.clientConsent.findFirst({
          where: { clientId, channel },
          orderBy: { recordedAt: "desc" },
          select: { recordedAt: true, status: true },
        });
      const keptLatest = await latest(keptId);
      const mergedLatest = await latest(mergedId);
      const winner = laterConsent(keptLatest, mergedLatest);
      if (winner && winner === mergedLatest && winner.status !== kept[CONSENT_COLUMNS[channel]])
        consentUpdate[CONSENT_COLUMNS[channel]] = winner.status;
    }
    const lastContactUpdate =
      merged.lastContactAt && (!kept.lastContactAt || merged.lastContactAt > kept.lastContactAt)
        ? {
            lastContactAt: merged.lastContactAt,
            lastContactType: merged.lastContactType,
            lastContactById: merged.lastContactById,
          }
        : {};
    const fieldUpdate = mergedValues(kept as unknown as MergeRecord, merged as unknown as MergeRecord, input.choices);
    const update: Record<string, unknown> = { ...fieldUpdate, ...consentUpdate, ...lastContactUpdate };
    const keptBefore = Object.fromEntries(
      Object.keys(update).map((field) => [field, (kept as Record<string, unknown>)[field] ?? null]),
    );

    // The merged-away client leaves the book like a deletion, pointing at the kept one; its keys go
    // so no pair is found with it while it is merged (an undo writes them again).
    await tx.client.update({
      where: { id: mergedId },
      data: {
        deletedAt: now,
        deletedById: context.actor.id,
        mergedIntoId: keptId,
        mergedAt: now,
        dupEmiratesIdKey: null,
        dupEmailKey: null,
        dupNameKey: null,
        dupArabicNameKey: null,
      },
    });
    await tx.clientDuplicatePair.deleteMany({
      where: { OR: [{ lowClientId: mergedId }, { highClientId: mergedId }] },
    });
    await moveRecords(tx, moved, keptId);
    await writeClientWithDerived(tx, keptId, update);
    await recomputeClientPurchases(tx, keptId);
    await refreshDuplicatePairs(tx, [keptId]);

    const values: StoredValues = { choices: input.choices, keptBefore };
    const merge = await tx.clientMerge.create({
      data: {
        keptId,
        mergedId,
        byUserId: context.actor.id,
        at: now,
        values: JSON.stringify(values),
        moved: JSON.stringify(moved),
      },
      select: { id: true },
    });
    // The audit entry names the choices, never a personal value (the values stay in ClientMerge).
    for (const [targetId, role] of [
      [keptId, "kept"],
      [mergedId, "merged"],
    ] as const)
      await writeAudit(
        {
          actor: context.actor,
          action: AUDIT_ACTIONS.clientsMerged,
          targetType: "client",
          targetId: String(targetId),
          details: { mergeId: merge.id, role, keptId, mergedId, choices: input.choices },
          ip: context.ip,
        },
        tx,
      );
    return { ok: true, mergeId: merge.id, keptId } as const;
  });
}

async function moveRecords(tx: Tx, moved: MovedIds, toId: number) {
  const to = { clientId: toId };
  if (moved.sales.length) await tx.sale.updateMany({ where: { id: { in: moved.sales } }, data: to });
  if (moved.cashTransactions.length)
    await tx.cashTransaction.updateMany({ where: { id: { in: moved.cashTransactions } }, data: to });
  if (moved.interactions.length)
    await tx.clientInteraction.updateMany({ where: { id: { in: moved.interactions } }, data: to });
  if (moved.followUps.length) await tx.followUp.updateMany({ where: { id: { in: moved.followUps } }, data: to });
  if (moved.familyMembers.length)
    await tx.clientFamilyMember.updateMany({ where: { id: { in: moved.familyMembers } }, data: to });
  if (moved.consents.length) await tx.clientConsent.updateMany({ where: { id: { in: moved.consents } }, data: to });
  if (moved.quotes.length) await tx.quote.updateMany({ where: { id: { in: moved.quotes } }, data: to });
  // Both ends of a move are in the book, so the jobs are too (Job.inClientBook, docs/decisions/044-job-bag.md).
  if (moved.jobs.length)
    await tx.job.updateMany({ where: { id: { in: moved.jobs } }, data: { ...to, inClientBook: true } });
  if (moved.auditEntries.length)
    await tx.auditLog.updateMany({ where: { id: { in: moved.auditEntries } }, data: { targetId: String(toId) } });
}

/** Writes fields to a client and the columns derived from them (search text, keys, month-days). */
async function writeClientWithDerived(tx: Tx, id: number, data: Record<string, unknown>) {
  if (Object.keys(data).length > 0) await tx.client.update({ where: { id }, data });
  const row = await tx.client.findUniqueOrThrow({ where: { id }, select: DERIVED_FROM });
  const { tier: _tier, ...derived } = clientDerivedFields(row);
  await tx.client.update({ where: { id }, data: derived });
}

function revive(value: unknown): unknown {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)
    ? new Date(value)
    : value;
}

/** Undoes a merge within 30 days: the merged-away client back with exactly what it brought. */
export async function undoClientMerge(
  mergeId: number,
  context: Context,
  now: Date = new Date(),
): Promise<{ ok: true; keptId: number; restoredId: number } | MergeFailure> {
  return db.$transaction(async (tx) => {
    const merge = await tx.clientMerge.findUnique({ where: { id: mergeId } });
    if (!merge) return { ok: false, status: 404, error: "not_found" } as const;
    if (merge.undoneAt) return { ok: false, status: 409, error: "already_undone" } as const;
    if (!canUndoMerge(merge.at, now)) return { ok: false, status: 409, error: "undo_window_over" } as const;
    const clients = await tx.client.findMany({
      where: { id: { in: [merge.keptId, merge.mergedId] } },
      select: { id: true, erasedAt: true },
    });
    if (clients.length < 2 || clients.some((c) => c.erasedAt))
      return { ok: false, status: 409, error: "client_erased" } as const;
    // The same condition as the write: two undos at once cannot both win.
    const { count } = await tx.clientMerge.updateMany({
      where: { id: mergeId, undoneAt: null },
      data: { undoneAt: now, undoneById: context.actor.id },
    });
    if (count === 0) return { ok: false, status: 409, error: "already_undone" } as const;
    const moved = JSON.parse(merge.moved) as MovedIds;
    const values = JSON.parse(merge.values) as StoredValues;
    await moveRecords(tx, moved, merge.mergedId);
    await tx.client.update({
      where: { id: merge.mergedId },
      data: { deletedAt: null, deletedById: null, mergedIntoId: null, mergedAt: null },
    });
    const keptBefore = Object.fromEntries(
      Object.entries(values.keptBefore ?? {}).map(([field, value]) => [field, revive(value)]),
    );
    await writeClientWithDerived(tx, merge.keptId, keptBefore);
    await writeClientWithDerived(tx, merge.mergedId, {});
    await recomputeClientPurchases(tx, merge.keptId);
    await recomputeClientPurchases(tx, merge.mergedId);
    await refreshDuplicatePairs(tx, [merge.keptId, merge.mergedId]);
    for (const targetId of [merge.keptId, merge.mergedId])
      await writeAudit(
        {
          actor: context.actor,
          action: AUDIT_ACTIONS.clientMergeUndone,
          targetType: "client",
          targetId: String(targetId),
          details: { mergeId, keptId: merge.keptId, restoredId: merge.mergedId },
          ip: context.ip,
        },
        tx,
      );
    return { ok: true, keptId: merge.keptId, restoredId: merge.mergedId } as const;
  });
}

/** Where a merged-away client went, for a 404 that points at the kept client; null if it was not merged. */
export async function mergedIntoOf(id: number): Promise<number | null> {
  if (id > 2_147_483_647) return null;
  const row = await db.client.findUnique({ where: { id }, select: { mergedIntoId: true } });
  return row?.mergedIntoId ?? null;
}

/** The latest merge into a client that an admin may still undo, for its details page. */
export async function undoableMergeInto(keptId: number, now: Date = new Date()) {
  const merge = await db.clientMerge.findFirst({
    where: { keptId, undoneAt: null },
    orderBy: { at: "desc" },
    select: { id: true, at: true, mergedId: true },
  });
  return merge && canUndoMerge(merge.at, now) ? merge : null;
}

/**
 * Frees the mobile numbers of clients merged away longer than the undo window (the retention job):
 * the number can then be given to a new client. The record keeps a placeholder in its place.
 */
export async function releaseMergedMobiles(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (mobileReleaseAt(now).getTime() - now.getTime()));
  const due = await db.client.findMany({
    where: { mergedAt: { lt: cutoff }, NOT: { mobileNumber: { startsWith: "merged-" } } },
    select: { id: true },
  });
  for (const { id } of due) await db.client.update({ where: { id }, data: { mobileNumber: `merged-${id}` } });
  return due.length;
}

export type MergeSide = {
  id: number;
  fullName: string;
  mobileNumber: string;
  /** Each choosable field as the page shows it (dates as days, the owner by name). */
  values: Record<MergeChoosableField, string | null>;
};

/** The two clients of a pair shown side by side for a merge; null when the pair or a client is gone. */
export async function mergeCandidates(
  pairId: number,
): Promise<{ pairId: number; clients: [MergeSide, MergeSide] } | null> {
  if (pairId > 2_147_483_647) return null;
  const pair = await db.clientDuplicatePair.findUnique({
    where: { id: pairId },
    select: { lowClientId: true, highClientId: true, dismissedAt: true },
  });
  if (!pair || pair.dismissedAt) return null;
  const rows = await db.client.findMany({
    where: { AND: [CLIENT_BOOK, { erasedAt: null, id: { in: [pair.lowClientId, pair.highClientId] } }] },
    select: { ...RECORD_SELECT, fullName: true, mobileNumber: true, owner: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
  if (rows.length !== 2) return null;
  const side = (row: (typeof rows)[number]): MergeSide => ({
    id: row.id,
    fullName: row.fullName,
    mobileNumber: row.mobileNumber,
    values: Object.fromEntries(
      MERGE_CHOOSABLE_FIELDS.map((field) => {
        // The choosable columns hold text, dates or nothing; the owner shows by name.
        const value = (field === "ownerId" ? (row.owner?.name ?? null) : (row as Record<string, unknown>)[field]) as
          string | Date | null;
        const shown = value instanceof Date ? value.toISOString().slice(0, 10) : value;
        return [field, shown];
      }),
    ) as Record<MergeChoosableField, string | null>,
  });
  return { pairId, clients: [side(rows[0]!), side(rows[1]!)] };
}
