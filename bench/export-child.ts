// Export bench, in its own process so its memory growth is its own: the whole client book
// exported as .xlsx and as .csv through the app's export service (sorted by name, so the read
// walks a sort index, in batches), the file read to its end as a browser would. The audit entries
// it writes are removed afterwards so the data set stays as generated. Prints one JSON line.
import { db } from "~/db/db.server";
import type { ExportFormat } from "~/domain/client-export";
import { parseClientListQuery } from "~/domain/client-filters";
import { exportClientBook } from "~/services/client-export.server";
import { AUDIT_ACTIONS } from "~/services/audit.server";

const admin = {
  ...(await db.user.findFirstOrThrow({
    where: { email: "bench-admin@example.com" },
    select: { id: true, name: true },
  })),
  role: "admin" as const,
};
const query = parseClientListQuery(new URLSearchParams("sort=fullName"));
const results: Record<string, number> = {};

for (const format of ["xlsx", "csv"] as ExportFormat[]) {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const since = new Date();
  const start = performance.now();
  const reader = exportClientBook(query, format, admin).body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  results[`${format}_seconds`] = (performance.now() - start) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  results[`${format}_rss_mb`] = (peak - baseline) / 1024 / 1024;
  results[`${format}_mb`] = bytes / 1024 / 1024;
  const audit = await db.auditLog.findFirstOrThrow({
    where: { action: AUDIT_ACTIONS.clientsExported, actorId: admin.id, createdAt: { gte: since } },
  });
  results[`${format}_rows`] = (JSON.parse(audit.details ?? "{}") as { rows: number }).rows;
  await db.auditLog.delete({ where: { id: audit.id } });
}
console.log(JSON.stringify(results));
await db.$disconnect();
