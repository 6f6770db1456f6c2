// `npm run test:pg`: the integration suite and the two-instance test against a real PostgreSQL
// (a private throwaway cluster on 127.0.0.1; Debian's postgresql is installed first when missing).
import { execFileSync } from "node:child_process";
import pg from "pg";
import { buildIfStale } from "./build-if-stale.mjs";
import { startPostgres, stopPostgres } from "./postgres-local.mjs";

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  execFileSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
}

// `npm run test:pg -- FILE...` runs only those integration files (and not the two-instance test).
const files = process.argv.slice(2);
const server = startPostgres();
try {
  step("Integration tests on PostgreSQL", "node_modules/.bin/vitest", ["run", "--project", "integration", ...files], {
    TEST_PG_URL: server,
  });
  if (files.length === 0) {
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    await admin.query("CREATE DATABASE crm_instances");
    await admin.end();
    const databaseUrl = `${server}/crm_instances`;
    step("Migrations on PostgreSQL", "node_modules/.bin/prisma", ["migrate", "deploy"], { DATABASE_URL: databaseUrl });
    // The build npm test made is reused when no source is newer.
    if (buildIfStale()) console.log("(built the app for the two-instance test)");
    step(
      "Two app instances on one PostgreSQL database",
      "node_modules/.bin/vitest",
      ["run", "--project", "multi-instance"],
      {
        DATABASE_URL: databaseUrl,
        ENCRYPTION_KEY: "two-instance-test-key-not-for-production",
      },
    );
  }
} catch {
  process.exitCode = 1;
} finally {
  stopPostgres();
}
