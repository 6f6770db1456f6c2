import { Worker } from "node:worker_threads";
import type { SpreadsheetType } from "~/domain/spreadsheet-file";
import type { CellValue } from "~/domain/spreadsheet-values";
import type { ParseMessage, ParseRequest } from "./import-parse.worker";
import type { SheetRow } from "./import-spreadsheet.server";

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
 * Chunks of rows the worker may have cut before the import takes them. With one, a 100,000-row
 * import waited about 0.5 s in all for its next chunk: between two batches it takes two chunks at
 * once, faster than the worker cuts them.
 */
const CHUNKS_AHEAD = 3;

export const TOO_BIG_TO_READ = "The file is too large to read. Split it into smaller files and import them one by one.";
export const TOO_SLOW_TO_READ =
  "The file took too long to read. Split it into smaller files and import them one by one.";

/** A refusal from the worker's limits, with the status the upload is answered with. */
export class SpreadsheetLimitError extends Error {
  readonly status = 413;
}

export type StreamedSheet = {
  header: CellValue[];
  /** Data rows after the header, counted with the blank ones, for progress. */
  rowCount: number;
  date1904: boolean;
  /** The rows, read once, a chunk at a time from the worker. */
  rows: () => AsyncIterable<SheetRow>;
  /** Stops the worker (also done when the rows run out). */
  close: () => Promise<void>;
};

export type StreamedSheetResult = { ok: true; sheet: StreamedSheet } | { ok: false; message: string };

/**
 * The worker module: the TypeScript source under Vitest and the dev server (through tsx), the file
 * the production build emits beside the server bundle (see vite.config.ts) when running built.
 */
function startWorker(request: ParseRequest): Worker {
  const options = {
    workerData: request,
    transferList: [request.bytes.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: importParseLimits.memoryMb, maxYoungGenerationSizeMb: 32 },
  };
  const fromSource = import.meta.url.endsWith(".ts");
  const file = fromSource ? "./import-parse.worker.ts" : "./import-parse.worker.js";
  const url = new URL(file, import.meta.url);
  if (!fromSource) return new Worker(url, options);
  const load = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(load, { ...options, eval: true });
}

/** The first sheet of an upload, parsed off the request thread. */
export async function readSpreadsheetInWorker(bytes: Buffer, type: SpreadsheetType): Promise<StreamedSheetResult> {
  // A copy the worker owns: the upload's Buffer may share its memory with others.
  const worker = startWorker({ bytes: new Uint8Array(bytes), type });
  let failure: Error | null = null;
  // The answers asked for and not yet given, in the order the worker gives them.
  const waiting: { resolve: (m: ParseMessage) => void; reject: (e: Error) => void }[] = [];
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  worker.on("message", (message: ParseMessage) => waiting.shift()?.resolve(message));
  worker.on("error", (error: Error & { code?: string }) =>
    fail(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SpreadsheetLimitError(TOO_BIG_TO_READ) : error),
  );
  worker.on("exit", () => fail(new Error("The spreadsheet worker stopped before answering.")));
  const close = async () => {
    failure ??= new Error("The spreadsheet worker was closed.");
    await worker.terminate();
  };

  /** The worker's next answer, within the time limit. */
  const answer = (ask: boolean) =>
    new Promise<ParseMessage>((resolve, reject) => {
      if (failure) return reject(failure);
      const timer = setTimeout(() => {
        fail(new SpreadsheetLimitError(TOO_SLOW_TO_READ));
        void worker.terminate();
      }, importParseLimits.timeoutMs);
      waiting.push({
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      if (ask) worker.postMessage("next");
    });

  const opened = await answer(false).catch(async (error: Error) => {
    await worker.terminate();
    throw error;
  });
  if (opened.kind !== "opened" || !opened.ok) {
    await worker.terminate();
    return { ok: false, message: opened.kind === "opened" && !opened.ok ? opened.message : "Unexpected answer." };
  }
  return {
    ok: true,
    sheet: {
      header: opened.header,
      rowCount: opened.rowCount,
      date1904: opened.date1904,
      close,
      async *rows() {
        try {
          // The worker cuts the next chunks while this one is imported. An import that stops early
          // leaves those answers unawaited: their failure (the worker closed) is handled here.
          const asked: Promise<ParseMessage>[] = [];
          const ask = () => {
            const next = answer(true);
            next.catch(() => undefined);
            asked.push(next);
          };
          for (let i = 0; i < CHUNKS_AHEAD; i++) ask();
          for (;;) {
            const chunk = await asked.shift()!;
            if (chunk.kind !== "rows") throw new Error("The spreadsheet worker answered out of turn.");
            if (!chunk.done) ask();
            yield* chunk.rows;
            if (chunk.done) return;
          }
        } finally {
          await close();
        }
      },
    },
  };
}
