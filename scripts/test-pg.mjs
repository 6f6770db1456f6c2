// `npm run test:pg`: the integration suite and the two-instance test against a real PostgreSQL
// (a private throwaway cluster on 127.0.0.1; Debian's postgresql is installed first when missing).
// The two run side by side, each on its own databases: the two-instance test mostly waits on its
// servers, so beside the integration suite it costs CI little of its minute (docs/testing.md).
import pg from "pg";
import { buildIfStale } from "./build-if-stale.mjs";
import { startPostgres, stopPostgres } from "./postgres-local.mjs";
import { allOf, step } from "./steps.mjs";

const bin = (name) => `node_modules/.bin/${name}`;

async function twoInstances(server) {
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE crm_instances");
  await admin.end();
  const databaseUrl = `${server}/crm_instances`;
  await step("Migrations on PostgreSQL", bin("prisma"), ["migrate", "deploy"], { env: { DATABASE_URL: databaseUrl } });
  await step("Two app instances on one PostgreSQL database", bin("vitest"), ["run", "--project", "multi-instance"], {
    env: { DATABASE_URL: databaseUrl, ENCRYPTION_KEY: "two-instance-test-key-not-for-production" },
  });
}

// `npm run test:pg -- FILE...` runs only those integration files (and not the two-instance test).
const files = process.argv.slice(2);
// Built before the lines start (a synchronous build would stall the integration step's output); the build
// npm test made is reused when no source is newer.
if (files.length === 0 && buildIfStale()) console.log("(built the app for the two-instance test)");
const server = startPostgres();
try {
  const integration = step(
    "Integration tests on PostgreSQL",
    bin("vitest"),
    ["run", "--project", "integration", ...files],
    {
      env: { TEST_PG_URL: server },
    },
  );
  await allOf(integration, ...(files.length === 0 ? [twoInstances(server)] : []));
} catch (error) {
  console.error(`\ntest:pg failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  stopPostgres();
}
