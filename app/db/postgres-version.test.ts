import { describe, expect, it } from "vitest";
import {
  FIRST_LINEAGE,
  nextLineage,
  snapshotXmax,
  versionOf,
  type Lineage,
  type PostgresState,
} from "./postgres-version";

const state = (snapshot: string, system: string | null = "7001", timeline: string | null = "1"): PostgresState => ({
  snapshot,
  system,
  timeline,
});

/** Answers in the order given, each from a query sent after the ones before it came in. */
function seeInOrder(...states: PostgresState[]): { lineage: Lineage; versions: string[] } {
  let lineage = FIRST_LINEAGE;
  const versions: string[] = [];
  for (const s of states) {
    lineage = nextLineage(lineage, s, lineage.highestXmax);
    versions.push(versionOf(lineage, s));
  }
  return { lineage, versions };
}

describe("the kept reads' version on PostgreSQL", () => {
  it("reads a snapshot's xmax", () => {
    expect(snapshotXmax("100:105:101,103")).toBe(105n);
    expect(snapshotXmax("100:100:")).toBe(100n);
    expect(snapshotXmax("junk")).toBeNull();
  });

  it("keeps its lineage while the server moves forward, so a kept answer is served again", () => {
    const { lineage, versions } = seeInOrder(state("100:100:"), state("100:100:"), state("100:104:101"));
    expect(versions).toEqual(["0/100:100:", "0/100:100:", "0/100:104:101"]);
    expect(lineage).toMatchObject({ epoch: 0, highestXmax: 104n });
  });

  it("starts a new lineage after a restore sets transaction ids back, so a repeated snapshot misses", () => {
    // Answer A was kept under 100:100:; the database is restored to an earlier point, and its ids run on
    // until the snapshot's text is the same again over other rows.
    const { versions } = seeInOrder(state("100:100:"), state("120:120:"), state("90:90:"), state("100:100:"));
    expect(versions[0]).toBe("0/100:100:");
    expect(versions[3]).toBe("1/100:100:");
    expect(versions[3]).not.toBe(versions[0]);
  });

  it("starts a new lineage on a failover (new timeline) or another cluster (new system identifier)", () => {
    expect(seeInOrder(state("100:100:"), state("100:100:", "7001", "2")).versions[1]).toBe("1/100:100:");
    expect(seeInOrder(state("100:100:"), state("100:100:", "8002", "1")).versions[1]).toBe("1/100:100:");
  });

  it("does not take an answer that came in late for a restore: only answers in before its query bound it", () => {
    // Query A is sent (floor 100), then B is sent and answers 106 first; A's 103 comes in after.
    let lineage = nextLineage(FIRST_LINEAGE, state("100:100:"), 0n);
    const floorOfA = lineage.highestXmax;
    lineage = nextLineage(lineage, state("106:106:"), lineage.highestXmax);
    lineage = nextLineage(lineage, state("103:103:"), floorOfA);
    expect(lineage).toMatchObject({ epoch: 0, highestXmax: 106n });
  });

  it("works for a role that may not read the cluster's identity, from the snapshots alone", () => {
    const { versions } = seeInOrder(state("100:100:", null, null), state("50:50:", null, null));
    expect(versions).toEqual(["0/100:100:", "1/50:50:"]);
  });
});
