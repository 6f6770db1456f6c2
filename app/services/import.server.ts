import { db, inInts, insertRows, inTexts } from "~/db/db.server";
import { appTimezone, businessToday, dateFromIso } from "~/domain/calendar";
import { EXPORTED_FIELDS, fieldCellText, fieldsOf, clientField, jsonName } from "~/domain/client-fields";
import { isUniqueViolation } from "~/db/unique-violation.server";
import type { Prisma } from "~/generated/prisma/client";
import type { NewClientInput } from "~/domain/client-input";
import {
  isPurchaseHistory,
  matchHeaders,
  missingRequiredColumns,
  purchaseHistoryMapping,
  TEMPLATE_EXAMPLE_MOBILE,
  type HeaderMapping,
  type ImportKind,
} from "~/domain/import-columns";
import { purchaseCellValues, purchaseGrouper, type ClosedGroup, type PendingPurchase } from "~/domain/import-purchases";
import { filsToDecimalString } from "~/domain/money";
import { storedItems, type SaleLists } from "~/domain/sales";
import { rowError } from "~/domain/import-rows";
import {
  failedResult,
  IMPORT_FAILURES,
  IMPORT_WORDS_HEADER,
  sayResult,
  importBusyMessage,
  importSummary,
  missingColumnsMessage,
  partialMessage,
  storedText,
  type ImportBusy,
  type ImportText,
  SKIP_REASONS,
  type ImportResult,
  type LastImport,
  type LastImportTimes,
  existingClientChoice,
  type ExistingClientChoice,
  type SkippedClient,
  type SkippedRow,
} from "~/domain/import-report";
import { clientBatchRows, IMPORT_BATCH_ROWS } from "~/domain/import-batches";
import { sniffSpreadsheetType } from "~/domain/spreadsheet-file";
import { message, type LocalName, type Message } from "~/domain/messages";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { english } from "~/i18n/english.server";
import { AUDIT_ACTIONS, writeAudit, writeAudits, type AuditEntry } from "./audit.server";
import { columnValue, newClientData, type Actor } from "./client-writes.server";
import { clientDerivedFields, DERIVED_FROM } from "./client-record.server";
import { duplicateKeys, type DuplicateReason, type FoundPair } from "~/domain/duplicate-keys";

/** A row's Emirates ID as the duplicate key stores it (its 15 digits), or null. */
const emiratesIdKey = (emiratesId: string | null) =>
  duplicateKeys({ fullName: "", fullNameAr: null, email: null, emiratesId, dateOfBirth: null }).dupEmiratesIdKey;
import { pairNewClients, refreshDuplicatePairs } from "./client-duplicates.server";
import { readSpreadsheetInWorker, SpreadsheetLimitError, type StreamedSheet } from "./import-parse.server";
import { recordContactOkConsents } from "./consent.server";
import { clientTarget } from "./client-audit.server";
import { readSpreadsheetUpload, type UploadedFile } from "./import-upload.server";
import { recomputeClientsPurchases, timestampOf } from "./sales.server";
import { readShopLists } from "./shop-lists.server";
import type { ShopChoice } from "~/domain/shop-lists";

/**
 * A spreadsheet import: one ImportRun per import, rows checked by the New Client rules,
 * duplicates skipped, valid rows written a batch per transaction (~/domain/import-batches) with
 * their opening sale, progress on the run row for the page to poll, and one import of each kind at
 * a time.
 */

/**
 * A running import refreshes heartbeatAt every IMPORT_BEAT_MS (a timer, so reading a big file beats
 * too) and with every batch; one silent for IMPORT_STALE_AFTER_MS has died, and the next import of
 * its kind fails it. Four beats missed, so a slow moment is not a death; a crash blocks the kind for
 * 20 s at most, and not at all once its server starts again (failImportsOfPreviousStart).
 */
export const IMPORT_BEAT_MS = 5_000;
export const IMPORT_STALE_AFTER_MS = 20_000;

/** A run's message column holds its message as JSON (storedText reads it back, and the English of older runs). */
const ABANDONED = JSON.stringify(IMPORT_FAILURES.abandoned);

/**
 * The server this process serves in: its host and port, and when its primary started (set by
 * server.mjs before it forks the workers). Null outside a server: tests and scripts run imports
 * that no server start may fail.
 */
/** The environment server.mjs gives its workers (CRM_SERVER_RUNNER, CRM_SERVER_STARTED_AT). */
type ServerEnv = Record<string, string | undefined>;

function serverStart(env: ServerEnv = process.env): { runner: string; startedAt: Date } | null {
  const runner = env.CRM_SERVER_RUNNER;
  const startedAt = Number(env.CRM_SERVER_STARTED_AT);
  return runner && Number.isFinite(startedAt) && startedAt > 0 ? { runner, startedAt: new Date(startedAt) } : null;
}

/**
 * At a server's start: the runs its previous start left running (killed, crashed, stopped) have
 * died with it, so they are failed at once rather than blocking their kind until their heartbeat
 * is stale. Runs of other servers, and of this start, are left alone. Answers how many were failed.
 */
export async function failImportsOfPreviousStart(env: ServerEnv = process.env): Promise<number> {
  const start = serverStart(env);
  if (!start) return 0;
  const now = new Date();
  const { count } = await db.importRun.updateMany({
    where: { status: "running", runner: start.runner, startedAt: { lt: start.startedAt } },
    data: { status: "failed", message: ABANDONED, finishedAt: now },
  });
  return count;
}

/** Beats for a run every IMPORT_BEAT_MS until stopped; a beat never revives a finished run. */
export function keepImportAlive(runId: string, everyMs = IMPORT_BEAT_MS): () => void {
  const timer = setInterval(() => {
    db.importRun
      .updateMany({ where: { id: runId, status: "running" }, data: { heartbeatAt: new Date() } })
      .catch((error: unknown) => console.error("import heartbeat failed", error));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

const OPENING_SALE_DESCRIPTION = "Opening balance (import)";
const SOURCE: Record<ImportKind, "client_import" | "zoho_import"> = { client: "client_import", zoho: "zoho_import" };

/** A progress id chosen by the page, so it can poll the run while its upload is still in flight. */
const PROGRESS_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type ImportOutcome = { status: number; result: ImportResult; runId: string | null };

/**
 * The JSON of POST /api/import/*: the result in English (decision 008). The Import Data page's own upload
 * asks with IMPORT_WORDS_HEADER for the message as a code too (`words`), to say it in the page's language.
 */
export function importAnswer({ result, runId }: ImportOutcome, request: Request) {
  const answer = { ...sayResult(result, english), runId };
  return request.headers.has(IMPORT_WORDS_HEADER) ? { ...answer, words: result.message } : answer;
}

type StartedRun = { id: string };

/** A refused start: the run in the way, since when it runs and the latest time it counts as alive. */
type BlockedStart = { blockedBy: ImportBusy };

/**
 * The per-kind lock, kept in the database so it holds across app instances: a run is created as
 * "running", and it proceeds only if it is the earliest live running run of its kind; otherwise it
 * withdraws, saying which run is in the way. Runs whose heartbeat is older than the staleness
 * timeout are declared failed first.
 */
async function startRun(
  kind: ImportKind,
  actor: Actor,
  fileName: string,
  progressId: string | undefined,
): Promise<StartedRun | BlockedStart> {
  const now = new Date();
  await db.importRun.updateMany({
    where: { kind, status: "running", heartbeatAt: { lt: new Date(now.getTime() - IMPORT_STALE_AFTER_MS) } },
    data: { status: "failed", message: ABANDONED, finishedAt: now },
  });
  const wanted =
    progressId &&
    PROGRESS_ID.test(progressId) &&
    !(await db.importRun.findUnique({ where: { id: progressId }, select: { id: true } }));
  const run = await db.importRun.create({
    data: {
      ...(wanted ? { id: progressId } : {}),
      kind,
      userId: actor.id,
      fileName: fileName.slice(0, 255),
      status: "running",
      startedAt: now,
      heartbeatAt: now,
      runner: serverStart()?.runner ?? null,
    },
    select: { id: true },
  });
  const first = await db.importRun.findFirst({
    where: { kind, status: "running" },
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    select: { id: true, startedAt: true, heartbeatAt: true },
  });
  if (first?.id === run.id) return run;
  await db.importRun.delete({ where: { id: run.id } });
  // The run in the way (never null: this run was running until just now, so some run was first).
  const blocker = first ?? { startedAt: now, heartbeatAt: now };
  return {
    blockedBy: {
      runningSince: blocker.startedAt.toISOString(),
      freeBy: new Date(blocker.heartbeatAt.getTime() + IMPORT_STALE_AFTER_MS).toISOString(),
    },
  };
}

type Counts = {
  processedRows: number;
  imported: number;
  updated: number;
  /** New clients that look like an existing one, kept for their download. */
  possibleDuplicates: (SkippedRow & { row: number })[];
  importedSales: number;
  importedItems: number;
  skippedClients: (SkippedRow & { row: number })[];
  errors: Message[];
};

/**
 * A skipped client with its exported fields as cell text (name and mobile are columns of their
 * own), and a purchase history's sale cells when given.
 */
function skippedRow(
  row: number,
  client: NewClientInput,
  reason: ImportText,
  teams: readonly ShopChoice[],
  sale: Record<string, string> = {},
): SkippedRow & { row: number } {
  const values: Record<string, string> = { ...sale };
  for (const name of EXPORTED_FIELDS) {
    if (name === "fullName" || name === "mobileNumber" || !(name in client)) continue;
    const text = fieldCellText(clientField(name).kind, client[name as keyof NewClientInput], teams);
    if (text !== "") values[jsonName(name)] = text;
  }
  return { row, name: client.fullName, mobile: client.mobileNumber, reason, values };
}

/** Skipped rows as a run stored them: a reason is a message, or the English text of a run stored before codes. */
function storedSkippedRows(json: string): SkippedRow[] {
  return (JSON.parse(json) as SkippedRow[]).map((row) => ({ ...row, reason: storedText(row.reason) }));
}

/** The import answer's skipped client: name, mobile and reason only. */
const answerOf = ({ name, mobile, reason }: SkippedRow): SkippedClient => ({ name, mobile, reason });

type ValidRow = { row: number; client: NewClientInput; filled: string[] };

/** The fields an import fills into an existing client: the edit form's, less the mobile (the match), sales and consent. */
const NOT_FILLED_BY_IMPORT = new Set<string>(["mobileNumber", "totalSalesFils", "lastPurchaseDate", "contactOk"]);

/**
 * The in-book clients holding any of the Emirates IDs (by their duplicate key, one indexed lookup),
 * for the rows whose mobile is not on file: "same mobile, else same Emirates ID" (decision 048).
 */
async function inBookHoldersOfEmiratesIds(
  tx: Prisma.TransactionClient | typeof db,
  keys: string[],
): Promise<Map<string, { id: number; fullName: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await tx.$queryRaw<
    { id: number | bigint; fullName: string; dupEmiratesIdKey: string; deletedAt: unknown; erasedAt: unknown }[]
  >`
    SELECT "id", "fullName", "dupEmiratesIdKey", "deletedAt", "erasedAt" FROM "Customer" WHERE "dupEmiratesIdKey" IN ${inTexts(keys)}`;
  const found = new Map<string, { id: number; fullName: string }>();
  for (const r of rows)
    if (r.deletedAt === null && r.erasedAt === null && !found.has(r.dupEmiratesIdKey))
      found.set(r.dupEmiratesIdKey, { id: Number(r.id), fullName: r.fullName });
  return found;
}

/**
 * Fills the rows' non-empty cells into their existing clients (a blank cell never blanks a field),
 * recomputing the derived columns and duplicate pairs and writing an update audit entry like an
 * edit's; answers how many clients changed.
 */
async function updateExistingClients(
  tx: Prisma.TransactionClient,
  matches: readonly { id: number; row: ValidRow }[],
  actor: Actor,
  runId: string,
  now: Date,
): Promise<number> {
  if (matches.length === 0) return 0;
  const current = await tx.client.findMany({
    where: { id: { in: [...new Set(matches.map((m) => m.id))] } },
    select: { id: true, ...DERIVED_FROM, ...Object.fromEntries(fieldsOf("edit").map((name) => [name, true])) },
  });
  const byId = new Map(current.map((c) => [c.id, c as Record<string, unknown>]));
  const audits: AuditEntry[] = [];
  const changedIds: number[] = [];
  for (const { id, row } of matches) {
    const before = byId.get(id);
    if (!before) continue;
    const filled = new Set(row.filled);
    const data: Record<string, unknown> = {};
    for (const name of fieldsOf("edit")) {
      if (NOT_FILLED_BY_IMPORT.has(name) || !filled.has(name)) continue;
      const value = columnValue(name, row.client[name as keyof NewClientInput]);
      if (value === null || value === undefined || value === "") continue;
      data[name] = value;
    }
    // A country sets its emirate with it (as the client rules read the row).
    if (filled.has("country")) data.emirate = row.client.emirate;
    const changed = Object.keys(data).filter((name) => !sameCell(data[name], before[name]));
    if (changed.length === 0) continue;
    const after = { ...before, ...data } as Parameters<typeof clientDerivedFields>[0];
    await tx.client.update({ where: { id }, data: { ...data, ...clientDerivedFields(after), updatedAt: now } });
    byId.set(id, { ...before, ...data });
    changedIds.push(id);
    audits.push({
      actor,
      action: AUDIT_ACTIONS.clientUpdated,
      ...clientTarget(id),
      details: { fields: changed.map((name) => jsonName(name as never)), importRunId: runId },
    });
  }
  await writeAudits(audits, tx, now);
  await refreshDuplicatePairs(tx, changedIds);
  return new Set(changedIds).size;
}

const sameCell = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * The new clients of a batch that look like a client already in the book (a pair, of those the
 * batch added, with a client not created in it), as rows for the download, their reason naming that client.
 */
async function possibleDuplicatesOf(
  tx: Prisma.TransactionClient,
  created: readonly { id: number; row: ValidRow }[],
  pairs: readonly FoundPair[],
  teams: readonly ShopChoice[],
): Promise<ReturnType<typeof skippedRow>[]> {
  const newIds = new Set(created.map((c) => c.id));
  const partnerOf = new Map<number, { partner: number; reasons: readonly DuplicateReason[] }>();
  for (const { lowId, highId, reasons } of pairs) {
    const [mine, other] = newIds.has(lowId) ? [lowId, highId] : [highId, lowId];
    if (newIds.has(other) || partnerOf.has(mine)) continue;
    partnerOf.set(mine, { partner: other, reasons });
  }
  if (partnerOf.size === 0) return [];
  const partners = await tx.$queryRaw<{ id: number | bigint; fullName: string; mobileNumber: string }[]>`
    SELECT "id", "fullName", "mobileNumber" FROM "Customer" WHERE "id" IN ${inInts([...new Set([...partnerOf.values()].map((p) => p.partner))])}`;
  const partnerById = new Map(partners.map((p) => [Number(p.id), p]));
  return created.flatMap(({ id, row }) => {
    const found = partnerOf.get(id);
    const partner = found && partnerById.get(found.partner);
    const reasons = found?.reasons ?? [];
    if (!partner || reasons.length === 0) return [];
    return [skippedRow(row.row, row.client, SKIP_REASONS.looksLike(partner, reasons), teams)];
  });
}

/**
 * Writes a batch again, from its reads, when another writer took one of its keys between our check
 * and our insert; a third clash is an error.
 */
async function retryingUniqueViolations(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** Lets progress polls and other requests in between batches (the SQLite driver is synchronous). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type NewClientRecord = ReturnType<typeof newClientData>;

/**
 * Creates a batch's new clients with one multi-row INSERT, their consent history, duplicate pairs
 * and creation audit entries (field names only, like a form's), answering their ids by mobile and
 * the pairs added.
 */
async function insertClients(
  tx: Prisma.TransactionClient,
  clients: readonly { input: NewClientInput; record: NewClientRecord }[],
  actor: Actor,
  runId: string,
  now: Date,
): Promise<{ idByMobile: Map<string, number>; pairs: FoundPair[] }> {
  // Timestamps are written here: the SQLite column default would be text, not the epoch milliseconds Prisma stores.
  const rows = clients.map(({ record }) => ({ ...record.client, createdAt: now, updatedAt: now }));
  const created = await insertRows<{ id: number | bigint; mobileNumber: string }>(tx, "Customer", rows, [
    "id",
    "mobileNumber",
  ]);
  const idByMobile = new Map(created.map((c) => [c.mobileNumber, Number(c.id)]));
  // A Consent (OK to Contact) cell is the client's consent on every channel, kept in its history.
  const consents = clients.map(({ input }) => ({
    id: idByMobile.get(input.mobileNumber)!,
    contactOk: input.contactOk,
  }));
  await recordContactOkConsents(consents, "import", actor.id, tx);
  const pairs = await pairNewClients(
    tx,
    clients.map(({ record: { client } }) => ({
      id: idByMobile.get(client.mobileNumber)!,
      dupEmiratesIdKey: client.dupEmiratesIdKey ?? null,
      dupEmailKey: client.dupEmailKey ?? null,
      dupNameKey: client.dupNameKey ?? null,
      dupArabicNameKey: client.dupArabicNameKey ?? null,
    })),
  );
  // Every client's creation is in their audit trail like a form's (field names only), in the same
  // multi-row way: one INSERT per batch.
  await writeAudits(
    clients.map(({ input }) => ({
      actor,
      action: AUDIT_ACTIONS.clientCreated,
      ...clientTarget(idByMobile.get(input.mobileNumber)!),
      details: {
        fields: fieldsOf("create")
          .filter((name) => input[name] !== null)
          .map(jsonName),
        importRunId: runId,
      },
    })),
    tx,
    now,
  );
  return { idByMobile, pairs };
}

/**
 * The clients holding any of `mobiles`, deleted ones included (their numbers stay reserved), for
 * both kinds of file: one JSON list parameter, not Prisma's one parameter per mobile (decision 029).
 */
async function holdersOf(
  mobiles: string[],
): Promise<{ id: number; mobileNumber: string; fullName: string; deletedAt: Date | null }[]> {
  if (mobiles.length === 0) return [];
  const holders = await db.$queryRaw<
    { id: number | bigint; mobileNumber: string; fullName: string; deletedAt: Date | number | null }[]
  >`SELECT "id", "mobileNumber", "fullName", "deletedAt" FROM "Customer" WHERE "mobileNumber" IN ${inTexts(mobiles)}`;
  return holders.map((c) => ({ ...c, id: Number(c.id), deletedAt: timestampOf(c.deletedAt) }));
}

/**
 * Writes one batch of valid rows: mobiles already on file (deleted clients included, their number
 * stays reserved) are skipped with the client rules' reason; the rest are created with their
 * opening sale, and the run's progress moves, all in one transaction.
 */
async function writeBatch(
  runId: string,
  kind: ImportKind,
  actor: Actor,
  rows: ValidRow[],
  counts: Counts,
  totalRows: number,
  existing: ExistingClientChoice,
  teams: readonly ShopChoice[],
): Promise<void> {
  // Someone added one of these mobiles between our check and our insert: check again.
  await retryingUniqueViolations(async () => {
    const taken = new Map((await holdersOf(rows.map((r) => r.client.mobileNumber))).map((c) => [c.mobileNumber, c]));
    // Same mobile, else same Emirates ID (among clients in the book): the client is already here.
    const idKeyOf = (r: ValidRow) => emiratesIdKey(r.client.emiratesId);
    const byEmiratesId = await inBookHoldersOfEmiratesIds(db, [
      ...new Set(rows.filter((r) => !taken.has(r.client.mobileNumber)).flatMap((r) => idKeyOf(r) ?? [])),
    ]);
    const existingOf = (r: ValidRow): { id: number; fullName: string; deletedAt: Date | null } | null => {
      const holder = taken.get(r.client.mobileNumber);
      if (holder) return holder;
      const key = idKeyOf(r);
      const same = key ? byEmiratesId.get(key) : undefined;
      return same ? { ...same, deletedAt: null } : null;
    };
    const toUpdate =
      existing === "update"
        ? rows.flatMap((r) => {
            const holder = existingOf(r);
            return holder && holder.deletedAt === null ? [{ id: holder.id, row: r }] : [];
          })
        : [];
    const updating = new Set(toUpdate.map((u) => u.row));
    const fresh = rows.filter((r) => !existingOf(r));
    const records = fresh.map((r) =>
      newClientData(r.client, {
        createdById: actor.id,
        source: SOURCE[kind],
        openingSaleDescription: OPENING_SALE_DESCRIPTION,
      }),
    );
    const skippedNow = rows
      .filter((r) => !updating.has(r) && existingOf(r))
      .map((r) => {
        const holder = taken.get(r.client.mobileNumber);
        const reason = holder
          ? SKIP_REASONS.mobileTaken(holder)
          : SKIP_REASONS.emiratesIdTaken(existingOf(r)!.fullName);
        return skippedRow(r.row, r.client, reason, teams);
      });
    let updatedNow = 0;
    let possibleNow: ReturnType<typeof skippedRow>[] = [];
    await db.$transaction(
      async (tx) => {
        updatedNow = await updateExistingClients(tx, toUpdate, actor, runId, new Date());
        if (records.length) {
          const now = new Date();
          const { idByMobile, pairs } = await insertClients(
            tx,
            records.map((record, i) => ({ input: fresh[i]!.client, record })),
            actor,
            runId,
            now,
          );
          const sales = records.flatMap(({ client, openingSale }) =>
            openingSale
              ? [
                  {
                    // The raw INSERT names columns: Sale.clientId is stored as "customerId".
                    customerId: idByMobile.get(client.mobileNumber)!,
                    ...openingSale,
                    createdById: actor.id,
                    createdAt: now,
                  },
                ]
              : [],
          );
          await insertRows(tx, "Sale", sales);
          possibleNow = await possibleDuplicatesOf(
            tx,
            fresh.map((row) => ({ id: idByMobile.get(row.client.mobileNumber)!, row })),
            pairs,
            teams,
          );
        }
        await tx.importRun.update({
          where: { id: runId },
          data: {
            totalRows,
            processedRows: counts.processedRows,
            imported: counts.imported + records.length,
            updated: counts.updated + updatedNow,
            possibleDuplicates: counts.possibleDuplicates.length + possibleNow.length,
            skipped: counts.skippedClients.length + skippedNow.length,
            errorCount: counts.errors.length,
            heartbeatAt: new Date(),
          },
        });
      },
      { maxWait: 30_000, timeout: 60_000 },
    );
    counts.imported += records.length;
    counts.updated += updatedNow;
    counts.possibleDuplicates.push(...possibleNow);
    counts.skippedClients.push(...skippedNow);
  });
}

/** Goes through the rows, moving `counts` as batches commit (so a failure mid-way still knows what was written). */
async function importRows(
  runId: string,
  kind: ImportKind,
  actor: Actor,
  sheet: StreamedSheet,
  mapping: HeaderMapping,
  counts: Counts,
  existing: ExistingClientChoice,
): Promise<void> {
  const firstRowOf = new Map<string, number>();
  const batchRows = clientBatchRows(sheet.rowCount);
  let batch: ValidRow[] = [];
  let rowsInBatch = 0;
  // Read once: the skipped rows' team names, and the rows' checks (an admin's edit meanwhile shows next import).
  const { teams } = await readShopLists();
  const flush = async () => {
    await writeBatch(runId, kind, actor, batch, counts, sheet.rowCount, existing, teams);
    batch = [];
    rowsInBatch = 0;
    await yieldToEventLoop();
  };
  for await (const { rowNumber, read: checked } of sheet.rows({
    kind: "clients",
    mapping,
    teams,
  })) {
    counts.processedRows++;
    rowsInBatch++;
    if (checked) {
      if (!checked.ok) {
        counts.errors.push(checked.error);
      } else {
        const { client, filled } = checked;
        const skip = (reason: Message) => counts.skippedClients.push(skippedRow(rowNumber, client, reason, teams));
        const earlier = firstRowOf.get(client.mobileNumber);
        if (client.mobileNumber === TEMPLATE_EXAMPLE_MOBILE) skip(SKIP_REASONS.templateExample);
        else if (earlier !== undefined) skip(SKIP_REASONS.repeatsRow(earlier));
        else {
          firstRowOf.set(client.mobileNumber, rowNumber);
          batch.push({ row: rowNumber, client, filled });
        }
      }
    }
    if (rowsInBatch >= batchRows) await flush();
    else if (rowsInBatch % 100 === 0) await yieldToEventLoop();
  }
  await flush();
}

/**
 * Who sold an imported sale: the Sold By cell names an active user by email or (when no one else
 * has it) by name; otherwise whoever imports, as recordSale defaults it.
 */
async function associateFinder(
  actor: Actor,
): Promise<{ soldById: (soldBy: string | null) => string; homeShowroom: (userId: string) => string | null }> {
  const users = await db.user.findMany({
    where: { isActive: true },
    select: { id: true, email: true, name: true, showroom: { select: { key: true, active: true } } },
  });
  const byKey = new Map<string, string | null>();
  const homes = new Map(users.map((u) => [u.id, u.showroom?.active ? u.showroom.key : null]));
  for (const user of users) {
    byKey.set(user.email.toLowerCase(), user.id);
    const name = user.name.trim().toLowerCase();
    byKey.set(name, byKey.has(name) ? null : user.id);
  }
  return {
    soldById: (soldBy) => (soldBy === null ? null : byKey.get(soldBy.trim().toLowerCase())) ?? actor.id,
    homeShowroom: (userId) => homes.get(userId) ?? null,
  };
}

type PurchaseContext = {
  runId: string;
  kind: ImportKind;
  actor: Actor;
  totalRows: number;
  soldById: (soldBy: string | null) => string;
  /** The seller's home showroom: an invoice without a showroom cell is theirs. */
  homeShowroom: (userId: string) => string | null;
  lists: SaleLists;
  /** Mobiles of the clients this run created: their purchases without an invoice number are theirs. */
  createdHere: Set<string>;
};

/** A showroom's names by its key (the key itself when the list no longer has it), or null for none. */
function showroomName(key: string | null, lists: SaleLists): LocalName | null {
  if (key === null) return null;
  const row = lists.showrooms.find((s) => s.key === key);
  return row ? { name: row.name, nameAr: row.nameAr } : { name: key, nameAr: null };
}

const invoiceKey = (showroom: string | null, invoiceNo: string) => `${showroom ?? ""}\u0000${invoiceNo}`;

/** A written sale read back from RETURNING, keyed by everything it was written with. */
type SaleKeyParts = {
  customerId: number | bigint;
  saleDate: Date | number | bigint | string;
  amountFils: bigint | number | string;
  showroom: string | null;
  invoiceNo: string | null;
  soldById: string | null;
};
const saleKey = (s: SaleKeyParts) =>
  [
    Number(s.customerId),
    timestampOf(s.saleDate)!.getTime(),
    BigInt(s.amountFils),
    s.showroom,
    s.invoiceNo,
    s.soldById,
  ].join("\u0000");

/**
 * Writes one batch of a purchase history's sales, all in one transaction: new mobiles become
 * clients (from the first row of each), each sale is written with its items and its audit entry
 * (the one recordSale writes), the clients' totals, tiers and last purchases are recomputed from
 * their sales in one statement, and the run's progress moves. Skipped: a deleted client's mobile,
 * an invoice already recorded at its showroom, and a purchase without an invoice number for a
 * client who was already in the system (only an invoice number tells a repeat from a new sale).
 */
async function writePurchaseBatch(purchases: PendingPurchase[], counts: Counts, context: PurchaseContext) {
  const { runId, kind, actor } = context;
  const { teams } = await readShopLists();
  const skipAll = (p: PendingPurchase, reason: Message) =>
    p.lines.map((l) => skippedRow(l.row, l.client, reason, teams, purchaseCellValues(p, l.item, context.lists)));
  // A client or an invoice was recorded between our check and our insert: check again.
  await retryingUniqueViolations(async () => {
    const existing = await holdersOf([...new Set(purchases.map((p) => p.mobile))]);
    const clientOf = new Map(existing.map((c) => [c.mobileNumber, c]));
    const invoicesAt = new Map<string, string[]>();
    for (const p of purchases) {
      if (!p.invoiceNo || !p.showroom) continue;
      const numbers = invoicesAt.get(p.showroom) ?? [];
      numbers.push(p.invoiceNo);
      invoicesAt.set(p.showroom, numbers);
    }
    const recorded = invoicesAt.size
      ? await db.sale.findMany({
          where: { OR: [...invoicesAt].map(([showroom, numbers]) => ({ showroom, liveInvoiceNo: { in: numbers } })) },
          select: { showroom: true, liveInvoiceNo: true },
        })
      : [];
    const recordedKeys = new Set(recorded.map((r) => invoiceKey(r.showroom, r.liveInvoiceNo!)));

    const skippedNow: ReturnType<typeof skippedRow>[] = [];
    const toWrite: PendingPurchase[] = [];
    const newClients = new Map<string, NewClientInput>();
    for (const p of purchases) {
      const client = clientOf.get(p.mobile);
      if (p.mobile === TEMPLATE_EXAMPLE_MOBILE) skippedNow.push(...skipAll(p, SKIP_REASONS.templateExample));
      else if (client?.deletedAt) skippedNow.push(...skipAll(p, SKIP_REASONS.mobileTaken(client)));
      else if (p.invoiceNo && recordedKeys.has(invoiceKey(p.showroom, p.invoiceNo)))
        skippedNow.push(
          ...skipAll(p, SKIP_REASONS.invoiceRecorded(p.invoiceNo, showroomName(p.showroom, context.lists))),
        );
      else if (!p.invoiceNo && client && !context.createdHere.has(p.mobile))
        skippedNow.push(...skipAll(p, SKIP_REASONS.noInvoiceNumber));
      else {
        toWrite.push(p);
        if (!client && !newClients.has(p.mobile)) newClients.set(p.mobile, p.client);
      }
    }
    const items = toWrite.reduce((n, p) => n + p.lines.length, 0);
    await db.$transaction(
      async (tx) => {
        const now = new Date();
        const idByMobile = new Map(existing.map((c) => [c.mobileNumber, c.id]));
        if (newClients.size > 0) {
          const clients = [...newClients.values()].map((input) => ({
            input,
            record: newClientData(input, { createdById: actor.id, source: SOURCE[kind] }),
          }));
          for (const [mobile, id] of (await insertClients(tx, clients, actor, runId, now)).idByMobile)
            idByMobile.set(mobile, id);
        }
        if (toWrite.length > 0) {
          const sales = toWrite.map((p) => ({
            // The raw INSERT names columns: Sale.clientId is stored as "customerId".
            customerId: idByMobile.get(p.mobile)!,
            saleDate: dateFromIso(p.saleDate),
            amountFils: p.amountFils,
            invoiceNo: p.invoiceNo,
            showroom: p.showroom,
            liveInvoiceNo: p.invoiceNo,
            soldById: context.soldById(p.soldBy),
            createdById: actor.id,
            createdAt: now,
          }));
          // RETURNING promises no order, so each sale is found again by everything it was
          // written with; sales alike in all of that are interchangeable until their items go in.
          const written = await insertRows<SaleKeyParts & { id: number | bigint }>(tx, "Sale", sales, [
            "id",
            "customerId",
            "saleDate",
            "amountFils",
            "showroom",
            "invoiceNo",
            "soldById",
          ]);
          const idsByKey = new Map<string, number[]>();
          for (const w of written) {
            const ids = idsByKey.get(saleKey(w)) ?? [];
            ids.push(Number(w.id));
            idsByKey.set(saleKey(w), ids);
          }
          const saleIds = sales.map((sale) => idsByKey.get(saleKey(sale))!.shift()!);
          await insertRows(
            tx,
            "SaleItem",
            toWrite.flatMap((p, i) =>
              storedItems(
                p.lines.map(({ item }) => item),
                sales[i]!.saleDate,
              ).map((item) => ({ saleId: saleIds[i]!, ...item })),
            ),
          );
          // A file's Payment Method pays the whole sale in one part. Its cash goes into the cash
          // window for later sales, never flagged: the identity and report were due when it was sold,
          // outside the app (docs/guide/cash-rule.md).
          const paidSales = toWrite.flatMap((p, i) =>
            p.paymentMethod ? [{ saleId: saleIds[i]!, method: p.paymentMethod, sale: sales[i]! }] : [],
          );
          await insertRows(
            tx,
            "SalePayment",
            paidSales.map(({ saleId, method, sale }) => ({ saleId, position: 0, method, amountFils: sale.amountFils })),
          );
          await insertRows(
            tx,
            "CashTransaction",
            paidSales
              .filter(({ method, sale }) => method === "cash" && sale.amountFils > 0n)
              .map(({ saleId, sale }) => ({
                kind: "sale",
                customerId: sale.customerId,
                saleId,
                at: sale.saleDate,
                cashFils: sale.amountFils,
                createdAt: now,
              })),
          );
          await recomputeClientsPurchases(tx, [...new Set(sales.map((sale) => sale.customerId))]);
          // Each sale is in its client's audit trail as recording it by hand writes it, one INSERT per batch.
          await writeAudits(
            toWrite.map((p, i) => ({
              actor,
              action: AUDIT_ACTIONS.saleRecorded,
              ...clientTarget(sales[i]!.customerId),
              details: {
                saleId: saleIds[i],
                amount: filsToDecimalString(p.amountFils),
                saleDate: p.saleDate,
                invoiceNo: p.invoiceNo,
                showroom: p.showroom,
                items: p.lines.length,
                payments: p.paymentMethod ? [`${p.paymentMethod} ${filsToDecimalString(p.amountFils)}`] : [],
                importRunId: runId,
              },
            })),
            tx,
            now,
          );
        }
        await tx.importRun.update({
          where: { id: runId },
          data: {
            totalRows: context.totalRows,
            processedRows: counts.processedRows,
            imported: counts.imported + newClients.size,
            importedSales: counts.importedSales + toWrite.length,
            importedItems: counts.importedItems + items,
            skipped: counts.skippedClients.length + skippedNow.length,
            errorCount: counts.errors.length,
            heartbeatAt: new Date(),
          },
        });
      },
      { maxWait: 30_000, timeout: 60_000 },
    );
    for (const mobile of newClients.keys()) context.createdHere.add(mobile);
    counts.imported += newClients.size;
    counts.importedSales += toWrite.length;
    counts.importedItems += items;
    counts.skippedClients.push(...skippedNow);
  });
}

/**
 * Goes through a purchase history's rows, grouping them into sales (import-purchases.ts). A batch
 * holds only finished sales, so it always ends where a sale ends; the sale still open carries over.
 */
async function importPurchaseRows(
  sheet: StreamedSheet,
  mapping: HeaderMapping,
  counts: Counts,
  context: PurchaseContext,
) {
  const grouper = purchaseGrouper(mapping, businessToday(), context.lists);
  let batch: PendingPurchase[] = [];
  let rowsInBatch = 0;
  const take = (closed: ClosedGroup | null) => {
    if (closed?.ok) {
      const purchase = closed.purchase;
      // No showroom cell: the seller's home showroom; an invoice number needs one (numbers are per showroom).
      purchase.showroom ??= context.homeShowroom(context.soldById(purchase.soldBy));
      if (purchase.invoiceNo && !purchase.showroom) {
        const refusal = message(MESSAGE_CODES.importInvoiceNeedsShowroom, { invoice: purchase.invoiceNo });
        counts.errors.push(...purchase.lines.map((line) => rowError(line.row, [refusal])));
      } else batch.push(purchase);
    } else if (closed) counts.errors.push(...closed.errors);
  };
  const flush = async () => {
    await writePurchaseBatch(batch, counts, context);
    batch = [];
    rowsInBatch = 0;
    await yieldToEventLoop();
  };
  for await (const { read: row } of sheet.rows({ kind: "purchases", mapping, teams: (await readShopLists()).teams })) {
    counts.processedRows++;
    rowsInBatch++;
    if (row) take(grouper.feed(row));
    if (rowsInBatch >= IMPORT_BATCH_ROWS.purchases) await flush();
    else if (rowsInBatch % 100 === 0) await yieldToEventLoop();
  }
  take(grouper.finish());
  await flush();
}

/**
 * Imports one uploaded spreadsheet: POST /api/import/clients, /api/import/zoho-customers and the
 * page's no-JavaScript form all come here. The answer is the spec's import result with a status.
 */
export async function importSpreadsheet(args: {
  kind: ImportKind;
  upload: UploadedFile;
  actor: Actor;
  ip?: string;
  progressId?: string;
  existing?: ExistingClientChoice;
}): Promise<ImportOutcome> {
  const { kind, upload, actor, ip } = args;
  const existing = args.existing ?? "skip";
  const type = sniffSpreadsheetType(upload.fileName, upload.bytes);
  if (!type) return { status: 400, result: failedResult(IMPORT_FAILURES.invalidType), runId: null };

  const started = await startRun(kind, actor, upload.fileName, args.progressId);
  if ("blockedBy" in started) {
    const busy = started.blockedBy;
    return {
      status: 409,
      result: { ...failedResult(importBusyMessage(busy, appTimezone())), busy },
      runId: null,
    };
  }
  const run = started;
  const stopBeating = keepImportAlive(run.id);

  const finish = async (
    status: "succeeded" | "failed",
    result: ImportResult,
    counts: Counts | null,
    totalRows: number,
  ) => {
    const skippedRows: SkippedRow[] = counts
      ? counts.skippedClients.sort((a, b) => a.row - b.row).map(({ row: _row, ...rest }) => rest)
      : [];
    const skippedClients = skippedRows.map(answerOf);
    const errors = counts?.errors ?? result.errors;
    await db.importRun.update({
      where: { id: run.id },
      data: {
        status,
        totalRows,
        processedRows: counts?.processedRows ?? 0,
        imported: result.imported,
        importedSales: result.importedSales,
        importedItems: result.importedItems,
        skipped: skippedClients.length,
        errorCount: errors.length,
        skippedJson: JSON.stringify(skippedRows),
        existing,
        updated: counts?.updated ?? 0,
        possibleDuplicates: counts?.possibleDuplicates.length ?? 0,
        possibleDuplicatesJson: JSON.stringify(
          counts ? counts.possibleDuplicates.sort((a, b) => a.row - b.row).map(({ row: _row, ...rest }) => rest) : [],
        ),
        errorsJson: JSON.stringify(errors),
        message: JSON.stringify(result.message),
        finishedAt: new Date(),
        heartbeatAt: new Date(),
      },
    });
    await writeAudit({
      actor,
      action: AUDIT_ACTIONS.importRun,
      targetType: "ImportRun",
      targetId: run.id,
      details: {
        kind,
        fileName: upload.fileName,
        status,
        totalRows,
        imported: result.imported,
        importedSales: result.importedSales,
        importedItems: result.importedItems,
        skipped: skippedClients.length,
        errors: errors.length,
        existing,
        updated: counts?.updated ?? 0,
        possibleDuplicates: counts?.possibleDuplicates.length ?? 0,
      },
      ip,
    });
    return {
      ...result,
      skipped: skippedClients.length,
      skippedClients,
      errors,
      updated: counts?.updated ?? 0,
      possibleDuplicates: counts?.possibleDuplicates.length ?? 0,
    };
  };

  const refuse = async (message: Message, status = 400) => ({
    status,
    result: await finish("failed", failedResult(message), null, 0),
    runId: run.id,
  });

  const counts: Counts = {
    processedRows: 0,
    imported: 0,
    updated: 0,
    possibleDuplicates: [],
    importedSales: 0,
    importedItems: 0,
    skippedClients: [],
    errors: [],
  };
  /** The summary of what was written, with the sales when the file is a purchase history. */
  const written = (skipped: number, errors: number) =>
    importSummary({
      imported: counts.imported,
      skipped,
      errors,
      sales: purchases ? { count: counts.importedSales, items: counts.importedItems } : undefined,
    });
  let totalRows = 0;
  let purchases = false;
  let sheet: StreamedSheet | null = null;
  try {
    const read = await readSpreadsheetInWorker(upload.bytes, type);
    if (!read.ok) return await refuse(read.message);
    sheet = read.sheet;
    const matched = matchHeaders(sheet.header);
    purchases = isPurchaseHistory(matched);
    const mapping = purchases ? purchaseHistoryMapping(matched) : matched;
    const missing = missingRequiredColumns(mapping);
    if (missing.length) return await refuse(missingColumnsMessage(missing));
    if (sheet.rowCount === 0) return await refuse(IMPORT_FAILURES.noClientRows);
    totalRows = sheet.rowCount;
    await db.importRun.update({ where: { id: run.id }, data: { totalRows, heartbeatAt: new Date() } });

    if (purchases) {
      await importPurchaseRows(sheet, mapping, counts, {
        runId: run.id,
        kind,
        actor,
        totalRows,
        ...(await associateFinder(actor)),
        lists: await readShopLists(),
        createdHere: new Set(),
      });
    } else await importRows(run.id, kind, actor, sheet, mapping, counts, existing);
    const result: ImportResult = {
      success: true,
      imported: counts.imported,
      skipped: 0,
      skippedClients: [],
      errors: [],
      message: written(counts.skippedClients.length, counts.errors.length),
      importedSales: counts.importedSales,
      importedItems: counts.importedItems,
      updated: counts.updated,
      possibleDuplicates: counts.possibleDuplicates.length,
    };
    return { status: 200, result: await finish("succeeded", result, counts, totalRows), runId: run.id };
  } catch (error) {
    const refused = error instanceof SpreadsheetLimitError;
    if (!refused) console.error("import failed", error);
    // Batches already committed stay: each is whole, and running the same file again skips them.
    const { imported, importedSales, importedItems } = counts;
    const reason = refused ? error.said : IMPORT_FAILURES.unexpected;
    const message = imported > 0 || importedSales > 0 ? partialMessage(reason, written(0, 0)) : reason;
    const result = await finish(
      "failed",
      { ...failedResult(message), imported, importedSales, importedItems },
      counts,
      totalRows,
    ).catch(() => failedResult(message));
    return { status: refused ? error.status : 500, result, runId: run.id };
  } finally {
    stopBeating();
    await sheet?.close();
  }
}

/** The upload and the import of one request (field `file`; optional `progressId` for the page's polling). */
export async function importFromRequest(
  request: Request,
  kind: ImportKind,
  actor: Actor,
  ip?: string,
): Promise<ImportOutcome> {
  const upload = await readSpreadsheetUpload(request);
  if (!upload.ok) return { status: upload.status, result: failedResult(IMPORT_FAILURES[upload.refused]), runId: null };
  const existing = existingClientChoice(upload.fields.get("existing"));
  if (!existing) return { status: 400, result: failedResult(IMPORT_FAILURES.existingChoice), runId: null };
  if (!upload.file) return { status: 400, result: failedResult(IMPORT_FAILURES.chooseFile), runId: null };
  return importSpreadsheet({
    kind,
    upload: upload.file,
    actor,
    ip,
    progressId: upload.fields.get("progressId"),
    existing,
  });
}

export type ImportProgress = {
  status: string;
  totalRows: number;
  processedRows: number;
  imported: number;
  skipped: number;
  errorCount: number;
  updated: number;
  possibleDuplicates: number;
};

/** The page polls this while its upload runs. Only the user's own runs are visible. */
export async function importProgress(runId: string, userId: string): Promise<ImportProgress | null> {
  return db.importRun.findFirst({
    where: { id: runId, userId },
    select: {
      status: true,
      totalRows: true,
      processedRows: true,
      imported: true,
      skipped: true,
      errorCount: true,
      updated: true,
      possibleDuplicates: true,
    },
  });
}

export type ImportRunReport = {
  id: string;
  kind: ImportKind;
  fileName: string;
  finishedAt: Date | null;
  result: ImportResult;
};

/** A finished run as its import result: the no-JavaScript result page, and the page after a JS upload. */
export async function importRunReport(runId: string, userId: string): Promise<ImportRunReport | null> {
  const run = await db.importRun.findFirst({ where: { id: runId, userId, status: { not: "running" } } });
  if (!run) return null;
  const skippedClients = storedSkippedRows(run.skippedJson).map(answerOf);
  const errors = (JSON.parse(run.errorsJson) as unknown[]).map(storedText);
  return {
    id: run.id,
    kind: run.kind as ImportKind,
    fileName: run.fileName,
    finishedAt: run.finishedAt,
    result: {
      success: run.status === "succeeded",
      imported: run.imported,
      skipped: skippedClients.length,
      skippedClients,
      errors,
      message: storedText(run.message ?? ""),
      importedSales: run.importedSales,
      importedItems: run.importedItems,
      updated: run.updated,
      possibleDuplicates: run.possibleDuplicates,
    },
  };
}

async function lastImportOf(kind: ImportKind): Promise<LastImport> {
  const run = await db.importRun.findFirst({
    where: { kind, status: "succeeded" },
    orderBy: { finishedAt: "desc" },
    select: { finishedAt: true, fileName: true, imported: true, skipped: true, user: { select: { name: true } } },
  });
  return {
    timestamp: run?.finishedAt?.toISOString() ?? null,
    userName: run?.user?.name ?? null,
    fileName: run?.fileName ?? null,
    imported: run?.imported ?? 0,
    skipped: run?.skipped ?? 0,
  };
}

/** docs/product-rules.md §3 'Import last-times': when each import last finished, and who ran it. */
export async function lastImportTimes(): Promise<LastImportTimes> {
  const [lastClientImport, lastZohoImport] = await Promise.all([lastImportOf("client"), lastImportOf("zoho")]);
  return { lastClientImport, lastZohoImport };
}

/** The skipped rows of the user's most recent finished import (either kind), for the export. */
export async function lastSkippedClients(userId: string): Promise<SkippedRow[] | null> {
  const run = await db.importRun.findFirst({
    where: { userId, status: "succeeded" },
    orderBy: { startedAt: "desc" },
    select: { skippedJson: true },
  });
  return run ? storedSkippedRows(run.skippedJson) : null;
}

/** The new clients of one of the user's finished imports that look like an existing client, for their download. */
export async function possibleDuplicateRows(runId: string, userId: string): Promise<SkippedRow[] | null> {
  const run = await db.importRun.findFirst({
    where: { id: runId, userId, status: { not: "running" } },
    select: { possibleDuplicatesJson: true },
  });
  return run ? storedSkippedRows(run.possibleDuplicatesJson) : null;
}
