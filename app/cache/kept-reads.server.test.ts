// The rules of README.md here that a test can hold the mechanism to, with the database's version
// stood in for: the real version is tested in tests/integration/read-until-written.test.ts.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deepFreeze, keptReads } from "./kept-reads.server";

const database: { version: string | null } = vi.hoisted(() => ({ version: "1" }));
vi.mock("~/db/db.server", () => ({ databaseVersion: () => Promise.resolve(database.version) }));

/** A read that counts how often it really ran, answering a fresh object each time. */
function countedRead() {
  const read = { runs: 0, run: () => Promise.resolve({ runs: ++read.runs, rows: [{ name: "Fatima" }] }) };
  return read;
}

beforeEach(() => {
  database.version = "1";
});

describe("keptReads", () => {
  it("answers from what it kept until the version changes", async () => {
    const keep = keptReads(10);
    const read = countedRead();
    const first = await keep("a", read.run);
    expect(await keep("a", read.run)).toBe(first);
    database.version = "2";
    expect((await keep("a", read.run)).runs).toBe(2);
  });

  it("keeps nothing without a version, as inside a transaction on SQLite", async () => {
    database.version = null;
    const keep = keptReads(10);
    const read = countedRead();
    await keep("a", read.run);
    await keep("a", read.run);
    expect(read.runs).toBe(2);
  });

  it("freezes a kept answer through and through, so a caller that changes it throws", async () => {
    const keep = keptReads(10);
    const answer = await keep("a", countedRead().run);
    expect(() => {
      answer.rows[0]!.name = "Changed";
    }).toThrow(TypeError);
    expect(() => answer.rows.push({ name: "Added" })).toThrow(TypeError);
    expect((await keep("a", countedRead().run)).rows).toEqual([{ name: "Fatima" }]);
  });

  it("does not keep a failed read", async () => {
    const keep = keptReads(10);
    let runs = 0;
    const failing = () => Promise.reject(new Error(`read ${++runs} failed`));
    await expect(keep("a", failing)).rejects.toThrow("read 1 failed");
    await expect(keep("a", failing)).rejects.toThrow("read 2 failed");
  });
});

describe("deepFreeze", () => {
  it("freezes what maps, sets and arrays hold, leaves bytes as they are and survives a cycle", () => {
    const cyclic: { self?: unknown; items: { n: number }[] } = { items: [{ n: 1 }] };
    cyclic.self = cyclic;
    const value = deepFreeze({
      map: new Map([["k", { n: 1 }]]),
      set: new Set([{ n: 2 }]),
      bytes: Buffer.from("x"),
      cyclic,
    });
    expect(Object.isFrozen(value.map.get("k"))).toBe(true);
    expect(Object.isFrozen([...value.set][0])).toBe(true);
    expect(Object.isFrozen(value.cyclic.items[0])).toBe(true);
    value.bytes[0] = 0x79;
    expect(value.bytes.toString()).toBe("y");
  });
});
