// `npm run db:backup [-- DIR]`: a consistent copy of the live database while the app runs.
// SQLite: the online backup API (pages are copied under a read transaction, writers carry on).
// PostgreSQL: pg_dump in custom format (restore with pg_restore). Default folder: ./backups.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { databaseUrl, fail, requireExistingDatabase, sqliteFile } from "./operator-db.mjs";

requireExistingDatabase("nothing to back up (`npm start` creates it).");
const dir = resolve(process.argv[2] || "backups");
mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const source = sqliteFile();

if (!source) {
  const file = join(dir, `crm-${stamp}.dump`);
  try {
    execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, databaseUrl], { stdio: "inherit" });
  } catch {
    fail("pg_dump failed (message above); no backup was written.");
  }
  console.log(`Backed up PostgreSQL to ${file} (restore: pg_restore --clean --no-owner -d <url> ${file})`);
} else {
  const file = join(dir, `crm-${stamp}.db`);
  try {
    const database = new Database(source, { readonly: true, fileMustExist: true });
    await database.backup(file);
    database.close();
  } catch (error) {
    fail(`Could not back up ${source}: ${error.message}`);
  }
  console.log(`Backed up SQLite to ${file} (restore: stop the app, copy it over the database file, start the app)`);
}
