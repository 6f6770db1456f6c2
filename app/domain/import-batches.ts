// How many rows an import writes per transaction (docs/decisions/027-bulk-inserts-on-the-connection.md).
// A crash loses at most one uncommitted batch, never half a client, and the run's progress moves as
// each batch commits.

/**
 * A client file's batch is a fifth of the file, between these bounds. Each batch is one INSERT per
 * table and its commit writes each index page it touched once, so bigger batches write those pages
 * fewer times: 2,000-row batches cost a 30,000-row import a quarter less than 400-row ones, and
 * 5,000-row ones a 100,000-row import about a second less than 2,000-row ones (a batch then holds the
 * write lock about 0.4 s). A file of a few thousand rows still commits, and shows its progress,
 * several times. A purchase history's batch stays 400: it looks its invoices up with lists SQLite
 * caps at 999 parameters.
 */
export const IMPORT_BATCH_ROWS = { client: { fewest: 400, most: 5000 }, purchases: 400 } as const;

/** The rows of a client file of `rowCount` rows each of its transactions writes. */
export function clientBatchRows(rowCount: number): number {
  const { fewest, most } = IMPORT_BATCH_ROWS.client;
  return Math.min(most, Math.max(fewest, Math.ceil(rowCount / 5)));
}
