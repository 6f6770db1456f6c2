// `node server.mjs` with two worker processes on one SQLite (or PostgreSQL) database: a worker that
// dies is replaced while the other keeps answering, a burst of writes from both workers loses
// nothing and fails none, and SIGTERM lets an in-flight import finish before the server exits.
// Runs against the built server (npm run build) and the database in DATABASE_URL.
import Database from "better-sqlite3";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseProvider, db } from "~/db/db.server";
import { sqliteFile } from "../../server/sqlite-wal.mjs";
import { createUser } from "../support/factories";
import { alive, startServer, stopServers, until, workerPids, type Server } from "./servers";

async function signIn(server: Server, role: "admin" | "sales_back" = "admin"): Promise<string> {
  const { user, code } = await createUser({ role });
  const res = await fetch(`${server.base}/api/auth/verify-totp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.base },
    body: JSON.stringify({ userId: user.id, token: code() }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

let server: Server;
beforeAll(async () => {
  server = await startServer();
}, 60_000);

afterAll(stopServers);

describe("the server with two worker processes", () => {
  it("keeps answering when a worker dies, and starts a replacement", async () => {
    const [first, second] = workerPids(server);
    expect(first).not.toBe(second);
    expect([first, second].every((pid) => alive(pid!))).toBe(true);

    process.kill(first!, "SIGKILL");
    await until("the primary to notice", () => server.log().includes(`Worker ${first} exited`) || undefined);
    // Until the replacement is up, the other worker serves every request.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${server.base}/login`).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);

    const replacement = await until("a replacement worker", () => workerPids(server)[2]);
    expect(alive(replacement)).toBe(true);
    expect(alive(first!)).toBe(false);
    expect((await fetch(`${server.base}/login`)).status).toBe(200);
  });

  it("loses and fails none of a burst of client creations spread over both workers", async () => {
    const cookie = await signIn(server);
    const stamp = Date.now() % 1_000_000;
    const mobiles = Array.from(
      { length: 60 },
      (_, i) =>
        `05${String(stamp * 100 + i)
          .padStart(8, "0")
          .slice(-8)}`,
    );
    const responses = await Promise.all(
      mobiles.map((mobileNumber, i) =>
        fetch(`${server.base}/api/clients`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: server.base, Cookie: cookie },
          body: JSON.stringify({ fullName: `Burst Client ${stamp}-${i}`, mobileNumber, team: "team_a" }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: { id: number } } })),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(mobiles.map(() => 201));
    const ids = responses.map((r) => r.body.data!.id);
    const stored = await db.client.findMany({ where: { id: { in: ids } }, select: { fullName: true } });
    expect(stored).toHaveLength(mobiles.length);
  }, 60_000);

  // Nothing else checkpoints a small write: the workers' own threshold is 10,000 WAL pages.
  it.skipIf(databaseProvider !== "sqlite")(
    "copies a committed write from the WAL into the database file within seconds, in the background",
    async () => {
      const cookie = await signIn(server);
      const mobileNumber = `05${String(Date.now()).slice(-8)}`;
      const created = await fetch(`${server.base}/api/clients`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base, Cookie: cookie },
        body: JSON.stringify({ fullName: "Checkpointed Client", mobileNumber, team: "team_a" }),
      });
      expect(created.status).toBe(201);
      // The database file alone (no WAL beside the copy) holds only what has been checkpointed.
      const dir = mkdtempSync(join(tmpdir(), "checkpoint-"));
      const copy = join(dir, "copy.db");
      const inFileAlone = () => {
        copyFileSync(sqliteFile()!, copy);
        const sqlite = new Database(copy);
        try {
          return Boolean(
            sqlite.prepare('SELECT 1 FROM "Customer" WHERE "mobileNumber" LIKE ?').get(`%${mobileNumber.slice(1)}`),
          );
        } finally {
          sqlite.close();
        }
      };
      try {
        await until("the write to reach the database file", inFileAlone, 5_000);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it("on SIGTERM finishes an import in flight, then exits", async () => {
    const cookie = await signIn(server, "sales_back");
    // Big enough to be in flight when the signal comes, small enough to end inside the shutdown window on a busy CI machine.
    const rows = 8_000;
    const stamp = Date.now() % 1_000;
    const lines = ["Full Name,Mobile Number,Team"];
    for (let i = 0; i < rows; i++)
      lines.push(`Import Client ${i},05${String(stamp * 100_000 + i).padStart(8, "0")},Team A`);
    const form = new FormData();
    form.append("file", new File([lines.join("\n")], "big.csv", { type: "text/csv" }));
    const runsBefore = await db.importRun.count();
    const upload = fetch(`${server.base}/api/import/clients`, {
      method: "POST",
      body: form,
      headers: { Origin: server.base, Cookie: cookie },
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { imported: number } }));

    // Once the import has started writing, ask the server to stop.
    await until("the import to start", async () => ((await db.importRun.count()) > runsBefore ? true : undefined));
    server.child.kill("SIGTERM");

    const { status, body } = await upload;
    expect(status).toBe(200);
    expect(body.imported).toBe(rows);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.base}/login`)).rejects.toThrow();
  }, 60_000);
});
