// The checkpoint loop of startCheckpointer (server/sqlite-wal.mjs), in a thread of its own: a
// checkpoint copies pages and flushes to disk synchronously, and the primary's own thread hands
// every new connection to a worker.
import Database from "better-sqlite3";
import { workerData } from "node:worker_threads";

const { file, intervalMs } = workerData;
const sqlite = new Database(file, { timeout: 10_000 });
const checkpoint = sqlite.prepare("PRAGMA wal_checkpoint(PASSIVE)");
setInterval(() => {
  try {
    checkpoint.run();
  } catch (error) {
    // The next tick tries again; the connections' own threshold still bounds the WAL.
    console.error("WAL checkpoint failed:", error instanceof Error ? error.message : error);
  }
}, intervalMs);
