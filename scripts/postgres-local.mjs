// A throwaway PostgreSQL server on loopback for the test suite (npm run test:pg): installs
// Debian's postgresql when it is missing (as root), then runs a private cluster under
// tests/.tmp with trust authentication for the local user. Nothing listens beyond 127.0.0.1.
import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, chmodSync } from "node:fs";
import { resolve } from "node:path";

const isRoot = process.getuid?.() === 0;

function pgBinDir() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : null;
}

export function ensurePostgresInstalled() {
  if (pgBinDir()) return pgBinDir();
  if (!isRoot) throw new Error("PostgreSQL is not installed. Install it with: sudo apt-get install -y postgresql");
  console.log("▶ Installing Debian's postgresql");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null", {
    stdio: "inherit",
  });
  return pgBinDir();
}

/** Runs a PostgreSQL binary as the unprivileged postgres user when we are root (initdb refuses root). */
function runAsPgUser(bin, args) {
  if (isRoot) execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" });
  else execFileSync(bin, args, { stdio: "pipe" });
}

/** The test cluster (port 5433, wiped each run) or the bench cluster (port 5434, kept). */
function clusterFor({ bench = false } = {}) {
  const port = Number(process.env.TEST_PG_PORT || (bench ? 5434 : 5433));
  return { port, dir: resolve(bench ? "bench/data/pg" : `tests/.tmp/pg-${port}`) };
}

/** Starts the cluster (initialising it unless `keepData` finds one) and returns its server URL. */
export function startPostgres({ bench = false, keepData = false } = {}) {
  const bin = ensurePostgresInstalled();
  const { port, dir } = clusterFor({ bench });
  if (existsSync(`${dir}/postmaster.pid`)) runAsPgUser(`${bin}/pg_ctl`, ["-D", dir, "-m", "fast", "stop"]);
  const reuse = keepData && existsSync(`${dir}/PG_VERSION`);
  if (!reuse) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (isRoot) {
      execFileSync("chown", ["postgres:postgres", dir]);
      chmodSync(resolve(dir, ".."), 0o755);
    }
    runAsPgUser(`${bin}/initdb`, ["-D", dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  }
  runAsPgUser(`${bin}/pg_ctl`, [
    "-D",
    dir,
    "-w",
    "-l",
    `${dir}/server.log`,
    "-o",
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
    "start",
  ]);
  return `postgresql://postgres@127.0.0.1:${port}`;
}

export function stopPostgres({ bench = false, keepData = false } = {}) {
  const bin = pgBinDir();
  const { dir } = clusterFor({ bench });
  if (bin && existsSync(`${dir}/postmaster.pid`)) runAsPgUser(`${bin}/pg_ctl`, ["-D", dir, "-m", "fast", "stop"]);
  if (!keepData) rmSync(dir, { recursive: true, force: true });
}
