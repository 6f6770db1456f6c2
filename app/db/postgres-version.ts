/**
 * What a PostgreSQL server says of itself when a kept read asks for the database's version
 * (app/db/db.server.ts databaseVersion): its current snapshot, and, where the role may read them,
 * the cluster's system identifier and timeline. Null when the role may not.
 */
export type PostgresState = { snapshot: string; system: string | null; timeline: string | null };

/**
 * The kept reads' lineage (issue #43 item 8): a count of the times the database was found to be
 * another one, or this one set back. Transaction ids repeat after a point-in-time restore or a failover
 * to a replica that missed the last commits, so a snapshot's text could come back meaning other rows;
 * with the lineage in the version, nothing kept before such a change is ever served after it.
 */
export type Lineage = { epoch: number; system: string | null; timeline: string | null; highestXmax: bigint };

export const FIRST_LINEAGE: Lineage = { epoch: 0, system: null, timeline: null, highestXmax: 0n };

/** The xmax of a snapshot's text ("xmin:xmax:xip,…"): the first id not yet given out. Null if unreadable. */
export function snapshotXmax(snapshot: string): bigint | null {
  const match = /^\d+:(\d+):/.exec(snapshot);
  return match ? BigInt(match[1]!) : null;
}

/**
 * The lineage after seeing `state` from a query sent when `floor` was the highest xmax of the answers
 * already in (answers can come in out of order, so only those bound it): a new epoch when the system
 * identifier or the timeline differ from the last ones seen, or when the snapshot is below the floor
 * (ids were given out again); else the same epoch, with the highest xmax seen so far.
 */
export function nextLineage(lineage: Lineage, state: PostgresState, floor: bigint): Lineage {
  const xmax = snapshotXmax(state.snapshot) ?? lineage.highestXmax;
  const otherServer =
    (state.system !== null && lineage.system !== null && state.system !== lineage.system) ||
    (state.timeline !== null && lineage.timeline !== null && state.timeline !== lineage.timeline);
  if (otherServer || xmax < floor)
    return { epoch: lineage.epoch + 1, system: state.system, timeline: state.timeline, highestXmax: xmax };
  return {
    epoch: lineage.epoch,
    system: state.system ?? lineage.system,
    timeline: state.timeline ?? lineage.timeline,
    highestXmax: xmax > lineage.highestXmax ? xmax : lineage.highestXmax,
  };
}

/** The version a kept answer is stored under: the lineage's epoch and the snapshot. */
export const versionOf = (lineage: Lineage, state: PostgresState): string => `${lineage.epoch}/${state.snapshot}`;
