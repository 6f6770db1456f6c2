import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-pg/client";
import { isPostgresUrl, resolveDatabaseUrl } from "~/db-url";
import { pgAdapterFactory } from "~/pg-adapter";

export type Db = InstanceType<typeof PrismaClient>;

const databaseUrl = resolveDatabaseUrl();

/** Which database this process runs on (the DATABASE_URL switch). */
export const databaseProvider: "sqlite" | "postgresql" = isPostgresUrl(databaseUrl) ? "postgresql" : "sqlite";

function createClient(): Db {
  if (databaseProvider === "postgresql") {
    // The PostgreSQL client is generated from the derived schema (same models, same API), so the
    // services use one type for both.
    return new PostgresPrismaClient({ adapter: pgAdapterFactory(databaseUrl) }) as unknown as Db;
  }
  const adapter = new PrismaBetterSQLite3(
    // Wait for a busy writer (a concurrent import) instead of failing at once.
    { url: databaseUrl, timeout: 10_000 },
    // Integer milliseconds: compact, and date ranges compare as numbers in the indexes.
    { timestampFormat: "unixepoch-ms" },
  );
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { __db?: Db; __dbReady?: Promise<void> };

/** The one database client of the process (kept on globalThis so dev reloads do not leak it). */
export const db: Db = (globalForDb.__db ??= createClient());

/**
 * SQLite tuning applied once per process: WAL lets readers go on while an import writes.
 * Awaited by the first guard of each request, so it costs nothing after the first.
 */
export function dbReady(): Promise<void> {
  return (globalForDb.__dbReady ??= (async () => {
    if (databaseProvider !== "sqlite") return;
    await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  })());
}
