// Shared by the bench scripts: which database the bench uses. Never the app's own database.
import { resolve } from "node:path";

export const BENCH_SQLITE_FILE = resolve("bench/data/bench.db");

/** --db postgres selects PostgreSQL (BENCH_PG_URL, or a throwaway local cluster); default SQLite. */
export function benchDbKind(argv: string[] = process.argv): "sqlite" | "postgres" {
  const i = argv.indexOf("--db");
  return i >= 0 && argv[i + 1] === "postgres" ? "postgres" : "sqlite";
}

export function argNumber(name: string, fallback: number, argv: string[] = process.argv): number {
  const i = argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(argv[i + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
