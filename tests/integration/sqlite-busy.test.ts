// Several server processes share one SQLite file: a write that meets another process's lock is
// retried instead of failing, and a transaction takes the write lock when it begins, so another
// process cannot commit between its read and its write (which would fail it with SQLITE_BUSY).
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBusyError, retryBusy } from "~/db/busy-retry.server";
import { databaseProvider, db } from "~/db/db.server";
import { PrismaClient } from "~/generated/prisma/client";

const sqlite = databaseProvider === "sqlite";
const url = process.env.DATABASE_URL ?? "";
let other: Database.Database;
let impatient: PrismaClient;
let seq = 0;
const client = (name: string) => ({
  fullName: name,
  mobileNumber: `97150${String(Date.now() % 1_000_000).padStart(6, "0")}${++seq}`,
  searchText: name.toLowerCase(),
  team: "team_a" as const,
});

beforeAll(() => {
  if (!sqlite) return;
  // Another process's connection, and one that fails at once on a lock instead of waiting.
  other = new Database(url.slice("file:".length), { timeout: 0 });
  impatient = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url, timeout: 0 }, { timestampFormat: "unixepoch-ms" }),
  });
});

afterAll(async () => {
  if (!sqlite) return;
  other.close();
  await impatient.$disconnect();
});

describe.skipIf(!sqlite)("SQLite shared by several processes", () => {
  it("recognises a real lock error, and a retried write succeeds once the lock is released", async () => {
    other.exec("BEGIN IMMEDIATE");
    const error: unknown = await impatient.client.create({ data: client("Locked Out") }).catch((e: unknown) => e);
    expect(isBusyError(error)).toBe(true);

    setTimeout(() => other.exec("COMMIT"), 60);
    let attempts = 0;
    const created = await retryBusy(() => {
      attempts += 1;
      return impatient.client.create({ data: client("Patient Writer") });
    });
    expect(attempts).toBeGreaterThan(1);
    expect(await db.client.findUnique({ where: { id: created.id } })).toMatchObject({ fullName: "Patient Writer" });
  });

  it("does not retry other errors, and gives up on a lock that is never released", async () => {
    const first = await db.client.create({ data: client("Only Once") });
    let attempts = 0;
    const duplicate = retryBusy(() => {
      attempts += 1;
      return impatient.client.create({ data: { ...client("Twin"), mobileNumber: first.mobileNumber } });
    });
    await expect(duplicate).rejects.toMatchObject({ code: "P2002" });
    expect(attempts).toBe(1);

    other.exec("BEGIN IMMEDIATE");
    attempts = 0;
    try {
      const stuck = retryBusy(() => {
        attempts += 1;
        return impatient.client.create({ data: client("Never") });
      }, 3);
      await expect(stuck).rejects.toSatisfy(isBusyError);
      expect(attempts).toBe(3);
    } finally {
      other.exec("ROLLBACK");
    }
  });

  it("holds the write lock for the whole of a transaction, from its first read", async () => {
    const created = await db.$transaction(async (tx) => {
      await tx.client.count();
      // Another process trying to write in between is kept out (and would wait for its busy timeout).
      expect(() => other.exec(`UPDATE "Customer" SET "fullName" = "fullName" WHERE 0`)).toThrow(/locked|busy/i);
      return tx.client.create({ data: client("Read Then Write") });
    });
    expect(await db.client.count({ where: { id: created.id } })).toBe(1);
  });
});
