// `npm start`: migrate the database, create the first admin if there is none, build if the build
// is missing or older than the sources, then serve on PORT (default 3000). This one-time work runs
// here, once; server.mjs then forks the worker processes (WEB_CONCURRENCY, default one per core).
// The steps' own output (every migration's name, the bundler's report) goes to data/start.log; the
// terminal gets a line per step, and the log's end when a step fails.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import "./runtime-env.mjs";

const bin = (name) => join("node_modules", ".bin", name);
const logFile = resolve("data", "start.log");
mkdirSync("data", { recursive: true });
writeFileSync(logFile, `npm start, ${new Date().toISOString()}\n`);

/** Runs a step with its output in the log and returns that output; on failure prints the log's end and stops. */
function logged(title, cmd, args) {
  const { status, stdout, stderr, error } = spawnSync(cmd, args, { env: process.env, encoding: "utf8" });
  appendFileSync(logFile, `\n▶ ${title}\n${stdout ?? ""}${stderr ?? ""}${error ? String(error) : ""}`);
  if (status !== 0) {
    const tail = readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
    console.error(`✗ ${title} failed. The end of ${logFile}:\n${tail}`);
    process.exit(1);
  }
  return stdout;
}

function databaseLabel() {
  const url = process.env.DATABASE_URL || "file:./data/crm.db";
  if (url.startsWith("file:")) return `SQLite file ${resolve(url.slice("file:".length))}`;
  return `PostgreSQL ${new URL(url).host}${new URL(url).pathname}`;
}

const migrations = logged("Migrations", bin("prisma"), ["migrate", "deploy"]);
const applied = (migrations.match(/└─ migration\.sql/g) ?? []).length;
console.log(`Database: ${databaseLabel()} (${applied ? `${applied} migration(s) applied` : "up to date"}).`);

// The first admin's sign-in (a QR code of its authenticator secret) is for the terminal itself.
execFileSync(bin("tsx"), ["scripts/bootstrap-admin.ts"], { stdio: "inherit", env: process.env });
// Clients keyed before the duplicate check existed (or under older rules) get their keys and pairs.
const backfill = logged("Duplicate keys", bin("tsx"), ["scripts/duplicate-keys-backfill.ts"]).trim();
if (backfill) console.log(backfill);

if (process.env.SKIP_BUILD !== "1") {
  const started = Date.now();
  const built = buildIfStale((cmd, args) => logged("Build", cmd, args));
  if (built) console.log(`Built the app in ${Math.round((Date.now() - started) / 1000)} s.`);
}
console.log(
  "Sign in with an admin's email and the 6-digit code of their authenticator app " +
    "(a new authenticator: npm run admin:reset-authenticator -- EMAIL).",
);
console.log(`Details of these steps: ${logFile}`);

process.env.NODE_ENV ??= "production";
await import("../server.mjs");
