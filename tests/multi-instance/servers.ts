// The built server (`node server.mjs`, two worker processes) started as a test's own instance on a
// free loopback port, against the database in DATABASE_URL; shared by the multi-instance tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export type Server = { child: ChildProcess; base: string; log: () => string; exited: Promise<number | null> };
const started: Server[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls `check` until it answers something other than undefined or false (a throw counts as not yet). */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const workerPids = (server: Server) =>
  [...server.log().matchAll(/Worker (\d+) listening/g)].map((m) => Number(m[1]));

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts an instance and waits (up to `ms` each) until it answers and both its workers listen; on
 * `port` when given (the same server started again), else on a free one.
 */
export async function startServer(ms = 20_000, port?: number): Promise<Server> {
  port ??= await freePort();
  const child = spawn("node", ["server.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", WEB_CONCURRENCY: "2" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server = { child, base: `http://127.0.0.1:${port}`, log: () => output, exited };
  started.push(server);
  await until("the server", async () => (await fetch(`${server.base}/login`)).status === 200 || undefined, ms);
  await until("both workers to listen", () => workerPids(server).length >= 2 || undefined, ms);
  return server;
}

/** Stops every instance this test file started: the primaries, then any worker left behind. */
export function stopServers(): void {
  for (const s of started) if (s.child.exitCode === null) s.child.kill("SIGKILL");
  for (const s of started) for (const pid of workerPids(s)) if (alive(pid)) process.kill(pid, "SIGKILL");
}
