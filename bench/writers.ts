// Bulk writers for the bench data set. Prisma's createMany spends most of its time building
// queries for a million rows; the bench data goes straight through the drivers instead, in
// transactions, with the same column values the app writes (integer ms timestamps on SQLite).
import Database from "better-sqlite3";
import pg from "pg";

export type Row = Record<string, string | number | bigint | boolean | Date | null>;
export type BulkWriter = { insert(table: string, rows: Row[]): Promise<void>; close(): Promise<void> };

/**
 * bulkLoad: a fresh bench file is written without a journal. It is not analysed here: the app brings
 * the planner's statistics up to date when it starts (server/sqlite-wal.mjs), and the bench does the same.
 */
export function sqliteWriter(file: string, { bulkLoad }: { bulkLoad: boolean }): BulkWriter {
  const sqlite = new Database(file);
  if (bulkLoad) {
    sqlite.pragma("journal_mode = OFF");
    sqlite.pragma("synchronous = OFF");
  }
  const statements = new Map<string, Database.Statement>();
  const toSqlite = (v: Row[string]) => (v instanceof Date ? v.getTime() : typeof v === "boolean" ? Number(v) : v);
  return {
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(rows[0]!);
      const key = `${table}:${columns.join(",")}`;
      let statement = statements.get(key);
      if (!statement) {
        statement = sqlite.prepare(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES (${columns.map(() => "?").join(",")})`,
        );
        statements.set(key, statement);
      }
      const run = statement;
      sqlite.transaction(() => {
        for (const row of rows) run.run(columns.map((c) => toSqlite(row[c]!)));
      })();
    },
    async close() {
      if (bulkLoad) {
        sqlite.pragma("journal_mode = WAL");
      }
      sqlite.close();
    },
  };
}

export async function postgresWriter(url: string, { bulkLoad }: { bulkLoad: boolean }): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const toPg = (v: Row[string]) => (typeof v === "bigint" ? v.toString() : v);
  return {
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(rows[0]!);
      // PostgreSQL takes at most 65,535 parameters per statement.
      const perStatement = Math.floor(60_000 / columns.length);
      await client.query("BEGIN");
      for (let i = 0; i < rows.length; i += perStatement) {
        const batch = rows.slice(i, i + perStatement);
        const values: unknown[] = [];
        const tuples = batch.map((row) => `(${columns.map((c) => `$${values.push(toPg(row[c]!))}`).join(",")})`);
        await client.query(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES ${tuples.join(",")}`,
          values,
        );
      }
      await client.query("COMMIT");
    },
    async close() {
      if (!bulkLoad) return client.end();
      // Autoincrement sequences must continue after the explicit ids.
      await client.query(
        `SELECT setval(pg_get_serial_sequence('"Customer"', 'id'), (SELECT COALESCE(MAX(id), 1) FROM "Customer"))`,
      );
      for (const table of ["Sale", "SaleItem", "Job", "JobItem", "JobPayment", "JobStatusChange"])
        await client.query(
          `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT COALESCE(MAX(id), 1) FROM "${table}"))`,
        );
      // No ANALYZE of our own: the app leaves statistics to PostgreSQL's autovacuum, so the bench waits
      // for it to analyse the bulk-loaded tables (it wakes every minute) as production would.
      for (let waited = 0; waited < 5 * 60; waited += 5) {
        const { rows } = await client.query<{ pending: number }>(
          `SELECT count(*)::int AS pending FROM pg_stat_user_tables
           WHERE relname IN ('Customer', 'Sale', 'SaleItem') AND last_autoanalyze IS NULL AND last_analyze IS NULL`,
        );
        if (rows[0]?.pending === 0) break;
        await new Promise((done) => setTimeout(done, 5_000));
      }
      await client.end();
    },
  };
}
