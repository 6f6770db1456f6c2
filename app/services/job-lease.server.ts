import { db } from "~/db/db.server";
import type { IsoDate } from "~/domain/calendar";

/**
 * Once-a-day jobs on several app processes and instances (docs/decisions/015-client-data-rights.md):
 * every process asks, and the lease row decides. Taking it is one conditional UPDATE (today not
 * run yet, and nobody holding it), so exactly one asker wins; the others skip. A holder that dies
 * mid-run leaves the day unfinished and its lease runs out, so a later ask runs the job again.
 */

export type DailyJob = "retention";

/** Longer than any run at bench size (under a minute), short enough to retry within the hour. */
export const LEASE_MS = 30 * 60_000;

/**
 * Takes the job's lease for `day` when today's run has not finished and nobody holds it. `force`
 * (the operator's command) runs even when today's run has finished, but never beside another run.
 */
export async function claimDailyJob(
  job: DailyJob,
  { day, holder, now, force = false }: { day: IsoDate; holder: string; now: Date; force?: boolean },
): Promise<boolean> {
  const { count } = await db.jobLease.updateMany({
    where: {
      name: job,
      AND: [
        force ? {} : { OR: [{ lastRunDay: null }, { lastRunDay: { lt: day } }] },
        { OR: [{ heldUntil: null }, { heldUntil: { lt: now } }] },
      ],
    },
    data: { holder, heldUntil: new Date(now.getTime() + LEASE_MS) },
  });
  return count === 1;
}

/** The run finished: the day is done and the lease free. */
export async function finishDailyJob(job: DailyJob, { day, holder }: { day: IsoDate; holder: string }) {
  await db.jobLease.updateMany({
    where: { name: job, holder },
    data: { lastRunDay: day, holder: null, heldUntil: null },
  });
}

/** The run failed: the lease is freed without marking the day, so the next ask tries again. */
export async function releaseDailyJob(job: DailyJob, holder: string) {
  await db.jobLease.updateMany({ where: { name: job, holder }, data: { holder: null, heldUntil: null } });
}

/** The day of the last run that finished, for the settings page. */
export async function lastDailyRun(job: DailyJob): Promise<IsoDate | null> {
  return (await db.jobLease.findUnique({ where: { name: job }, select: { lastRunDay: true } }))?.lastRunDay ?? null;
}
