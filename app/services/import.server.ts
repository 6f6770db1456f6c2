import { db, multiRowInsert } from "~/db.server";
import { randomUUID } from "node:crypto";
import { EXPORTED_FIELDS, fieldCellText, fieldsOf, clientField, jsonName } from "~/domain/client-fields";
import { isUniqueViolation } from "~/db-errors.server";
import type { NewClientInput } from "~/domain/client-input";
import {
  matchHeaders,
  missingRequiredColumns,
  TEMPLATE_EXAMPLE_MOBILE,
  type HeaderMapping,
  type ImportKind,
} from "~/domain/import-columns";
import {
  failedResult,
  IMPORT_BUSY_MESSAGE,
  importSummary,
  SKIP_REASONS,
  type ImportResult,
  type LastImport,
  type LastImportTimes,
  type SkippedClient,
  type SkippedRow,
} from "~/domain/import-report";
import { isBlankRow, validateImportRow } from "~/domain/import-rows";
import { INVALID_FILE_TYPE_MESSAGE, sniffSpreadsheetType } from "~/domain/spreadsheet-file";
import { AUDIT_ACTIONS, auditRow, writeAudit } from "./audit.server";
import { duplicateMobileMessage, newClientData, type Actor } from "./client-writes.server";
import { readSpreadsheetInWorker, SpreadsheetLimitError, type StreamedSheet } from "./import-parse.server";
import { recordContactOkConsents } from "./consent.server";
import { clientTarget } from "./client-audit.server";
import { readSpreadsheetUpload, type UploadedFile } from "./import-upload.server";

/**
 * A spreadsheet import: one ImportRun per import, rows checked by the New Client rules,
 * duplicates skipped, valid rows written a few hundred per transaction with their opening sale,
 * progress on the run row for the page to poll, and one import of each kind at a time.
 */

/** Rows per transaction: a crash loses at most one uncommitted batch, never half a client. */
export const IMPORT_BATCH_ROWS = 400;
/** A running import refreshes heartbeatAt with every batch; one silent this long has died. */
export const IMPORT_STALE_AFTER_MS = 2 * 60_000;

const OPENING_SALE_DESCRIPTION = "Opening balance (import)";
const SOURCE: Record<ImportKind, "client_import" | "zoho_import"> = { client: "client_import", zoho: "zoho_import" };
const UNEXPECTED_FAILURE = "Import failed. Please check your file format and try again.";

/** A progress id chosen by the page, so it can poll the run while its upload is still in flight. */
const PROGRESS_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type ImportOutcome = { status: number; result: ImportResult; runId: string | null };

type StartedRun = { id: string };

/**
 * The per-kind lock, kept in the database so it holds across app instances: a run is created as
 * "running", and it proceeds only if it is the earliest live running run of its kind; otherwise it
 * withdraws. Runs whose heartbeat is older than the staleness timeout are declared failed first.
 */
async function startRun(
  kind: ImportKind,
  actor: Actor,
  fileName: string,
  progressId: string | undefined,
): Promise<StartedRun | null> {
  const now = new Date();
  await db.importRun.updateMany({
    where: { kind, status: "running", heartbeatAt: { lt: new Date(now.getTime() - IMPORT_STALE_AFTER_MS) } },
    data: { status: "failed", message: "The import stopped responding and was abandoned.", finishedAt: now },
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
    },
    select: { id: true },
  });
  const first = await db.importRun.findFirst({
    where: { kind, status: "running" },
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (first?.id === run.id) return run;
  await db.importRun.delete({ where: { id: run.id } });
  return null;
}

type Counts = {
  processedRows: number;
  imported: number;
  skippedClients: (SkippedRow & { row: number })[];
  errors: string[];
};

/** A skipped client with its exported fields as cell text (name and mobile are columns of their own). */
function skippedRow(row: number, client: NewClientInput, reason: string): SkippedRow & { row: number } {
  const values: Record<string, string> = {};
  for (const name of EXPORTED_FIELDS) {
    if (name === "fullName" || name === "mobileNumber" || !(name in client)) continue;
    const text = fieldCellText(clientField(name).kind, client[name as keyof NewClientInput]);
    if (text !== "") values[jsonName(name)] = text;
  }
  return { row, name: client.fullName, mobile: client.mobileNumber, reason, values };
}

/** The import answer's skipped client: name, mobile and reason only. */
const answerOf = ({ name, mobile, reason }: SkippedRow): SkippedClient => ({ name, mobile, reason });

type ValidRow = { row: number; client: NewClientInput };

/** Lets progress polls and other requests in between batches (the SQLite driver is synchronous). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = rows.length
      ? await db.client.findMany({
          where: { mobileNumber: { in: rows.map((r) => r.client.mobileNumber) } },
          select: { mobileNumber: true, fullName: true, deletedAt: true },
        })
      : [];
    const taken = new Map(existing.map((c) => [c.mobileNumber, c]));
    const fresh = rows.filter((r) => !taken.has(r.client.mobileNumber));
    const records = fresh.map((r) =>
      newClientData(r.client, {
        createdById: actor.id,
        source: SOURCE[kind],
        openingSaleDescription: OPENING_SALE_DESCRIPTION,
      }),
    );
    const skippedNow = rows
      .filter((r) => taken.has(r.client.mobileNumber))
      .map((r) => skippedRow(r.row, r.client, duplicateMobileMessage(taken.get(r.client.mobileNumber)!)));
    try {
      await db.$transaction(
        async (tx) => {
          if (records.length) {
            // Timestamps are written here: the SQLite column default would be text, not the epoch milliseconds Prisma stores.
            const now = new Date();
            const clients = records.map((r) => ({ ...r.client, createdAt: now, updatedAt: now }));
            const created = await tx.$queryRaw<
              { id: number; mobileNumber: string }[]
            >`${multiRowInsert("Customer", clients)} RETURNING "id", "mobileNumber"`;
            const idByMobile = new Map(created.map((c) => [c.mobileNumber, Number(c.id)]));
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
            if (sales.length) await tx.$executeRaw(multiRowInsert("Sale", sales));
            // A Consent (OK to Contact) cell is the client's consent on every channel, kept in its history.
            const consents = records.map(({ client }) => ({
              id: idByMobile.get(client.mobileNumber)!,
              contactOk: client.contactOk,
            }));
            await recordContactOkConsents(consents, "import", actor.id, tx);
            // Every client's creation is in their audit trail like a form's (field names only), in
            // the same multi-row way: one INSERT per batch.
            await tx.$executeRaw(
              multiRowInsert(
                "AuditLog",
                records.map(({ client }, i) => ({
                  id: randomUUID(),
                  ...auditRow({
                    actor,
                    action: AUDIT_ACTIONS.clientCreated,
                    ...clientTarget(idByMobile.get(client.mobileNumber)!),
                    details: {
                      fields: fieldsOf("create")
                        .filter((name) => fresh[i]!.client[name] !== null)
                        .map(jsonName),
                      importRunId: runId,
                    },
                  }),
                  createdAt: now,
                })),
              ),
            );
          }
          await tx.importRun.update({
            where: { id: runId },
            data: {
              totalRows,
              processedRows: counts.processedRows,
              imported: counts.imported + records.length,
              skipped: counts.skippedClients.length + skippedNow.length,
              errorCount: counts.errors.length,
              heartbeatAt: new Date(),
            },
          });
        },
        { maxWait: 30_000, timeout: 60_000 },
      );
    } catch (error) {
      // Someone added one of these mobiles between our check and our insert: check again.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
    counts.imported += records.length;
    counts.skippedClients.push(...skippedNow);
    return;
  }
}

/** Goes through the rows, moving `counts` as batches commit (so a failure mid-way still knows what was written). */
async function importRows(
  runId: string,
  kind: ImportKind,
  actor: Actor,
  sheet: StreamedSheet,
  mapping: HeaderMapping,
  counts: Counts,
): Promise<void> {
  const firstRowOf = new Map<string, number>();
  let batch: ValidRow[] = [];
  let rowsInBatch = 0;
  const flush = async () => {
    await writeBatch(runId, kind, actor, batch, counts, sheet.rowCount);
    batch = [];
    rowsInBatch = 0;
    await yieldToEventLoop();
  };
  for await (const { rowNumber, cells } of sheet.rows()) {
    counts.processedRows++;
    rowsInBatch++;
    if (!isBlankRow(cells)) {
      const checked = validateImportRow(rowNumber, cells, mapping, { date1904: sheet.date1904 });
      if (!checked.ok) {
        counts.errors.push(checked.error);
      } else {
        const { client } = checked;
        const skip = (reason: string) => counts.skippedClients.push(skippedRow(rowNumber, client, reason));
        const earlier = firstRowOf.get(client.mobileNumber);
        if (client.mobileNumber === TEMPLATE_EXAMPLE_MOBILE) skip(SKIP_REASONS.templateExample);
        else if (earlier !== undefined) skip(SKIP_REASONS.repeatsRow(earlier));
        else {
          firstRowOf.set(client.mobileNumber, rowNumber);
          batch.push({ row: rowNumber, client });
        }
      }
    }
    if (rowsInBatch >= IMPORT_BATCH_ROWS) await flush();
    else if (rowsInBatch % 100 === 0) await yieldToEventLoop();
  }
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
}): Promise<ImportOutcome> {
  const { kind, upload, actor, ip } = args;
  const type = sniffSpreadsheetType(upload.fileName, upload.bytes);
  if (!type) return { status: 400, result: failedResult(INVALID_FILE_TYPE_MESSAGE), runId: null };

  const run = await startRun(kind, actor, upload.fileName, args.progressId);
  if (!run) return { status: 409, result: failedResult(IMPORT_BUSY_MESSAGE), runId: null };

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
        skipped: skippedClients.length,
        errorCount: errors.length,
        skippedJson: JSON.stringify(skippedRows),
        errorsJson: JSON.stringify(errors),
        message: result.message,
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
        skipped: skippedClients.length,
        errors: errors.length,
      },
      ip,
    });
    return { ...result, skipped: skippedClients.length, skippedClients, errors };
  };

  const refuse = async (message: string, status = 400) => ({
    status,
    result: await finish("failed", failedResult(message), null, 0),
    runId: run.id,
  });

  const counts: Counts = { processedRows: 0, imported: 0, skippedClients: [], errors: [] };
  let totalRows = 0;
  let sheet: StreamedSheet | null = null;
  try {
    const read = await readSpreadsheetInWorker(upload.bytes, type);
    if (!read.ok) return await refuse(read.message);
    sheet = read.sheet;
    const mapping = matchHeaders(sheet.header);
    const missing = missingRequiredColumns(mapping);
    if (missing.length)
      return await refuse(`Missing required columns: ${missing.join(", ")}. Use the headers of the template.`);
    if (sheet.rowCount === 0) return await refuse("The file has no client rows below the header row.");
    totalRows = sheet.rowCount;
    await db.importRun.update({ where: { id: run.id }, data: { totalRows, heartbeatAt: new Date() } });

    await importRows(run.id, kind, actor, sheet, mapping, counts);
    const summary = { imported: counts.imported, skipped: counts.skippedClients.length, errors: counts.errors.length };
    const result: ImportResult = {
      success: true,
      imported: counts.imported,
      skipped: 0,
      skippedClients: [],
      errors: [],
      message: importSummary(summary),
    };
    return { status: 200, result: await finish("succeeded", result, counts, totalRows), runId: run.id };
  } catch (error) {
    const refused = error instanceof SpreadsheetLimitError;
    if (!refused) console.error("import failed", error);
    // Batches already committed stay: each is whole, and running the same file again skips them.
    const { imported } = counts;
    const reason = refused ? error.message : UNEXPECTED_FAILURE;
    const message =
      imported > 0
        ? `${reason} ${importSummary({ imported, skipped: 0, errors: 0 })} Import the same file again to finish.`
        : reason;
    const result = await finish("failed", { ...failedResult(message), imported }, counts, totalRows).catch(() =>
      failedResult(message),
    );
    return { status: refused ? error.status : 500, result, runId: run.id };
  } finally {
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
  if (!upload.ok) return { status: upload.status, result: failedResult(upload.message), runId: null };
  if (!upload.file) return { status: 400, result: failedResult("Choose a file to import."), runId: null };
  return importSpreadsheet({ kind, upload: upload.file, actor, ip, progressId: upload.fields.get("progressId") });
}

export type ImportProgress = {
  status: string;
  totalRows: number;
  processedRows: number;
  imported: number;
  skipped: number;
  errorCount: number;
};

/** The page polls this while its upload runs. Only the user's own runs are visible. */
export async function importProgress(runId: string, userId: string): Promise<ImportProgress | null> {
  return db.importRun.findFirst({
    where: { id: runId, userId },
    select: { status: true, totalRows: true, processedRows: true, imported: true, skipped: true, errorCount: true },
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
  const skippedClients = (JSON.parse(run.skippedJson) as SkippedRow[]).map(answerOf);
  const errors = JSON.parse(run.errorsJson) as string[];
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
      message: run.message ?? "",
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
  return run ? (JSON.parse(run.skippedJson) as SkippedRow[]) : null;
}
