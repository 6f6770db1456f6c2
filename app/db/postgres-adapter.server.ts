import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";

/**
 * pg connection settings from a postgresql:// URL. Each app instance keeps a small pool; several
 * instances share one database (the scale-out setup), so the pool size is configurable.
 */
export function pgConfig(url: string): pg.PoolConfig {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    database: u.pathname.slice(1),
    max: Number(process.env.PG_POOL_SIZE || 10),
  };
}

export function pgAdapterFactory(url: string): PrismaPg {
  return new PrismaPg(pgConfig(url));
}
