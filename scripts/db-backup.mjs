// `npm run db:backup [-- DIR]`: a consistent copy of the live database while the app runs.
// SQLite: the online backup API (pages are copied under a read transaction, writers carry on).
// PostgreSQL: pg_dump in custom format (restore with pg_restore). Default folder: ./backups.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import "./runtime-env.mjs";

const url = process.env.DATABASE_URL || "file:./data/crm.db";
const dir = resolve(process.argv[2] || "backups");
mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);

if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
  const file = join(dir, `crm-${stamp}.dump`);
  execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, url], { stdio: "inherit" });
  console.log(`Backed up PostgreSQL to ${file} (restore: pg_restore --clean --no-owner -d <url> ${file})`);
} else {
  const source = new Database(resolve(url.slice("file:".length)), { readonly: true, fileMustExist: true });
  const file = join(dir, `crm-${stamp}.db`);
  await source.backup(file);
  source.close();
  console.log(`Backed up SQLite to ${file} (restore: stop the app, copy it over the database file, start the app)`);
}
