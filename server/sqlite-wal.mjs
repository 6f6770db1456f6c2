// Start-up work for SQLite, done once by the primary before the workers open the file: WAL mode
// lets readers go on while another process writes, and it is stored in the file, so setting it here
// once serves every later connection. Connection settings are in app/db.server.ts.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The SQLite file DATABASE_URL names (the same default and resolution as app/db-url.ts), else null. */
export function sqliteFile(env = process.env) {
  const url = env.DATABASE_URL || "file:./data/crm.db";
  return url.startsWith("file:") ? resolve(url.slice("file:".length)) : null;
}

export function enableWal(env = process.env) {
  const file = sqliteFile(env);
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file, { timeout: 10_000 });
  try {
    sqlite.pragma("journal_mode = WAL");
  } finally {
    sqlite.close();
  }
}
