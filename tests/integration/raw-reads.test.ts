// readRows serves the client book's hot reads (on SQLite straight from the connection): every cell
// must come back as Prisma's own raw query gives it, money above 2^53 fils exact, timestamps as
// dates, booleans as booleans, and a count as a bigint, so the pages and the export show the same.
import { describe, expect, it } from "vitest";
import { db, readRows } from "~/db/db.server";
import { Prisma } from "~/generated/prisma/client";

const BIG = 9_007_199_254_740_993n;

describe("raw reads", () => {
  it("types every cell as Prisma's raw query does, with parameters of every kind", async () => {
    const stamp = Date.now();
    const written = await db.client.create({
      data: {
        fullName: "Raw Reader",
        searchText: "raw reader",
        mobileNumber: `97156${String(stamp % 10_000_000).padStart(7, "0")}`,
        totalSalesFils: BIG,
        dateOfBirth: new Date("1980-02-29T00:00:00.000Z"),
        isActive: false,
        birthMonthDay: 229,
      },
    });
    const query = Prisma.sql`
      SELECT "id", "fullName", "totalSalesFils", "dateOfBirth", "lastPurchaseDate", "isActive", "birthMonthDay",
             (SELECT COUNT(*) FROM "Customer" WHERE "id" <= ${written.id}) AS "n"
      FROM "Customer" WHERE "id" IN (${Prisma.join([written.id, -1])}) AND "createdAt" <= ${new Date(stamp + 60_000)}`;

    const rows = await readRows<Record<string, unknown>>(query);
    expect(rows).toEqual(await db.$queryRaw(query));
    expect(rows).toEqual([
      {
        id: written.id,
        fullName: "Raw Reader",
        totalSalesFils: BIG,
        dateOfBirth: new Date("1980-02-29T00:00:00.000Z"),
        lastPurchaseDate: null,
        isActive: false,
        birthMonthDay: 229,
        n: expect.any(BigInt) as unknown,
      },
    ]);
  });

  it("answers no rows as an empty list", async () => {
    expect(await readRows(Prisma.sql`SELECT "id" FROM "Customer" WHERE "id" = ${-1}`)).toEqual([]);
  });
});
