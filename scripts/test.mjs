// `npm test`: every check, failing when any fails. Independent checks run side by side, so the
// suite keeps both cores of a 2-core machine busy (docs/testing.md):
//   1. the derived PostgreSQL schema, typecheck, and the production build;
//   2. then two lines at once: unit and integration tests (vitest on every core, real SQLite files),
//      then the two-instance test; and lint and formatting, then every documented command on a
//      fresh clone;
//   3. then the e2e suite in headless Chromium against the build, in two halves side by side.
// A step's output is printed when it ends, under its title.
// Installs Debian's browsers first when they are missing (scripts/browsers.mjs).
import { mkdirSync, rmSync } from "node:fs";
import { installMissingBrowsers } from "./browsers.mjs";
import { allOf, seconds, step } from "./steps.mjs";

const suiteStarted = Date.now();

if (!installMissingBrowsers()) process.exit(1);

mkdirSync("tests/.tmp", { recursive: true });
// Two app servers on one SQLite file behave as one (lockouts, sign-outs, admin-gate unlocks).
const instancesDb = `${process.cwd()}/tests/.tmp/instances.db`;
const bin = (name) => `node_modules/.bin/${name}`;

async function testsLine() {
  await step("Unit and integration tests", bin("vitest"), ["run", "--project", "unit*", "--project", "integration"]);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${instancesDb}${suffix}`, { force: true });
  await step("Migrations for the two-instance test", bin("prisma"), ["migrate", "deploy"], {
    env: { DATABASE_URL: `file:${instancesDb}` },
  });
  await step("Two app instances on one database", bin("vitest"), ["run", "--project", "multi-instance"], {
    env: { DATABASE_URL: `file:${instancesDb}`, ENCRYPTION_KEY: "two-instance-test-key-not-for-production" },
  });
}

async function commandsLine() {
  await step("Lint (ESLint) and formatting (Prettier)", "npm", ["run", "lint", "--silent"]);
  await step("Every documented command on a fresh clone after npm ci", "node", [
    "tests/fresh-clone/documented-commands.mjs",
  ]);
}

function endToEnd() {
  // Two halves of the spec files side by side, each with its own server and database (E2E_PORT), once
  // the rest is done (its timeouts are a page's, on an otherwise quiet machine): the suite waits on
  // the browser and the server in turn, so two halves keep both cores busy.
  return allOf(
    ...[1, 2].map((half) =>
      step(
        `End-to-end tests, half ${half} of 2 (Chromium)`,
        bin("playwright"),
        ["test", `--shard=${half}/2`, "--pass-with-no-tests", ...process.argv.slice(2)],
        { env: { E2E_PORT: String(3216 + half) } },
      ),
    ),
  );
}

try {
  await allOf(
    step("PostgreSQL schema derived from the SQLite source", "node", ["scripts/derive-postgres.mjs", "--check"]),
    step("Typecheck", "npm", ["run", "typecheck", "--silent"]),
    step("Production build", "npm", ["run", "build", "--silent"]),
  );
  await allOf(testsLine(), commandsLine());
  await endToEnd();
  console.log(`\nnpm test: every check passed in ${seconds(suiteStarted)}.`);
} catch (error) {
  console.error(`\nnpm test failed after ${seconds(suiteStarted)}: ${error.message}`);
  process.exitCode = 1;
}
