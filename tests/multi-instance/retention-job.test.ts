// Two app instances (two worker processes each) on one database run the daily retention job once:
// every worker asks soon after it starts, the lease row lets one run it, the others skip
// (docs/decisions/015-client-data-rights.md). Runs against the built server (npm run build) and the
// database in DATABASE_URL (npm run test:pg sets PostgreSQL).
import { afterAll, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { startServer, stopServers, until } from "./servers";

afterAll(stopServers);

it("two instances run the daily job once: one erases the client due, the others skip", async () => {
  const client = await db.client.create({
    data: {
      fullName: "Due For Erasure",
      searchText: "due for erasure",
      mobileNumber: `97154${String(Date.now() % 10_000_000).padStart(7, "0")}`,
      email: "due@example.com",
      deletedAt: new Date(Date.now() - 100 * 86_400_000),
    },
  });
  // Today's run may have happened already (another test's servers share this database): mark the
  // day not run, but only while nobody holds the lease, so no run in progress is overlapped.
  const since = await until(
    "the lease to be free",
    async () => {
      const at = new Date();
      const { count } = await db.jobLease.updateMany({
        where: { name: "retention", holder: null },
        data: { lastRunDay: null },
      });
      return count === 1 ? at : undefined;
    },
    30_000,
  );

  const servers = await Promise.all([startServer(30_000), startServer(30_000)]);
  await until(
    "the client to be erased",
    async () => ((await db.client.findUniqueOrThrow({ where: { id: client.id } })).erasedAt ? true : undefined),
    30_000,
  );
  // Every worker says it asked: one ran the job, the three others found it done or under way.
  const asked = () => servers.map((server) => server.log().match(/^Retention: /gm)?.length ?? 0);
  await until("all four workers to ask", () => asked().reduce((a, b) => a + b, 0) >= 4 || undefined, 30_000);
  expect(asked()).toEqual([2, 2]);

  expect(await db.auditLog.count({ where: { action: "retention.run", createdAt: { gte: since } } })).toBe(1);
  expect(await db.auditLog.count({ where: { action: "client.erased", targetId: String(client.id) } })).toBe(1);
  expect(await db.client.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({
    fullName: `Erased client #${client.id}`,
    email: null,
  });
  expect(await db.jobLease.findUniqueOrThrow({ where: { name: "retention" } })).toMatchObject({
    holder: null,
    lastRunDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
}, 90_000);
