// A throwaway PostgreSQL server on loopback for the test suite (npm run test:pg): installs
// Debian's postgresql when it is missing (as root), then runs a private cluster under
// tests/.tmp with trust authentication for the local user. Nothing listens beyond 127.0.0.1.
import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, chmodSync } from "node:fs";
import { resolve } from "node:path";

export const PG_PORT = Number(process.env.TEST_PG_PORT || 5433);
const DATA_DIR = resolve(`tests/.tmp/pg-${PG_PORT}`);
const isRoot = process.getuid?.() === 0;

function pgBinDir() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(`${root}/${v}/bin/initdb`)).sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : null;
}

export function ensurePostgresInstalled() {
  if (pgBinDir()) return pgBinDir();
  if (!isRoot) throw new Error("PostgreSQL is not installed. Install it with: sudo apt-get install -y postgresql");
  console.log("▶ Installing Debian's postgresql");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null", { stdio: "inherit" });
  return pgBinDir();
}

/** Runs a PostgreSQL binary as the unprivileged postgres user when we are root (initdb refuses root). */
function runAsPgUser(bin, args) {
  if (isRoot) execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" });
  else execFileSync(bin, args, { stdio: "pipe" });
}

export function startPostgres() {
  const bin = ensurePostgresInstalled();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  if (isRoot) {
    execFileSync("chown", ["postgres:postgres", DATA_DIR]);
    chmodSync(resolve("tests/.tmp"), 0o755);
  }
  runAsPgUser(`${bin}/initdb`, ["-D", DATA_DIR, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  runAsPgUser(`${bin}/pg_ctl`, [
    "-D", DATA_DIR, "-w", "-l", `${DATA_DIR}/server.log`,
    "-o", `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -k ${DATA_DIR} -c fsync=off -c max_connections=200`,
    "start",
  ]);
  return `postgresql://postgres@127.0.0.1:${PG_PORT}`;
}

export function stopPostgres() {
  const bin = pgBinDir();
  if (bin && existsSync(`${DATA_DIR}/postmaster.pid`)) runAsPgUser(`${bin}/pg_ctl`, ["-D", DATA_DIR, "-m", "fast", "stop"]);
  rmSync(DATA_DIR, { recursive: true, force: true });
}
