/** Brute-force limits for code checks (issue: 5 failures in 15 minutes lock the account for 15). */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** A showroom shares one address among many staff, so the per-address limit is wider. */
export const ADDRESS_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_DURATION_MS = 15 * 60_000;

/**
 * Given the times of recent failed attempts (any order), when does the lock end?
 * A lock starts at the failure that completes `limit` failures within the window and lasts
 * LOCK_DURATION_MS from then. Attempts refused during a lock are not failures, so they
 * cannot extend it. Returns null when not locked at `now`.
 */
export function lockedUntil(failureTimes: readonly Date[], now: Date, limit: number): Date | null {
  const times = failureTimes.map((t) => t.getTime()).sort((a, b) => a - b);
  for (let last = times.length - 1; last >= limit - 1; last--) {
    const newest = times[last]!;
    const oldestOfRun = times[last - (limit - 1)]!;
    if (newest - oldestOfRun <= FAILURE_WINDOW_MS) {
      const end = newest + LOCK_DURATION_MS;
      return end > now.getTime() ? new Date(end) : null;
    }
  }
  return null;
}

/** How far back the attempt log must be read to decide a lock. */
export const LOCK_LOOKBACK_MS = FAILURE_WINDOW_MS + LOCK_DURATION_MS;
