import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-pg/client";
import { retryBusy } from "~/db-retry";
import { isPostgresUrl, resolveDatabaseUrl } from "~/db-url";
import { pgAdapterFactory } from "~/pg-adapter";

export type Db = InstanceType<typeof PrismaClient>;
type SqliteFactory = InstanceType<typeof PrismaBetterSQLite3>;
type SqliteAdapter = Awaited<ReturnType<SqliteFactory["connect"]>>;

const databaseUrl = resolveDatabaseUrl();

/**
 * The process's database client and, on SQLite, the adapter's one connection (insertRows writes
 * through it), kept on globalThis so dev reloads neither leak nor lose them.
 */
const globalForDb = globalThis as unknown as { __db?: Db; __sqlite?: BetterSqlite3.Database };

/** Which database this process runs on (the DATABASE_URL switch). */
export const databaseProvider: "sqlite" | "postgresql" = isPostgresUrl(databaseUrl) ? "postgresql" : "sqlite";

/** The tables written many rows at a time (imports, set-based erasures). */
export type BulkTable = "Customer" | "Sale" | "SaleItem" | "AuditLog";

/**
 * One multi-row INSERT whose rows travel as a single JSON parameter, an array of arrays in column
 * order. The query engine's createMany spends about seven times longer per row, and a VALUES list
 * with one parameter per cell spends about as long on its parameters (Prisma's query compiler and
 * the driver adapter) as the database spends inserting; rows as objects repeat every name, which
 * those layers escape and copy again. Columns null in every row are left to their default; the
 * names are the tables' column names.
 */
function multiRowInsert(table: BulkTable, rows: Record<string, unknown>[]): Prisma.Sql {
  const columns = Object.keys(rows[0]!).filter(
    (c) => /^[A-Za-z]+$/.test(c) && rows.some((r) => r[c] !== null && r[c] !== undefined),
  );
  const json = `[${rows.map((r) => `[${columns.map((c) => jsonCell(r[c])).join(",")}]`).join(",")}]`;
  const insert = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")})`;
  const cells = columns.map((_, i) => `e.value->>${i}`).join(", ");
  if (databaseProvider === "postgresql") {
    // Each row as an object of texts, which json_populate_record reads with the table's own column
    // types (bigint from its digits, timestamp from ISO text, boolean from true/false).
    const select = `SELECT ${columns.map((c) => `r."${c}"`).join(", ")} FROM json_array_elements(`;
    const keys = columns.map((c) => `'${c}'`).join(", ");
    const record = `json_populate_record(NULL::"${table}", json_object(ARRAY[${keys}], ARRAY[${cells}])) AS r`;
    return new Prisma.Sql([`${insert} ${select}`, `::json) AS e, ${record}`], [json]);
  }
  // SQLite's ->> reads a JSON integer as an INTEGER (exact in 64 bits), true/false as 1/0 and a
  // string as TEXT: what Prisma stores.
  return new Prisma.Sql([`${insert} SELECT ${cells} FROM json_each(`, `) AS e`], [json]);
}

/**
 * Writes `rows` into `table` with one multi-row INSERT in the transaction `tx` (or on their own
 * with `db`), answering the `returning` columns of every written row as the driver reads them
 * (integers may be bigints). On SQLite the statement goes straight to the connection the
 * transaction holds, as Prisma's adapter would send it: on the way there Prisma's query compiler
 * copies the JSON parameter into WebAssembly and back, which cost a 30,000-row import a second
 * of its nine (docs/decisions/027-bulk-inserts-on-the-connection.md).
 */
export async function insertRows<Returned extends Record<string, unknown> = Record<string, unknown>>(
  tx: Prisma.TransactionClient,
  table: BulkTable,
  rows: Record<string, unknown>[],
  returning: readonly string[] = [],
): Promise<Returned[]> {
  if (rows.length === 0) return [];
  const insert = multiRowInsert(table, rows);
  const returned = returning.length ? ` RETURNING ${returning.map((c) => `"${c}"`).join(", ")}` : "";
  // Set only on SQLite, once the adapter has connected (tunedSqlite, below).
  const connection = globalForDb.__sqlite;
  if (connection) {
    const statement = connection.prepare(insert.sql + returned);
    if (returning.length) return statement.all(...insert.values) as Returned[];
    statement.run(...insert.values);
    return [];
  }
  const sql = Prisma.sql`${insert}${Prisma.raw(returned)}`;
  if (returning.length) return tx.$queryRaw<Returned[]>(sql);
  await tx.$executeRaw(sql);
  return [];
}

/** A cell as JSON text: a bigint as its digits (money never passes through a float), a timestamp as stored. */
function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return JSON.stringify(sqlTimestamp(value));
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return JSON.stringify(value);
  throw new TypeError(`multiRowInsert cannot store a ${typeof value}`);
}

/** A timestamp parameter of raw SQL as the column stores it (SQLite: integer milliseconds, below). */
export function sqlTimestamp(date: Date): Date | number {
  return databaseProvider === "sqlite" ? date.getTime() : date;
}

/**
 * WAL pages after which a committing connection checkpoints by itself (SQLite's default is 1,000).
 * The server's primary checkpoints every second off the request path (server/sqlite-wal.mjs, which
 * the bench's import and retention runs start too), so this only bounds the WAL (about 40 MB) where
 * no checkpointer runs: tests and scripts.
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** How long a SQLite write waits for another process's write to finish before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Several server processes share one SQLite file (docs/decisions/012-worker-processes.md). Each
 * connection: WAL (persistent in the file and set by the server's primary before it forks; a no-op
 * then, but scripts and tests that open the file on their own get it too), synchronous=NORMAL
 * (safe with WAL, much faster commits), and transactions that take the write lock when they begin.
 * The adapter begins with a plain (deferred) BEGIN: a transaction that reads, then writes after
 * another process committed, fails at once with SQLITE_BUSY whatever the busy timeout.
 * BEGIN IMMEDIATE waits for the lock (up to the busy timeout) instead.
 */
function tunedSqlite(factory: SqliteFactory): Pick<SqliteFactory, "provider" | "adapterName" | "connect"> {
  const tune = async (adapter: SqliteAdapter) => {
    await adapter.executeScript(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES};`,
    );
    const client = (adapter as unknown as { client: BetterSqlite3.Database }).client;
    globalForDb.__sqlite = client;
    const prepare = client.prepare.bind(client);
    client.prepare = (sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => tune(await factory.connect()),
  };
}

const WRITES = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);

/** Every model write and every interactive transaction goes through retryBusy. */
function withBusyRetries(client: Db): Db {
  const extended = client.$extends({
    query: {
      $allModels: {
        $allOperations({ operation, args, query }) {
          return WRITES.has(operation) ? retryBusy(() => query(args)) : query(args);
        },
      },
    },
  }) as unknown as Db;
  return new Proxy(extended, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== "$transaction" || typeof value !== "function") return value;
      // Only the callback form can be run again: a batch's queries are promises already made.
      return (...args: unknown[]) =>
        typeof args[0] === "function"
          ? retryBusy(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args))
          : (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
    },
  });
}

function createClient(): Db {
  if (databaseProvider === "postgresql") {
    // The PostgreSQL client is generated from the derived schema (same models, same API), so the
    // services use one type for both.
    return new PostgresPrismaClient({ adapter: pgAdapterFactory(databaseUrl) }) as unknown as Db;
  }
  const adapter = new PrismaBetterSQLite3(
    { url: databaseUrl, timeout: BUSY_TIMEOUT_MS },
    // Integer milliseconds: compact, and date ranges compare as numbers in the indexes.
    { timestampFormat: "unixepoch-ms" },
  );
  return withBusyRetries(new PrismaClient({ adapter: tunedSqlite(adapter) }));
}

/** The one database client of the process. */
export const db: Db = (globalForDb.__db ??= createClient());
