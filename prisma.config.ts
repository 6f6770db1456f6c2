import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { isPostgresUrl, resolveDatabaseUrl } from "./app/db/database-url.server";
import { pgConfig } from "./app/db/postgres-adapter.server";

// Prisma 6.19 with engine "js": the WASM schema engine inside the prisma package, so migrate needs
// no download. The DATABASE_URL picks the provider: SQLite (prisma/schema.prisma, the source of
// truth) or PostgreSQL (prisma/postgres/, derived by scripts/derive-postgres.mjs).
const url = resolveDatabaseUrl();
const postgres = isPostgresUrl(url);

// SQLite workaround: the shadow database receives whole migration.sql files through executeRaw(),
// which better-sqlite3 runs one statement at a time; route multi-statement SQL through executeScript().
type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
function multiStatementSafe(adapter: Adapter): Adapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    if (query.args.length === 0 && /;\s*\S/.test(query.sql.replace(/--[^\n]*/g, ""))) {
      await adapter.executeScript(query.sql);
      return 0;
    }
    return executeRaw(query);
  };
  return adapter;
}

function sqliteAdapter(): SqlMigrationAwareDriverAdapterFactory {
  const factory = new PrismaBetterSQLite3({ url });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => multiStatementSafe(await factory.connect()),
    connectToShadowDb: async () => multiStatementSafe(await factory.connectToShadowDb()),
  };
}

// PostgreSQL workarounds for the JS schema engine: catalog queries return Postgres-internal column
// types (name, "char", ...) the adapter cannot map, so they are reported as text / text[].
function postgresAdapter(): SqlMigrationAwareDriverAdapterFactory {
  const asText: Record<number, number> = { 18: 25, 19: 25, 22: 25, 30: 25, 194: 25, 1002: 1009, 1003: 1009 };
  const Query = (
    pg as unknown as {
      Query: { prototype: { handleRowDescription: (msg: { fields: { dataTypeID: number }[] }) => unknown } };
    }
  ).Query;
  const handleRowDescription = Query.prototype.handleRowDescription;
  Query.prototype.handleRowDescription = function (this: unknown, msg) {
    for (const f of msg.fields) f.dataTypeID = asText[f.dataTypeID] ?? f.dataTypeID;
    return handleRowDescription.call(this, msg);
  };
  const base = pgConfig(url);
  const factory = new PrismaPg(base);
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => factory.connect(),
    // The stock shadow database is dropped while its own pool is still connected: manage it here.
    async connectToShadowDb() {
      const admin = await factory.connect();
      const name = `prisma_shadow_${globalThis.crypto.randomUUID().replace(/-/g, "")}`;
      await admin.executeScript(`CREATE DATABASE "${name}"`);
      const shadow = await new PrismaPg({ ...base, database: name }).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await admin.executeScript(`DROP DATABASE IF EXISTS "${name}"`);
        await admin.dispose();
      };
      return shadow;
    },
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma",
  migrations: { path: postgres ? "prisma/postgres/migrations" : "prisma/migrations" },
  adapter: async () => (postgres ? postgresAdapter() : sqliteAdapter()),
});
