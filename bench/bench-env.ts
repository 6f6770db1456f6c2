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

/** A small seeded PRNG (mulberry32): the same seed gives the same data set. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
