// One test for the unique-index check every service relies on (a duplicate mobile, a duplicate
// staff email, a race between two imports). Run under `npm run test:pg` as well, where the
// database is PostgreSQL: the check must hold for both.
import { describe, expect, it } from "vitest";
import { db, insertRows } from "~/db/db.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { Prisma } from "~/generated/prisma/client";

const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
};

const mobile = () => `97150${Math.floor(Math.random() * 1e7)}`.padEnd(12, "0");

describe("isUniqueViolation", () => {
  it("recognises a duplicate from an ORM create", async () => {
    const email = `dup-${Date.now()}@example.com`;
    await db.user.create({ data: { name: "First", email } });
    const error = await failure(() => db.user.create({ data: { name: "Second", email } }));
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("recognises a duplicate from an ORM update and inside a transaction", async () => {
    const [a, b] = [mobile(), mobile()];
    await db.client.create({ data: { fullName: "A", searchText: "a", mobileNumber: a } });
    const other = await db.client.create({ data: { fullName: "B", searchText: "b", mobileNumber: b } });
    const error = await failure(() =>
      db.$transaction(async (tx) => tx.client.update({ where: { id: other.id }, data: { mobileNumber: a } })),
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("recognises a duplicate from a raw multi-row insert (the import's path)", async () => {
    const taken = mobile();
    await db.client.create({ data: { fullName: "Taken", searchText: "taken", mobileNumber: taken } });
    const error = await failure(
      () =>
        db.$executeRaw`INSERT INTO "Customer" ("fullName", "searchText", "mobileNumber", "updatedAt") VALUES ('Again', 'again', ${taken}, ${new Date()})`,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("recognises a duplicate from insertRows in a transaction (the import's batches)", async () => {
    const taken = mobile();
    await db.client.create({ data: { fullName: "Taken", searchText: "taken", mobileNumber: taken } });
    const row = { fullName: "Again", searchText: "again", mobileNumber: taken, updatedAt: new Date() };
    const error = await failure(() => db.$transaction((tx) => insertRows(tx, "Customer", [row])));
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("does not mistake other failures for a duplicate", async () => {
    const missing = await failure(() => db.user.update({ where: { id: "no-such-user" }, data: { name: "x" } }));
    expect(isUniqueViolation(missing)).toBe(false);
    const foreignKey = await failure(() =>
      db.sale.create({ data: { clientId: 2_000_000_000, amountFils: 1n, saleDate: new Date() } }),
    );
    expect(isUniqueViolation(foreignKey)).toBe(false);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it("is more than the P2002 check the services had: a raw insert's duplicate says P2010", async () => {
    const taken = mobile();
    await db.client.create({ data: { fullName: "Class", searchText: "class", mobileNumber: taken } });
    const orm = await failure(() =>
      db.client.create({ data: { fullName: "Again", searchText: "again", mobileNumber: taken } }),
    );
    const raw = await failure(
      () =>
        db.$executeRaw`INSERT INTO "Customer" ("fullName", "searchText", "mobileNumber", "updatedAt") VALUES ('Raw', 'raw', ${taken}, ${new Date()})`,
    );
    // Both earlier checks (by class, by code) agree on both databases for ORM calls...
    const oldChecks = (e: unknown) => [
      e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002",
      (e as { code?: unknown }).code === "P2002",
    ];
    expect(oldChecks(orm)).toEqual([true, true]);
    // ...and both missed the raw insert, so the import's retry after a concurrent insert never ran.
    expect(oldChecks(raw)).toEqual([false, false]);
    expect([isUniqueViolation(orm), isUniqueViolation(raw)]).toEqual([true, true]);
  });
});
