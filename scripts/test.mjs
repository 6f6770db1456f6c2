// `npm test`: every check in order, stopping at the first failure: lint and formatting, typecheck, unit and
// integration tests (vitest, real SQLite files), a production build, then the e2e suite in
// headless Chromium against the built server, then every documented command on a fresh clone.
// Installs Debian's chromium first when it is missing.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  execFileSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
}

if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  step("Installing Debian's chromium for the browser tests", "sh", [
    "-c",
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null",
  ]);
}

mkdirSync("tests/.tmp", { recursive: true });
try {
  step("Lint (ESLint) and formatting (Prettier)", "npm", ["run", "lint", "--silent"]);
  step("PostgreSQL schema derived from the SQLite source", "node", ["scripts/derive-postgres.mjs", "--check"]);
  step("Typecheck", "npm", ["run", "typecheck", "--silent"]);
  step("Unit and integration tests", "node_modules/.bin/vitest", [
    "run",
    "--project",
    "unit",
    "--project",
    "integration",
  ]);
  step("Production build", "npm", ["run", "build", "--silent"]);
  // Two app servers on one SQLite file behave as one (lockouts, sign-outs, admin-gate unlocks).
  const instancesDb = `${process.cwd()}/tests/.tmp/instances.db`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${instancesDb}${suffix}`, { force: true });
  step("Migrations for the two-instance test", "node_modules/.bin/prisma", ["migrate", "deploy"], {
    DATABASE_URL: `file:${instancesDb}`,
  });
  step("Two app instances on one database", "node_modules/.bin/vitest", ["run", "--project", "multi-instance"], {
    DATABASE_URL: `file:${instancesDb}`,
    ENCRYPTION_KEY: "two-instance-test-key-not-for-production",
  });
  step("End-to-end tests (Chromium)", "node_modules/.bin/playwright", ["test", ...process.argv.slice(2)]);
  step("Every documented command on a fresh clone after npm ci", "node", ["tests/fresh-clone/documented-commands.mjs"]);
} catch {
  process.exitCode = 1;
}
