import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { resolveDatabaseUrl } from "./app/db-url";

// Prisma 6.19 with engine "js": the WASM schema engine inside the prisma package, so migrate needs
// no download. Workaround: the shadow database receives whole migration.sql files through
// executeRaw(), which better-sqlite3 runs one statement at a time; route multi-statement SQL
// through executeScript().
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

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    const factory = new PrismaBetterSQLite3({ url: resolveDatabaseUrl() });
    return {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => multiStatementSafe(await factory.connect()),
      connectToShadowDb: async () => multiStatementSafe(await factory.connectToShadowDb()),
    };
  },
});
