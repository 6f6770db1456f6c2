// Retrying a write that met another process's lock: used by app/db/db.server.ts around every model
// write and interactive transaction (docs/decisions/012-worker-processes.md).

const RETRY_ATTEMPTS = 5;

/** SQLITE_BUSY / SQLITE_LOCKED (and their extended codes), however Prisma wrapped them. */
export function isBusyError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown): boolean => {
    if (!value || typeof value !== "object" || seen.has(value)) return false;
    seen.add(value);
    const record = value as Record<string, unknown>;
    // P1008 is what the SQLite adapter reports SQLITE_BUSY as.
    if (record.code === "P1008") return true;
    for (const key of ["code", "originalCode", "message", "originalMessage"]) {
      const text = record[key];
      if (typeof text === "string" && /SQLITE_(BUSY|LOCKED)|database (table )?is locked/i.test(text)) return true;
    }
    return visit(record.cause) || visit(record.meta) || visit(record.driverAdapterError);
  };
  return visit(error);
}

/**
 * Runs a write, and runs it again (a few times, after a short random pause) when SQLite answers
 * that another process holds the lock, so a user never sees a 500 for a momentary contention.
 */
export async function retryBusy<T>(work: () => Promise<T>, attempts = RETRY_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isBusyError(error)) throw error;
      // Jitter, so two processes that collided do not retry in step.
      const pause = 20 * 2 ** attempt * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
