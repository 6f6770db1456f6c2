import { hostname } from "node:os";
import { runDailyRetention } from "./retention.server";

/** How often each process asks whether today's job has run. */
const CHECK_EVERY_MS = 60 * 60_000;
/** The first ask comes this soon after start, spread so the processes of an instance do not all ask at once. */
const FIRST_CHECK_MS = { min: 1_000, spread: 9_000 };

/**
 * The daily jobs inside the app (docs/decisions/015-client-data-rights.md): every web worker of
 * every instance asks soon after it starts and then hourly; the job's lease in the database lets
 * one run per day, so the others skip. Started by server.mjs in each worker; the timers never keep
 * a stopping worker alive.
 */
export function startScheduledJobs(): void {
  const holder = `${hostname()}:${process.pid}`;
  let firstCheck = true;
  const check = async () => {
    try {
      const report = await runDailyRetention({ holder });
      if (report)
        console.log(
          `Retention: ${report.erasedClients} client(s) erased, ${report.prunedAuditEntries} audit entries pruned, ` +
            `${report.clearedContactNotes} contact note(s) cleared in ${report.ms} ms.`,
        );
      // Once per worker, so an operator (and the multi-instance test) sees that each one asked.
      else if (firstCheck) console.log(`Retention: today's run is done or under way elsewhere (${holder} checked).`);
      firstCheck = false;
    } catch (error) {
      // The lease was released: the next hourly ask tries again.
      console.error("The retention job failed", error);
    }
  };
  const first = setTimeout(
    () => {
      void check();
      setInterval(() => void check(), CHECK_EVERY_MS).unref();
    },
    FIRST_CHECK_MS.min + Math.random() * FIRST_CHECK_MS.spread,
  );
  first.unref();
}
