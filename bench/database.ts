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
  const server = await benchServer({ keepData: !fresh });
  if (fresh) {
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS crm_bench WITH (FORCE)");
    await admin.query("CREATE DATABASE crm_bench");
    await admin.end();
  }
  return `${server}/crm_bench`;
}

let startedServer: string | null = null;

/** BENCH_PG_URL, or a local cluster under bench/data/pg (started once per process). */
async function benchServer({ keepData }: { keepData: boolean }): Promise<string> {
  if (process.env.BENCH_PG_URL) return process.env.BENCH_PG_URL;
  if (!startedServer) {
    const { startPostgres } = await import("../scripts/postgres-local.mjs");
    startedServer = startPostgres({ bench: true, keepData });
  }
  return startedServer;
}

export function migrate(databaseUrl: string) {
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "pipe",
  });
}

/** Whether a generated data set is already there (the SQLite file, or the PostgreSQL database). */
export async function benchDataExists(kind: "sqlite" | "postgres"): Promise<boolean> {
  if (kind === "sqlite") return existsSync(BENCH_SQLITE_FILE);
  const server = await benchServer({ keepData: true });
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'crm_bench'");
  await admin.end();
  return rowCount === 1;
}
