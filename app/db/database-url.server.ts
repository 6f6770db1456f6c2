import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The default database: a SQLite file under ./data (git-ignored). */
export const DEFAULT_DATABASE_URL = "file:./data/crm.db";

/** One switch (docs/decisions/006): a postgresql:// URL selects PostgreSQL, file: selects SQLite. */
export function isPostgresUrl(url: string): boolean {
  return url.startsWith("postgresql://") || url.startsWith("postgres://");
}

/**
 * DATABASE_URL, with a relative SQLite path resolved against the working directory (the project
 * root for every npm script) and its folder created, so a fresh clone starts with nothing set.
 */
export function resolveDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (!url.startsWith("file:")) return url;
  const file = resolve(url.slice("file:".length));
  mkdirSync(dirname(file), { recursive: true });
  return `file:${file}`;
}
