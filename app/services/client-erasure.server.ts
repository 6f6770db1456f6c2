import { db, sqlTimestamp } from "~/db/db.server";
import { CLEARED_FIELDS, erasedClientName, erasedMobile, erasedSearchText } from "~/domain/client-erasure";
import { CONSENT_CHANNELS, CONSENT_COLUMNS } from "~/domain/consent";
import type { SkippedRow } from "~/domain/import-report";
import { MESSAGE_CODES, type MessageCode } from "~/domain/message-codes";
import { normalizeMobile } from "~/domain/mobile";
import { Prisma } from "~/generated/prisma/client";
import { AUDIT_ACTIONS } from "./audit.server";
import { eraseFromClientAudit, writeClientAudits } from "./client-audit.server";
import { deleteJobPhotoRows, removeJobPhotoFiles } from "./job-photos.server";
import { eraseJobTexts } from "./jobs.server";

/**
 * Erasure (docs/decisions/015-client-data-rights.md, docs/privacy.md): a client's personal data
 * wiped in place, for a person's request (an admin, with a fresh code) or by the retention job.
 * The row stays, named "Erased client #id", so its sales keep counting as anonymous amounts; its
 * mobile is freed; contact and follow-up notes, consent history, sale descriptions and void
 * reasons, the free text in its audit entries, the rows imports skipped that name them and the
 * saved lead lists that name them go, all in the erasure's transaction. Irreversible.
 */

/** Who erases: an admin answering a request, or the retention job (no signed-in user). */
export type ErasedBy =
  | { reason: "request"; actor: { id: string; name: string }; ip?: string | null }
  | { reason: "retention"; actorName: string };

/** The Customer columns of the wiped fields, named from the registry (nothing typed in by a user). */
const column = (name: string) => Prisma.raw(`"${name}"`);

/**
 * Erases a batch in the caller's transaction, set-based: one UPDATE per table for the whole batch
 * (the retention job's batches must hold the write lock briefly). Only clients not yet erased are
 * touched, so two erasures of one client never both count. Returns the ids this call erased.
 * Their jobs' photo rows go here; the files' names are pushed onto `photoFiles` for the caller to remove
 * (removeJobPhotoFiles) once the transaction commits, so a rollback never leaves a row without its file.
 */
export async function eraseClientsIn(
  tx: Prisma.TransactionClient,
  clientIds: readonly number[],
  by: ErasedBy,
  now: Date,
  photoFiles: string[] = [],
): Promise<number[]> {
  if (clientIds.length === 0) return [];
  const perClient = (valueOf: (id: number) => string) =>
    Prisma.sql`CASE "id" ${Prisma.join(
      clientIds.map((id) => Prisma.sql`WHEN ${id} THEN ${valueOf(id)}`),
      " ",
    )} END`;
  // What identifies them as it stands, to find the people in imports' skipped rows once the rows are wiped.
  const before = await tx.client.findMany({
    where: { id: { in: [...clientIds] }, erasedAt: null },
    select: { id: true, mobileNumber: true, emiratesId: true, email: true },
  });
  const at = sqlTimestamp(now);
  const assignments = [
    Prisma.sql`"fullName" = ${perClient(erasedClientName)}`,
    Prisma.sql`"mobileNumber" = ${perClient(erasedMobile)}`,
    Prisma.sql`"searchText" = ${perClient(erasedSearchText)}`,
    ...CLEARED_FIELDS.map((name) => Prisma.sql`${column(name)} = NULL`),
    Prisma.sql`"birthMonthDay" = NULL`,
    // The duplicate keys hold the name, email and ID folded: they go with them, and so do the pairs.
    Prisma.sql`"dupEmiratesIdKey" = NULL`,
    Prisma.sql`"dupEmailKey" = NULL`,
    Prisma.sql`"dupNameKey" = NULL`,
    Prisma.sql`"dupArabicNameKey" = NULL`,
    Prisma.sql`"anniversaryMonthDay" = NULL`,
    // Nobody may contact an erased client: every button, lead and route already honours this.
    ...CONSENT_CHANNELS.map((channel) => Prisma.sql`${column(CONSENT_COLUMNS[channel])} = 'withdrawn'`),
    Prisma.sql`"erasedAt" = ${at}`,
    Prisma.sql`"erasedById" = ${by.reason === "request" ? by.actor.id : null}`,
    Prisma.sql`"updatedAt" = ${at}`,
  ];
  const rows = await tx.$queryRaw<{ id: number | bigint }[]>`
    UPDATE "Customer" SET ${Prisma.join(assignments, ", ")}
    WHERE "id" IN (${Prisma.join(clientIds)}) AND "erasedAt" IS NULL
    RETURNING "id"`;
  const erased = rows.map((r) => Number(r.id));
  if (erased.length === 0) return [];
  // A merge keeps the kept client's replaced values for its undo: they go, and a client merged into
  // an erased one is the same person, erased with it (docs/privacy.md).
  await tx.clientMerge.updateMany({
    where: { OR: [{ keptId: { in: erased } }, { mergedId: { in: erased } }] },
    data: { values: "{}" },
  });
  const erasedSet = new Set(erased);
  const people = before.filter((c) => erasedSet.has(c.id));
  // Only rows that hold something are rewritten: every page written is time the write lock is held.
  const ofErased = { clientId: { in: erased } };
  const withText = [{ note: { not: null } }, { outcome: { not: null } }];
  await tx.clientInteraction.updateMany({ where: { ...ofErased, OR: withText }, data: { note: null, outcome: null } });
  // Nobody will make those calls: open follow-ups close as cancelled.
  await tx.followUp.updateMany({ where: { ...ofErased, status: "open" }, data: { status: "cancelled", doneAt: now } });
  await tx.followUp.updateMany({ where: { ...ofErased, OR: withText }, data: { note: null, outcome: null } });
  await tx.clientConsent.deleteMany({ where: ofErased });
  await tx.clientDuplicatePair.deleteMany({
    where: { OR: [{ lowClientId: { in: erased } }, { highClientId: { in: erased } }] },
  });
  // Family members are people of their own, named and dated: they go (docs/decisions/019).
  await tx.clientFamilyMember.deleteMany({ where: ofErased });
  // A sale's amount, day, items, invoice and void stay (the business's records); its free text goes.
  await tx.sale.updateMany({ where: { ...ofErased, description: { not: null } }, data: { description: null } });
  await tx.sale.updateMany({ where: { ...ofErased, voidReason: { not: null } }, data: { voidReason: null } });
  // A cash report's identity goes; its amount, day, status and goAML reference stay (docs/guide/cash-rule.md).
  await tx.cashTransaction.updateMany({
    where: { ...ofErased, OR: [{ idNumber: { not: null } }, { idNationality: { not: null } }] },
    data: { idNumber: null, idNationality: null },
  });
  // A quote's amounts stay like a sale's; its pieces' descriptions are free text and go.
  await tx.quoteLine.updateMany({
    where: { quote: ofErased, description: { not: null } },
    data: { description: null },
  });
  // A job's number, status, pieces and amounts stay like a sale's; its description, notes and reasons go.
  await eraseJobTexts(tx, erased);
  // Photos of the piece are pictures taken of the client's property: they go, rows and files.
  photoFiles.push(...(await deleteJobPhotoRows(tx, erased)));
  await eraseFromClientAudit(tx, erased);
  await forgetInLeadRuns(tx, erased);
  await forgetInSkippedRows(tx, people);
  await writeClientAudits(
    by.reason === "request"
      ? { actor: by.actor, action: AUDIT_ACTIONS.clientErased, ip: by.ip, details: () => ({ reason: by.reason }) }
      : {
          actor: null,
          actorName: by.actorName,
          action: AUDIT_ACTIONS.clientErased,
          details: () => ({ reason: by.reason }),
        },
    erased,
    tx,
  );
  // Found through their merges' (keptId) index: mergedIntoId has none, and its statistics (null on
  // nearly every client) would keep SQLite from using one, so this read the whole table each batch.
  const merges = await tx.clientMerge.findMany({ where: { keptId: { in: erased } }, select: { mergedId: true } });
  if (merges.length === 0) return erased;
  const mergedAway = await tx.client.findMany({
    where: { id: { in: merges.map((m) => m.mergedId) }, mergedIntoId: { in: erased }, erasedAt: null },
    select: { id: true },
  });
  if (mergedAway.length === 0) return erased;
  return [
    ...erased,
    ...(await eraseClientsIn(
      tx,
      mergedAway.map((c) => c.id),
      by,
      now,
    )),
  ];
}

/**
 * The last lead list a user generated is kept for its export: one naming an erased client is
 * dropped (the user generates a new one). A few rows, one per user.
 */
async function forgetInLeadRuns(tx: Prisma.TransactionClient, clientIds: readonly number[]): Promise<void> {
  const erased = new Set(clientIds);
  const runs = await tx.leadRun.findMany({ select: { id: true, leadsJson: true } });
  const naming = runs.filter((run) => {
    try {
      const leads: unknown = JSON.parse(run.leadsJson);
      return (
        Array.isArray(leads) &&
        leads.some((lead) => erased.has((lead as { clientId?: unknown } | null)?.clientId as number))
      );
    } catch {
      return false;
    }
  });
  if (naming.length > 0) await tx.leadRun.deleteMany({ where: { id: { in: naming.map((r) => r.id) } } });
}

/** Imports whose skipped rows are read at a time: a run's rows can be many. */
const SKIPPED_RUNS_PAGE = 20;

/** The person as a skipped row may name them: what they were on file as, in one spelling each. */
type Identifiers = { mobileNumber: string; emiratesId: string | null; email: string | null };

const idDigits = (text: string) => text.replace(/\D/g, "");
const emailKey = (text: string) => text.trim().toLowerCase();

/** Whether a skipped row names one of these people: by mobile in any spelling, Emirates ID or email. */
function skippedRowMatcher(people: readonly Identifiers[]): (row: SkippedRow) => boolean {
  const mobiles = new Set(people.map((p) => normalizeMobile(p.mobileNumber)));
  const ids = new Set(people.flatMap((p) => (p.emiratesId && idDigits(p.emiratesId) ? [idDigits(p.emiratesId)] : [])));
  const emails = new Set(people.flatMap((p) => (p.email && emailKey(p.email) ? [emailKey(p.email)] : [])));
  return (row) => {
    const mobile = typeof row.mobile === "string" ? normalizeMobile(row.mobile) : "";
    const id = idDigits(row.values?.emiratesId ?? "");
    const email = emailKey(row.values?.email ?? "");
    return (mobile !== "" && mobiles.has(mobile)) || (id !== "" && ids.has(id)) || (email !== "" && emails.has(email));
  };
}

/**
 * An import keeps the rows it skipped (name, mobile and every value typed) for its uploader's
 * "export skipped" download; a row that names the person, by their mobile in any spelling, their
 * Emirates ID or their email, goes with them. Runs are read a page at a time along the primary key.
 */
async function forgetInSkippedRows(tx: Prisma.TransactionClient, people: readonly Identifiers[]): Promise<void> {
  if (people.length === 0) return;
  const names = skippedRowMatcher(people);
  for (let after = ""; ;) {
    const runs = await tx.importRun.findMany({
      where: { id: { gt: after }, skipped: { gt: 0 } },
      select: { id: true, skippedJson: true },
      orderBy: { id: "asc" },
      take: SKIPPED_RUNS_PAGE,
    });
    for (const run of runs) {
      const rows = JSON.parse(run.skippedJson) as SkippedRow[];
      const kept = rows.filter((row) => !names(row));
      if (kept.length < rows.length)
        await tx.importRun.update({ where: { id: run.id }, data: { skippedJson: JSON.stringify(kept) } });
    }
    if (runs.length < SKIPPED_RUNS_PAGE) return;
    after = runs[runs.length - 1]!.id;
  }
}

/** A client as the erase prompt needs them, deleted ones included; null when there is none. */
export function findClientToErase(clientId: number) {
  return db.client.findUnique({
    where: { id: clientId },
    select: { id: true, fullName: true, deletedAt: true, erasedAt: true },
  });
}

export type ErasureResult = { ok: true } | { ok: false; status: 404 | 409; error: MessageCode };

/** An admin's erasure of one client, in the book or deleted (the caller has spent a fresh code). */
export async function eraseClient(
  clientId: number,
  actor: { id: string; name: string },
  ip: string | null = null,
  now: Date = new Date(),
): Promise<ErasureResult> {
  const client = await findClientToErase(clientId);
  if (!client) return { ok: false, status: 404, error: MESSAGE_CODES.clientNotFound };
  if (client.erasedAt) return { ok: false, status: 409, error: MESSAGE_CODES.alreadyErased };
  const photoFiles: string[] = [];
  const erased = await db.$transaction((tx) =>
    eraseClientsIn(tx, [clientId], { reason: "request", actor, ip }, now, photoFiles),
  );
  await removeJobPhotoFiles(photoFiles);
  if (erased.length === 0) return { ok: false, status: 409, error: MESSAGE_CODES.alreadyErased };
  return { ok: true };
}
