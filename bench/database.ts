// Prepares the bench database (SQLite file under bench/data, or a PostgreSQL database) and points
// DATABASE_URL at it before any app module opens a connection.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import pg from "pg";
import { BENCH_SQLITE_FILE } from "./bench-env";

export async function benchDatabaseUrl(kind: "sqlite" | "postgres", { fresh }: { fresh: boolean }): Promise<string> {
  if (kind === "sqlite") {
    mkdirSync("bench/data", { recursive: true });
    if (fresh) for (const s of ["", "-wal", "-shm"]) rmSync(BENCH_SQLITE_FILE + s, { force: true });
    return `file:${BENCH_SQLITE_FILE}`;
  }
  let server = process.env.BENCH_PG_URL;
  if (!server) {
    const { startPostgres } = await import("../scripts/postgres-local.mjs");
    server = startPostgres({ bench: true, keepData: !fresh });
  }
  if (fresh) {
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS crm_bench WITH (FORCE)");
    await admin.query("CREATE DATABASE crm_bench");
    await admin.end();
  }
  return `${server}/crm_bench`;
}

export function migrate(databaseUrl: string) {
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "pipe" });
}

export function sqliteBenchExists(): boolean {
  return existsSync(BENCH_SQLITE_FILE);
}
