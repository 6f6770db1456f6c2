// How many requests a worker works on at once (docs/decisions/026-request-gate.md). Requests wait
// their turn first come, first served, and a request leaves the gate once its answer starts to go
// out: sending a page to a slow phone does not hold anyone up. A request still busy after
// SLICE_MS (an import, an AI call, a long report) lets the next one in anyway, so no request waits
// behind another for long.
import onHeaders from "on-headers";

/** How long one request holds its place before the next is let in beside it. */
export const SLICE_MS = 250;

/**
 * REQUEST_CONCURRENCY when it is a positive whole number. Else 1 on SQLite, whose queries run on the
 * worker's own thread, so a second request could only share the same core; 4 on PostgreSQL, whose
 * queries run in the database server while the worker waits.
 * @param {Record<string, string | undefined>} env
 * @param {boolean} sqlite
 */
export function requestConcurrency(env, sqlite) {
  const chosen = Number(env.REQUEST_CONCURRENCY);
  if (Number.isInteger(chosen) && chosen > 0) return chosen;
  return sqlite ? 1 : 4;
}

/**
 * Express middleware admitting at most `concurrency` requests at a time to what follows it.
 * @param {{ concurrency: number, sliceMs?: number }} options
 * @returns {import("express").RequestHandler}
 */
export function requestGate({ concurrency, sliceMs = SLICE_MS }) {
  let admitted = 0;
  /** @type {(() => void)[]} */
  const waiting = [];

  const admitNext = () => {
    while (admitted < concurrency && waiting.length > 0) {
      admitted++;
      waiting.shift()?.();
    }
  };

  return (_req, res, next) => {
    let gone = false;
    res.once("close", () => (gone = true));
    const enter = () => {
      // The client left while waiting: its place goes to the next request, unused.
      if (gone) {
        admitted--;
        admitNext();
        return;
      }
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        clearTimeout(slice);
        admitted--;
        admitNext();
      };
      const slice = setTimeout(leave, sliceMs);
      onHeaders(res, leave);
      res.once("close", leave);
      next();
    };
    if (admitted < concurrency) {
      admitted++;
      enter();
    } else waiting.push(enter);
  };
}
