import { defineConfig } from "@playwright/test";
import { HEADLESS_SHELL_PATH } from "./scripts/browsers.mjs";
import { E2E_DB_FILE, E2E_ENV, E2E_PORT } from "./tests/support/e2e/env";

// The e2e database and its WAL files, quoted for the shell: the clone's path may hold spaces.
const oldDatabaseFiles = ["", "-wal", "-shm"].map((suffix) => JSON.stringify(E2E_DB_FILE + suffix)).join(" ");

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // One server and one SQLite file: files run one at a time, tests inside a file in order.
  workers: 1,
  fullyParallel: false,
  reporter: "list",
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    headless: true,
    // Recording a trace of every test took a quarter of the suite's time; a failure still writes
    // the page's accessibility snapshot (error-context.md), and `--trace on` records one when needed.
    trace: "off",
    // Every test opens a new browser context, whose service worker would precache the whole build:
    // a quarter of the suite's time. The specs of the worker's own behaviour (pwa, and the CSP checks in
    // security-headers) allow it; elsewhere page.route also sees every request.
    serviceWorkers: "block",
    launchOptions: {
      // Debian's chromium-headless-shell (scripts/browsers.mjs).
      executablePath: HEADLESS_SHELL_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // The same start path as `npm start` (migrate, first admin, serve), on a new database each run.
    command: `rm -f ${oldDatabaseFiles} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/login`,
    env: { ...E2E_ENV, SKIP_BUILD: "1" },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
