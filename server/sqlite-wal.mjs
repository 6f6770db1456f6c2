// Start-up work for SQLite, done once by the primary before the workers open the file: WAL mode
// lets readers go on while another process writes, and it is stored in the file, so setting it here
// once serves every later connection; and the query planner's statistics are brought up to date
// (then daily), as SQLite's documentation advises for long-lived applications. Connection settings
// are in app/db/db.server.ts.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Worker } from "node:worker_threads";

/**
 * The SQLite file DATABASE_URL names (the same default and resolution as app/db/database-url.server.ts), else null.
 * @param {{ DATABASE_URL?: string }} [env]
 */
export function sqliteFile(env = process.env) {
  const url = env.DATABASE_URL || "file:./data/crm.db";
  return url.startsWith("file:") ? resolve(url.slice("file:".length)) : null;
}

/** How often the primary refreshes the planner's statistics after the start (SQLite advises every few hours to daily). */
export const OPTIMIZE_INTERVAL_MS = 24 * 60 * 60_000;

function withFile(file, work) {
  const sqlite = new Database(file, { timeout: 10_000 });
  try {
    work(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * WAL mode, then `PRAGMA optimize=0x10002`: ANALYZE every table whose statistics are missing or
 * stale (a bulk-loaded or imported book has none, and the planner then guesses its index choices),
 * with SQLite's analysis limit keeping it to a moment.
 * @param {{ DATABASE_URL?: string }} [env]
 */
export function prepareSqlite(env = process.env) {
  const file = sqliteFile(env);
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  withFile(file, (sqlite) => {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("optimize = 0x10002");
  });
}

/** The primary's daily `PRAGMA optimize`, which re-analyses only the tables that changed enough. */
export function startDailyOptimize(env = process.env) {
  const file = sqliteFile(env);
  if (!file) return;
  setInterval(() => withFile(file, (sqlite) => sqlite.pragma("optimize")), OPTIMIZE_INTERVAL_MS).unref();
}

/**
 * How often the primary copies committed pages from the WAL into the database file. An import
 * commits a batch about every 100 ms; checkpointing once a second left the WAL past the connections'
 * threshold every few batches, and the COMMIT that crossed it checkpointed in the import's path
 * (docs/decisions/012-worker-processes.md). With nothing new in the WAL a checkpoint only reads its header.
 */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * Checkpoints in the background, from the primary, so no request pays for one
 * (docs/decisions/012-worker-processes.md): a connection that commits past SQLite's automatic
 * threshold otherwise checkpoints inside its COMMIT, flushing the WAL and the file to disk while it
 * holds the write lock. PASSIVE never waits for readers or writers; the app's connections keep a
 * much higher automatic threshold (app/db/db.server.ts) only as a backstop. The loop runs in a thread
 * (server/sqlite-checkpointer.mjs), off the primary's event loop. Answers a stop function.
 */
export function startCheckpointer(env = process.env, intervalMs = CHECKPOINT_INTERVAL_MS) {
  const file = sqliteFile(env);
  if (!file) return async () => {};
  const thread = new Worker(new URL("./sqlite-checkpointer.mjs", import.meta.url), {
    workerData: { file, intervalMs },
  });
  thread.unref();
  return async () => {
    await thread.terminate();
  };
}
