// Retention bench, in its own process on a copy of the data set (an erasure cannot be undone, so
// the data set itself is never run on): a tenth of the clients, spread over the book, deleted 100
// days ago, then the daily job as the app runs it. Prints one JSON line: the run's time and its
// longest write transaction (how long a request could wait behind it for SQLite's write lock).
import { db, sqlTimestamp } from "~/db/db.server";
import { runDailyRetention } from "~/services/retention.server";
import { startCheckpointer } from "../server/sqlite-wal.mjs";

const DELETED_AT = new Date(Date.now() - 100 * 86_400_000);

// Checkpoints off the write path, as the server's primary does (docs/decisions/012-worker-processes.md).
const stopCheckpointer = startCheckpointer();
const clients = await db.client.count();
const due = Math.round(clients / 10);
await db.$executeRaw`UPDATE "Customer" SET "deletedAt" = ${sqlTimestamp(DELETED_AT)}
  WHERE "id" IN (SELECT "id" FROM "Customer" WHERE "deletedAt" IS NULL AND "id" % 10 = 3 ORDER BY "id" LIMIT ${due})`;
const marked = await db.client.count({ where: { deletedAt: { not: null }, erasedAt: null } });
await db.jobLease.updateMany({
  where: { name: "retention" },
  data: { lastRunDay: null, holder: null, heldUntil: null },
});
const report = await runDailyRetention({ holder: "bench", force: true });
if (!report) throw new Error("the retention job did not run");
await stopCheckpointer();
await db.$disconnect();
console.log(JSON.stringify({ clients, due: marked, ...report }));
