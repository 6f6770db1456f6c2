// Shared by the operator commands (seed, backup, authenticator reset): which database they act on,
// and a plain message with exit code 1 (no stack trace) when it is not there yet.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import "./runtime-env.mjs";

export const databaseUrl = process.env.DATABASE_URL || "file:./data/crm.db";

/** The SQLite file DATABASE_URL names (relative to the project root), or null for PostgreSQL. */
export function sqliteFile(url = databaseUrl) {
  return url.startsWith("file:") ? resolve(url.slice("file:".length)) : null;
}

export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Stops with `message` when the SQLite database has not been created yet (PostgreSQL: always there). */
export function requireExistingDatabase(message) {
  const file = sqliteFile();
  if (file && !existsSync(file)) fail(`No database at ${file} yet: ${message}`);
}

/** Creates the database when missing and applies pending migrations, as `npm start` does. */
export function migrateDatabase() {
  try {
    execFileSync(join("node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  } catch (error) {
    const output = `${error.stdout ?? ""}${error.stderr ?? ""}`.trim();
    fail(`Could not migrate the database (${databaseUrl}):\n${output || error.message}`);
  }
}
