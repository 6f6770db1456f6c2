// A server killed during an import and started again (issue #43, item 11): the run its previous
// start left is failed as the server starts, so imports of that kind go ahead at once instead of
// waiting for the dead run's heartbeat to go stale. Runs against the built server (npm run build)
// and the database in DATABASE_URL.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { IMPORT_STALE_AFTER_MS } from "~/services/import.server";
import { storedText } from "~/domain/import-report";
import { english } from "~/i18n/english.server";
import { createUser } from "../support/factories";
import { alive, startServer, stopServers, until, workerPids, type Server } from "./servers";

afterAll(stopServers);

async function signIn(server: Server): Promise<string> {
  const { user, code } = await createUser({ role: "admin" });
  const res = await fetch(`${server.base}/api/auth/verify-totp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.base },
    body: JSON.stringify({ userId: user.id, token: code() }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

function upload(server: Server, cookie: string, name: string, rows: number, first: number) {
  const lines = ["Full Name,Mobile Number,Team"];
  for (let i = 0; i < rows; i++) lines.push(`${name} ${i},05${String(first + i).padStart(8, "0")},Team A`);
  const form = new FormData();
  form.append("file", new File([lines.join("\n")], `${name}.csv`, { type: "text/csv" }));
  // The Zoho import: the other files of this suite run client imports on the same database meanwhile.
  return fetch(`${server.base}/api/import/zoho-customers`, {
    method: "POST",
    body: form,
    headers: { Origin: server.base, Cookie: cookie },
  });
}

/** SIGKILL for the primary and its workers: no shutdown, no finishing the import. */
function kill(server: Server) {
  for (const pid of workerPids(server)) if (alive(pid)) process.kill(pid, "SIGKILL");
  server.child.kill("SIGKILL");
}

describe("a server killed during an import", () => {
  it("fails the run it left as it starts again, and takes the next import at once", async () => {
    const first = await startServer();
    const port = Number(new URL(first.base).port);
    const cookie = await signIn(first);
    const stamp = (Date.now() % 1_000) * 100_000;
    // Big enough to be still running when it is killed; its answer never comes.
    upload(first, cookie, "Killed Import", 40_000, stamp).catch(() => undefined);
    const run = await until("the import to start", () =>
      db.importRun
        .findFirst({ where: { kind: "zoho", status: "running", fileName: "Killed Import.csv" } })
        .then((r) => r ?? undefined),
    );
    kill(first);
    await first.exited;
    expect((await db.importRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");

    const restartedAt = Date.now();
    const again = await startServer(20_000, port);
    const left = await db.importRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(left.status).toBe("failed");
    expect(english(storedText(left.message))).toBe("The import stopped responding and was abandoned.");

    const res = await upload(again, await signIn(again), "After Restart", 3, stamp + 50_000);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, imported: 3 });
    // Long before the dead run's heartbeat could have gone stale.
    expect(Date.now() - restartedAt).toBeLessThan(IMPORT_STALE_AFTER_MS);
  }, 90_000);
});
