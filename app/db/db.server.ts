import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-pg/client";
import { retryBusy } from "~/db/busy-retry.server";
import { isPostgresUrl, resolveDatabaseUrl } from "~/db/database-url.server";
import { pgAdapterFactory } from "~/db/postgres-adapter.server";
import { FIRST_LINEAGE, nextLineage, versionOf, type Lineage, type PostgresState } from "~/db/postgres-version";

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
export type BulkTable = "Customer" | "Sale" | "SaleItem" | "SalePayment" | "CashTransaction" | "AuditLog";

/** The columns a batch writes: those set in some row (the rest keep their default), by their table names. */
function insertColumns(rows: Record<string, unknown>[]): string[] {
  return Object.keys(rows[0]!).filter(
    (c) => /^[A-Za-z]+$/.test(c) && rows.some((r) => r[c] !== null && r[c] !== undefined),
  );
}

function insertInto(table: BulkTable, columns: string[]): string {
  return `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")})`;
}

/**
 * PostgreSQL's multi-row INSERT: the rows travel as a single JSON parameter, an array of arrays in
 * column order. The query engine's createMany spends about seven times longer per row, and a VALUES
 * list with one parameter per cell spends about as long on its parameters (Prisma's query compiler
 * and the driver adapter) as the database spends inserting. Each row becomes an object of texts,
 * which json_populate_record reads with the table's own column types (bigint from its digits,
 * timestamp from ISO text, boolean from true/false).
 */
function postgresInsert(table: BulkTable, rows: Record<string, unknown>[], returning: readonly string[]): Prisma.Sql {
  const columns = insertColumns(rows);
  const json = `[${rows.map((r) => `[${columns.map((c) => jsonCell(r[c])).join(",")}]`).join(",")}]`;
  const insert = insertInto(table, columns);
  const cells = columns.map((_, i) => `e.value->>${i}`).join(", ");
  const select = `SELECT ${columns.map((c) => `r."${c}"`).join(", ")} FROM json_array_elements(`;
  const keys = columns.map((c) => `'${c}'`).join(", ");
  const record = `json_populate_record(NULL::"${table}", json_object(ARRAY[${keys}], ARRAY[${cells}])) AS r`;
  const returned = returning.length ? ` RETURNING ${returning.map((c) => `"${c}"`).join(", ")}` : "";
  return new Prisma.Sql([`${insert} ${select}`, `::json) AS e, ${record}${returned}`], [json]);
}

/**
 * Writes `rows` into `table` in the transaction `tx` (or on their own with `db`), answering the
 * `returning` columns of every written row.
 *
 * On SQLite each row is one run of a single prepared INSERT on the connection the transaction
 * holds, as Prisma's adapter would send it. Rows come back in their order: an `id` not written is
 * the rowid SQLite assigned, every other returned column the value written. A multi-row INSERT cost more:
 * its JSON parameter was built and read again cell by cell, and `RETURNING` row by row cost five
 * times the INSERT (docs/decisions/029-sqlite-bulk-inserts-row-by-row.md). On PostgreSQL it is
 * one multi-row INSERT through `tx` (postgresInsert), whose RETURNING promises no order.
 */
export async function insertRows<Returned extends Record<string, unknown> = Record<string, unknown>>(
  tx: Prisma.TransactionClient,
  table: BulkTable,
  rows: Record<string, unknown>[],
  returning: readonly string[] = [],
): Promise<Returned[]> {
  if (rows.length === 0) return [];
  // Set only on SQLite, once the adapter has connected (tunedSqlite, below).
  const connection = globalForDb.__sqlite;
  if (connection) {
    const columns = insertColumns(rows);
    const statement = connection.prepare(`${insertInto(table, columns)} VALUES (${columns.map(() => "?").join(", ")})`);
    // All or none: a savepoint inside the caller's transaction, a transaction of its own without one.
    const written = connection.transaction(() =>
      rows.map((row) => {
        const cells = columns.map((c) => sqliteCell(row[c]));
        return { cells, id: statement.run(cells).lastInsertRowid };
      }),
    )();
    if (returning.length === 0) return [];
    const at = returning.map((name) => {
      const i = columns.indexOf(name);
      if (i < 0 && name !== "id") throw new TypeError(`insertRows returns only written columns and id, not ${name}`);
      return i;
    });
    return written.map(
      ({ cells, id }) =>
        Object.fromEntries(returning.map((name, i) => [name, at[i]! < 0 ? id : cells[at[i]!]])) as Returned,
    );
  }
  const sql = postgresInsert(table, rows, returning);
  if (returning.length) return tx.$queryRaw<Returned[]>(sql);
  await tx.$executeRaw(sql);
  return [];
}

const asRead = (cell: unknown) => cell;

/** How a declared column type comes back, as Prisma's raw queries give it. */
function sqliteReader(declared: string | null): (cell: unknown) => unknown {
  switch (declared?.toUpperCase()) {
    case "DATETIME":
      return (cell) => (cell === null ? null : new Date(Number(cell)));
    case "BOOLEAN":
      return (cell) => (cell === null ? null : cell !== 0n);
    case "INTEGER":
      return (cell) => (cell === null ? null : Number(cell));
    default:
      // Text, a BIGINT column and an expression's integer (a count, a sum) as read: money in fils
      // stays an exact bigint, as Prisma gives it.
      return asRead;
  }
}

type ReadStatement = { statement: BetterSqlite3.Statement; readers: ((cell: unknown) => unknown)[]; names: string[] };

/** Each connection's prepared reads by their SQL: the same few queries serve every page. */
const readStatementsOf = new WeakMap<BetterSqlite3.Database, Map<string, ReadStatement>>();
const MAX_READ_STATEMENTS = 200;

function readStatement(connection: BetterSqlite3.Database, sql: string): ReadStatement {
  let readStatements = readStatementsOf.get(connection);
  if (!readStatements) readStatementsOf.set(connection, (readStatements = new Map<string, ReadStatement>()));
  let read = readStatements.get(sql);
  if (!read) {
    const statement = connection.prepare(sql).safeIntegers(true).raw(true);
    const columns = statement.columns();
    read = {
      statement,
      names: columns.map((c) => c.name),
      readers: columns.map((c) => sqliteReader(c.type)),
    };
    if (readStatements.size >= MAX_READ_STATEMENTS) readStatements.clear();
    readStatements.set(sql, read);
  }
  return read;
}

/**
 * The rows of a raw SELECT, typed as `db.$queryRaw` types them: a timestamp as a Date, an INTEGER
 * column as a number, a BIGINT column and an expression's integer (a count) as a bigint. On SQLite it runs on the adapter's
 * connection, a statement prepared once: for the client book's 500 rows Prisma's raw path spent
 * about 6 ms on parameters and on converting each of 9,000 cells, the driver 2 ms
 * (docs/decisions/032-hot-reads-on-the-connection.md). On PostgreSQL it is `$queryRaw`.
 */
export async function readRows<Row>(query: Prisma.Sql): Promise<Row[]> {
  const connection = globalForDb.__sqlite;
  if (!connection) return db.$queryRaw<Row[]>(query);
  const { statement, names, readers } = readStatement(connection, query.sql);
  const rows = statement.all(...query.values.map(sqliteCell)) as unknown[][];
  return rows.map((cells) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = readers[i]!(cells[i]);
    return row as Row;
  });
}

/** A cell as SQLite stores what Prisma writes: a timestamp as sqlTimestamp gives it, a boolean as 0/1. */
function sqliteCell(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return sqlTimestamp(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** A cell as JSON text: a bigint as its digits (money never passes through a float), a timestamp as stored. */
function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return JSON.stringify(value);
  throw new TypeError(`insertRows cannot store a ${typeof value}`);
}

/**
 * `IN (…)` over texts given as one JSON parameter, for raw SQL. Prisma's `in` sends a parameter per
 * value, which its query compiler handles one by one (2,000 mobiles: 25 ms, under 2 of them
 * SQLite's), and SQLite caps a statement at 999 parameters.
 */
export function inTexts(values: readonly string[]): Prisma.Sql {
  const json = JSON.stringify(values);
  return databaseProvider === "postgresql"
    ? Prisma.sql`(SELECT json_array_elements_text(${json}::json))`
    : Prisma.sql`(SELECT value FROM json_each(${json}))`;
}

/** `IN (…)` over integer ids given as one JSON parameter, for raw SQL: as inTexts, for ids. */
export function inInts(values: readonly number[]): Prisma.Sql {
  const json = JSON.stringify(values);
  return databaseProvider === "postgresql"
    ? Prisma.sql`(SELECT json_array_elements_text(${json}::json)::int)`
    : Prisma.sql`(SELECT value FROM json_each(${json}))`;
}

/** A timestamp parameter of raw SQL as the column stores it (SQLite: integer milliseconds, below). */
export function sqlTimestamp(date: Date): Date | number {
  return databaseProvider === "sqlite" ? date.getTime() : date;
}

/**
 * WAL pages after which a committing connection checkpoints by itself (SQLite's default is 1,000).
 * The server's primary checkpoints every CHECKPOINT_INTERVAL_MS off the request path
 * (server/sqlite-wal.mjs, which the bench's import and retention runs start too), so this only
 * bounds the WAL (about 40 MB) where no checkpointer runs: tests and scripts.
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * Each connection's page cache, in KiB (SQLite's default is 2,000). An import commits 2,000 clients
 * at a time into eighteen indexes, and a commit keeps the connection's cached pages for the next
 * batch: the bench's 100,000-row .csv took 7.9–8.7 s with the default cache and 6.8–7.6 s with this
 * one, while one transaction of the same rows (the import's floor) took 2.1 s with either. The cache
 * fills only as far as a connection reads.
 */
const PAGE_CACHE_KIB = 32_000;

/** How long a SQLite write waits for another process's write to finish before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Several server processes share one SQLite file (docs/decisions/012-worker-processes.md). Each
 * connection: WAL (persistent in the file and set by the server's primary before it forks; a no-op
 * then, but scripts and tests that open the file on their own get it too), synchronous=NORMAL
 * (safe with WAL, much faster commits), a bigger page cache (PAGE_CACHE_KIB), and transactions that
 * take the write lock when they begin. The adapter begins with a plain (deferred) BEGIN: a
 * transaction that reads, then writes after another process committed, fails at once with
 * SQLITE_BUSY whatever the busy timeout. BEGIN IMMEDIATE waits for the lock (up to the busy timeout)
 * instead.
 */
function tunedSqlite(factory: SqliteFactory): Pick<SqliteFactory, "provider" | "adapterName" | "connect"> {
  const tune = async (adapter: SqliteAdapter) => {
    await adapter.executeScript(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}; PRAGMA cache_size = -${PAGE_CACHE_KIB};`,
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

/** The snapshot query the callers of this turn share, not yet sent. */
let pendingSnapshot: Promise<string | null> | null = null;
/** The kept reads' lineage on PostgreSQL: a restore, failover or other server starts a new one. */
let lineage: Lineage = FIRST_LINEAGE;
/** Whether this role may read the cluster's identity (pg_control_*); asked until refused once. */
let identityReadable = true;

/** The snapshot, and the cluster's system identifier and timeline where the role may read them. */
async function postgresState(): Promise<PostgresState | null> {
  if (identityReadable) {
    const rows = await db.$queryRaw<{ snapshot: string; system: string; timeline: string }[]>`
      SELECT pg_current_snapshot()::text AS "snapshot", s.system_identifier::text AS "system",
        c.timeline_id::text AS "timeline"
      FROM pg_control_system() s, pg_control_checkpoint() c`.catch(() => null);
    if (rows?.[0]) return rows[0];
    identityReadable = false;
  }
  const rows = await db.$queryRaw<{ snapshot: string }[]>`SELECT pg_current_snapshot()::text AS "snapshot"`.catch(
    () => [],
  );
  return rows[0] ? { snapshot: rows[0].snapshot, system: null, timeline: null } : null;
}

/**
 * PostgreSQL's current snapshot as a version, asked once for every caller of the same turn of the event
 * loop (a page's kept reads ask together): the query is sent after all of them asked, so its
 * snapshot is no older than any of theirs. A caller of a later turn asks again. Unknown is no
 * keeping: the read then answers, or fails, as it would have without a version. The version carries
 * the lineage (app/db/postgres-version.ts), so nothing kept survives a restore or a failover.
 */
function postgresSnapshot(): Promise<string | null> {
  pendingSnapshot ??= Promise.resolve().then(async () => {
    pendingSnapshot = null;
    const floor = lineage.highestXmax;
    const state = await postgresState();
    if (!state) return null;
    lineage = nextLineage(lineage, state, floor);
    return versionOf(lineage, state);
  });
  return pendingSnapshot;
}

/**
 * A token that changes whenever anything is written to the database, in this process or another
 * (docs/decisions/031-read-until-written.md):
 * - SQLite: its data_version (bumped by every commit of another connection, in this process or
 *   another worker) with the writes of this process's own connection. Null before the connection
 *   opens, and while a transaction is open on it (its rows are not committed yet).
 * - PostgreSQL: the current snapshot (xmin:xmax:in-progress ids), which changes when any writing
 *   transaction ends and is the same for two statements that see the same committed rows. Reads run
 *   on other connections than an open transaction's, so they never see its rows. Transaction ids can
 *   repeat after a restore or a failover: the version's lineage changes then (postgres-version.ts).
 */
export async function databaseVersion(): Promise<string | null> {
  if (databaseProvider === "postgresql") return postgresSnapshot();
  const connection = globalForDb.__sqlite;
  if (!connection || connection.inTransaction) return null;
  const { statement } = readStatement(connection, "SELECT data_version, total_changes() FROM pragma_data_version");
  return (statement.get() as [bigint, bigint]).join(":");
}
