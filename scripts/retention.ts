// npm run retention [-- --dry-run]: applies the retention periods now, as the daily job does
// (docs/privacy.md "How long data is kept"); --dry-run only lists what would go. Never beside a
// run in progress on another instance (the job's lease in the database decides).
import { requireExistingDatabase } from "./operator-db.mjs";

const dryRun = process.argv.includes("--dry-run");
// Checked before the database client is loaded: opening a missing SQLite file would create it empty.
requireExistingDatabase("there is nothing to apply retention to (`npm start` creates it).");
const { db } = await import("~/db/db.server");
const { planRetention, runDailyRetention } = await import("~/services/retention.server");

const day = (date: Date) => date.toISOString().slice(0, 10);

try {
  const plan = await planRetention();
  const { settings, cutoffs } = plan;
  console.log(
    `Retention${dryRun ? " (dry run, nothing changed)" : ""} on ${plan.today}: deleted clients erased after ` +
      `${settings.erasedAfterDays} days, audit entries kept ${settings.auditMonths} months, contact notes ` +
      `${settings.contactNoteMonths === null ? "kept" : `kept ${settings.contactNoteMonths} months`}.`,
  );
  if (dryRun) {
    const shown = plan.clientIds.slice(0, 50).join(", ");
    const more = plan.clientIds.length > 50 ? ` and ${plan.clientIds.length - 50} more` : "";
    console.log(
      `Clients to erase (deleted on or before ${day(cutoffs.deletedBy)}): ${plan.clientIds.length}` +
        (plan.clientIds.length ? ` (ids ${shown}${more})` : ""),
    );
    console.log(`Audit entries to prune (before ${day(cutoffs.auditBefore)}): ${plan.auditEntries}`);
    console.log(
      cutoffs.contactNotesBefore
        ? `Contact notes to clear (before ${day(cutoffs.contactNotesBefore)}): ${plan.contactNotes}`
        : "Contact notes to clear: none (off)",
    );
  } else {
    const report = await runDailyRetention({
      holder: `command line (pid ${process.pid})`,
      actorName: "operator (command line)",
      force: true,
    });
    if (!report) {
      console.error("The retention job is running on another instance now; try again in a few minutes.");
      process.exitCode = 1;
    } else
      console.log(
        `Erased ${report.erasedClients} client(s), pruned ${report.prunedAuditEntries} audit entries, cleared ` +
          `${report.clearedContactNotes} contact note(s) in ${report.ms} ms (longest write ${report.longestBatchMs} ms).`,
      );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
