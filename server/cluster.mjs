// The primary process of `npm start`: forks one web worker per core (WEB_CONCURRENCY to choose),
// replaces a worker that dies (with a growing pause, so a crash loop does not spin), and on
// SIGTERM/SIGINT lets every worker finish its in-flight requests before exiting.
// See docs/decisions/012-worker-processes.md.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";

/** How long a worker may take to finish its requests after a shutdown signal before it is killed. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** A worker that lived at least this long before dying is restarted at once; a quicker death backs off. */
const STABLE_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** The exit code of a worker that could not bind the port: restarting it would not help. */
export const CANNOT_LISTEN = 78;

/** WEB_CONCURRENCY when it is a positive whole number, else one worker per available core. */
export function workerCount(env = process.env, cores = availableParallelism()) {
  const chosen = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(chosen) && chosen > 0 ? chosen : Math.max(1, cores);
}

/** The pause before a restart: none after a stable run, then 0.5 s doubling per quick death, capped at 30 s. */
export function restartDelay(quickDeaths) {
  return quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (quickDeaths - 1));
}

/** Runs the primary: `exec` is the worker's entry script. */
export function runPrimary({ exec, env = process.env }) {
  cluster.setupPrimary({ exec });
  const count = workerCount(env);
  const startedAt = new Map();
  let quickDeaths = 0;
  let stopping = false;

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on("listening", (worker) => console.log(`Worker ${worker.process.pid} listening`));
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      // A worker that had to cut requests short (the time-out) makes the whole stop a failure.
      if (code) process.exitCode = 1;
      if (startedAt.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (code === CANNOT_LISTEN) {
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    quickDeaths = lived >= STABLE_AFTER_MS ? 0 : quickDeaths + 1;
    const delay = restartDelay(quickDeaths);
    console.error(
      `Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting a replacement` +
        (delay ? ` in ${delay / 1000} s` : ""),
    );
    setTimeout(fork, delay);
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then stopping`);
    if (startedAt.size === 0) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    // Each worker enforces the time-out itself; this catches one that hangs even so.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 2_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  console.log(`Starting ${count} worker${count === 1 ? "" : "s"}`);
  for (let i = 0; i < count; i++) fork();
}

/**
 * In a worker: on SIGTERM/SIGINT stop accepting connections, let in-flight requests finish (idle
 * keep-alive connections are closed so they do not hold the exit), then exit; after the time-out,
 * exit anyway.
 */
export function closeGracefully(server, timeoutMs = SHUTDOWN_TIMEOUT_MS) {
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // A connection that finishes its request after close() becomes idle, and is closed here.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => {
      console.error(`Worker ${process.pid}: requests still open after ${timeoutMs / 1000} s; closing them`);
      server.closeAllConnections();
      process.exit(1);
    }, timeoutMs).unref();
  };
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
}
