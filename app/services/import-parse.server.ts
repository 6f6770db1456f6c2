import { Worker } from "node:worker_threads";
import type { SpreadsheetType } from "~/domain/spreadsheet-file";
import type { CellValue } from "~/domain/spreadsheet-values";
import type { ReadKind, ReadRow, RowReading } from "~/domain/import-reading";
import type { ParseMessage, ParseRequest } from "./import-parse.worker";
import { IMPORT_FAILURES } from "~/domain/import-report";
import type { Message } from "~/domain/messages";

/**
 * Uploaded spreadsheets are parsed in a worker thread: a 10 MB .xlsx may unpack to 160 MB, and
 * parsing it on the request thread would stall every other user. The worker has a memory cap and
 * each answer a time limit; past either the upload is refused (413) and the worker is stopped.
 */
export const importParseLimits = {
  /** The worker's V8 heap: a 100,000-row workbook needs a few hundred MB; more means a crafted file. */
  memoryMb: 768,
  /** For the first answer (the whole .xlsx parsed) and each later chunk of rows. */
  timeoutMs: 60_000,
};

/**
 * Chunks of rows the worker may have cut before the import takes them. A big client file's batch is
 * 5,000 rows (app/domain/import-batches.ts), five chunks taken at once between two batches, faster
 * than the worker cuts them: with three ahead the import waited for its rows after every batch.
 */
const CHUNKS_AHEAD = 6;

/** A refusal from the worker's limits, with the status the upload is answered with. */
export class SpreadsheetLimitError extends Error {
  readonly status = 413;
  constructor(readonly said: Message) {
    super(said.code);
  }
}

export type StreamedSheet = {
  header: CellValue[];
  /** Data rows after the header, counted with the blank ones, for progress. */
  rowCount: number;
  /** The data rows as `reading` reads them, once, a chunk at a time from the worker. */
  rows: <Kind extends ReadKind>(reading: RowReading<Kind>) => AsyncIterable<ReadRow<Kind>>;
  /** Stops the worker (also done when the rows run out). */
  close: () => Promise<void>;
};

export type StreamedSheetResult = { ok: true; sheet: StreamedSheet } | { ok: false; message: Message };

/**
 * The worker module: the TypeScript source under Vitest and the dev server (through tsx), the file
 * the production build emits beside the server bundle (see vite.config.ts) when running built.
 */
function startWorker(): Worker {
  const options = {
    resourceLimits: { maxOldGenerationSizeMb: importParseLimits.memoryMb, maxYoungGenerationSizeMb: 32 },
  };
  const fromSource = import.meta.url.endsWith(".ts");
  const file = fromSource ? "./import-parse.worker.ts" : "./import-parse.worker.js";
  const url = new URL(file, import.meta.url);
  if (!fromSource) return new Worker(url, options);
  const load = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(load, { ...options, eval: true });
}

/**
 * A worker that handed over a whole file, kept for the next upload: a new thread parses its first file
 * with none of the spreadsheet code compiled yet, and took twice as long over a 10,000-row .xlsx as one
 * that had parsed one before (460 against 230 ms). Kept only for the memory cap it was started with,
 * unreferenced so it keeps no process alive, and dropped should it fail or stop while it waits.
 */
let spare: { worker: Worker; memoryMb: number; drop: () => void } | null = null;

function takeWorker(): Worker {
  const kept = spare;
  spare = null;
  if (kept) kept.worker.off("error", kept.drop).off("exit", kept.drop);
  if (kept?.memoryMb === importParseLimits.memoryMb) {
    kept.worker.ref();
    return kept.worker;
  }
  if (kept) void kept.worker.terminate();
  return startWorker();
}

function keepWorker(worker: Worker): void {
  const drop = () => {
    if (spare?.worker === worker) spare = null;
    void worker.terminate();
  };
  worker.on("error", drop).on("exit", drop).unref();
  if (spare) void spare.worker.terminate();
  spare = { worker, memoryMb: importParseLimits.memoryMb, drop };
}

/** The first sheet of an upload, parsed off the request thread. */
export async function readSpreadsheetInWorker(bytes: Buffer, type: SpreadsheetType): Promise<StreamedSheetResult> {
  const worker = takeWorker();
  let failure: Error | null = null;
  // The answers asked for and not yet given, in the order the worker gives them.
  const waiting: { resolve: (m: ParseMessage) => void; reject: (e: Error) => void }[] = [];
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  const onMessage = (message: ParseMessage) => waiting.shift()?.resolve(message);
  const onError = (error: Error & { code?: string }) =>
    fail(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SpreadsheetLimitError(IMPORT_FAILURES.tooBigToRead) : error);
  const onExit = () => fail(new Error("The spreadsheet worker stopped before answering."));
  worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  let closed = false;
  /** Done with the file: a worker that handed all of it over waits for the next file; any other is stopped. */
  const close = async (handedOver = false) => {
    if (closed) return;
    closed = true;
    if (handedOver && !failure) {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      return keepWorker(worker);
    }
    failure ??= new Error("The spreadsheet worker was closed.");
    await worker.terminate();
  };

  /** The worker's next answer, within the time limit: to the file sent (null), or the next rows read as `reading`. */
  const answer = (reading: RowReading | null) =>
    new Promise<ParseMessage>((resolve, reject) => {
      if (failure) return reject(failure);
      const timer = setTimeout(() => {
        fail(new SpreadsheetLimitError(IMPORT_FAILURES.tooSlowToRead));
        void worker.terminate();
      }, importParseLimits.timeoutMs);
      waiting.push({
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      if (reading) worker.postMessage({ kind: "next", reading } satisfies ParseRequest);
    });

  const parse = answer(null);
  // A copy the worker owns: the upload's Buffer may share its memory with others.
  const copy = new Uint8Array(bytes);
  worker.postMessage({ kind: "parse", bytes: copy, type } satisfies ParseRequest, [copy.buffer]);
  const opened = await parse.catch(async (error: Error) => {
    await close();
    throw error;
  });
  if (opened.kind !== "opened" || !opened.ok) {
    // A file it could not read leaves the worker as it was: ready for the next one.
    await close(opened.kind === "opened");
    return { ok: false, message: opened.kind === "opened" && !opened.ok ? opened.message : IMPORT_FAILURES.unexpected };
  }
  return {
    ok: true,
    sheet: {
      header: opened.header,
      rowCount: opened.rowCount,
      close,
      async *rows<Kind extends ReadKind>(reading: RowReading<Kind>) {
        // The worker cuts the next chunks while this one is imported. An import that stops early
        // leaves those answers unawaited: their failure (the worker closed) is handled here.
        const asked: Promise<ParseMessage>[] = [];
        const ask = () => {
          const next = answer(reading);
          next.catch(() => undefined);
          asked.push(next);
        };
        let handedOver = false;
        try {
          for (let i = 0; i < CHUNKS_AHEAD; i++) ask();
          for (;;) {
            const chunk = await asked.shift()!;
            if (chunk.kind !== "rows") throw new Error("The spreadsheet worker answered out of turn.");
            // Chunks asked for past the end come back empty; once they have, the worker is idle.
            if (chunk.done) handedOver = (await Promise.allSettled(asked)).every((a) => a.status === "fulfilled");
            else ask();
            yield* chunk.rows as ReadRow<Kind>[];
            if (chunk.done) return;
          }
        } finally {
          await close(handedOver);
        }
      },
    },
  };
}
