import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type BulkTable, databaseProvider, db, insertRows } from "~/db/db.server";
import { AUDIT_ACTIONS, writeAudits } from "~/services/audit.server";

// insertRows writes its rows on SQLite one prepared INSERT each, straight to the connection, and on
// PostgreSQL as one JSON parameter: every cell must be stored as Prisma's own create stores it, type
// and value, money above 2^53 fils (no double holds it) included, in the caller's transaction.

const BIG = 9_007_199_254_740_993n;
const AT = new Date("2025-03-04T05:06:07.089Z");
// Quotes, a backslash, a line break, Arabic and an emoji: what the JSON text must carry intact.
const AWKWARD = 'عائشة "Aisha" \\ Al-Amin\n💍';

/** Each column's stored type (SQLite's typeof, PostgreSQL's column type) and value as text. */
async function stored(table: BulkTable, id: number | string, columns: string[]) {
  const typeOf = (c: string) => (databaseProvider === "sqlite" ? `typeof("${c}")` : `pg_typeof("${c}")::text`);
  const cells = columns.map((c) => `${typeOf(c)} AS "${c} type", CAST("${c}" AS TEXT) AS "${c}"`);
  const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT ${cells.join(", ")} FROM "${table}" WHERE "id" = ${typeof id === "number" ? id : `'${id}'`}`,
  );
  return rows[0];
}

const clientColumns = {
  fullName: "Aisha Al-Amin",
  fullNameAr: AWKWARD,
  searchText: "aisha al-amin",
  nameSortKey: "aisha al-amin",
  emirate: "sharjah",
  area: "Al Majaz",
  totalSalesFils: BIG,
  tier: "platinum",
  lastPurchaseDate: AT,
  dateOfBirth: new Date("1980-02-29T00:00:00.000Z"),
  birthMonthDay: 229,
  email: "aisha@example.com",
  isActive: false,
  source: "client_import",
  consentWhatsapp: "granted",
  createdAt: AT,
  updatedAt: AT,
};

let mobile = 0;
const nextMobile = () => `97150${String(++mobile).padStart(7, "0")}`;

async function clientByPrisma() {
  return db.client.create({ data: { ...clientColumns, mobileNumber: nextMobile() } });
}

describe("insertRows stores what Prisma's create stores", () => {
  it("clients: text, money, timestamps, integers and booleans, with defaults for columns null in every row", async () => {
    const byPrisma = await clientByPrisma();
    const [first, second] = await insertRows(
      db,
      "Customer",
      [
        // Null in every row: left out, so the column default applies as it does for Prisma.
        { ...clientColumns, mobileNumber: nextMobile(), country: null },
        { ...clientColumns, mobileNumber: nextMobile(), country: null, fullNameAr: null, isActive: true },
      ],
      ["id", "totalSalesFils"],
    );
    expect(BigInt(first!.totalSalesFils as bigint)).toBe(BIG);
    const columns = [...Object.keys(clientColumns), "country"];
    expect(await stored("Customer", Number(first!.id), columns)).toEqual(
      await stored("Customer", byPrisma.id, columns),
    );
    const again = await db.client.findUniqueOrThrow({ where: { id: Number(second!.id) } });
    expect(again).toMatchObject({ fullNameAr: null, isActive: true, totalSalesFils: BIG, country: "uae" });
  });

  it("sales and their items: the money exact, the client's column by its stored name", async () => {
    const client = await clientByPrisma();
    const sale = {
      saleDate: AT,
      amountFils: BIG,
      description: AWKWARD,
      invoiceNo: "INV-77",
      showroom: "dubai_mall",
      createdAt: AT,
    };
    const byPrisma = await db.sale.create({ data: { ...sale, clientId: client.id } });
    const [written] = await insertRows(db, "Sale", [{ customerId: client.id, ...sale }], ["id", "amountFils"]);
    expect(BigInt(written!.amountFils as bigint)).toBe(BIG);
    const saleColumns = ["customerId", ...Object.keys(sale)];
    expect(await stored("Sale", Number(written!.id), saleColumns)).toEqual(
      await stored("Sale", byPrisma.id, saleColumns),
    );

    const item = {
      position: 2,
      category: "ring",
      metal: "gold",
      karat: "21",
      weightMg: 4_350,
      priceFils: BIG,
      saleDate: AT,
      saleVoided: false,
      firstOfCategory: false,
    };
    const itemByPrisma = await db.saleItem.create({ data: { ...item, saleId: byPrisma.id } });
    const [itemWritten] = await insertRows(db, "SaleItem", [{ saleId: byPrisma.id, ...item }], ["id"]);
    expect(await stored("SaleItem", Number(itemWritten!.id), Object.keys(item))).toEqual(
      await stored("SaleItem", itemByPrisma.id, Object.keys(item)),
    );
  });

  it("audit entries: text ids, JSON details and the timestamp", async () => {
    const entry = {
      actorName: AWKWARD,
      action: "client.created",
      targetType: "client",
      targetId: "42",
      details: JSON.stringify({ fields: ["fullName"], note: AWKWARD }),
      createdAt: AT,
    };
    const byPrisma = await db.auditLog.create({ data: entry });
    const id = randomUUID();
    await insertRows(db, "AuditLog", [{ id, actorId: null, ...entry }]);
    const columns = ["actorId", ...Object.keys(entry)];
    expect(await stored("AuditLog", id, columns)).toEqual(await stored("AuditLog", byPrisma.id, columns));
  });

  it("answers each written row's id and asked columns, row for row", async () => {
    const mobiles = [nextMobile(), nextMobile(), nextMobile()];
    const written = await insertRows<{ id: number | bigint; mobileNumber: string }>(
      db,
      "Customer",
      mobiles.map((mobileNumber, i) => ({ ...clientColumns, fullName: `In order ${i}`, mobileNumber })),
      ["id", "mobileNumber"],
    );
    const byId = await db.client.findMany({
      where: { id: { in: written.map((w) => Number(w.id)) } },
      select: { id: true, mobileNumber: true },
    });
    expect(new Set(written.map((w) => w.mobileNumber))).toEqual(new Set(mobiles));
    for (const w of written) expect(byId.find((c) => c.id === Number(w.id))?.mobileNumber).toBe(w.mobileNumber);
  });

  it("writes all of a batch or none of it, in a transaction or on its own", async () => {
    const fullName = `Half a batch ${Date.now()}`;
    const taken = nextMobile();
    const rows = [
      { ...clientColumns, fullName, mobileNumber: nextMobile() },
      { ...clientColumns, fullName, mobileNumber: taken },
      { ...clientColumns, fullName, mobileNumber: taken },
    ];
    await expect(insertRows(db, "Customer", rows)).rejects.toThrow();
    expect(await db.client.count({ where: { fullName } })).toBe(0);
  });

  it("writes in the caller's transaction: a transaction that fails leaves none of its rows", async () => {
    const fullName = `Rolled back ${Date.now()}`;
    const failure = await db
      .$transaction(async (tx) => {
        await insertRows(tx, "Customer", [{ ...clientColumns, fullName, mobileNumber: nextMobile() }]);
        expect(await tx.client.count({ where: { fullName } })).toBe(1);
        throw new Error("the batch's next step failed");
      })
      .catch((error: Error) => error.message);
    expect(failure).toBe("the batch's next step failed");
    expect(await db.client.count({ where: { fullName } })).toBe(0);
  });
});

describe("writeAudits", () => {
  it("gives entries ids that grow with time, so new ones go to the end of the log's index", async () => {
    const actorName = `Bulk ${Date.now()}`;
    const entry = { actor: null, actorName, action: AUDIT_ACTIONS.clientCreated, targetType: "client", targetId: "7" };
    for (let batch = 0; batch < 5; batch++) {
      await writeAudits([entry, entry]);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const rows = await db.auditLog.findMany({ where: { actorName }, select: { id: true, createdAt: true } });
    expect(rows).toHaveLength(10);
    const timesInIdOrder = rows.toSorted((a, b) => (a.id < b.id ? -1 : 1)).map((r) => r.createdAt.getTime());
    expect(timesInIdOrder).toEqual(timesInIdOrder.toSorted((a, b) => a - b));
  });

  it("orders a batch's ids as its entries were given, all different", async () => {
    const actorName = `Batch ${Date.now()}`;
    await writeAudits(
      Array.from({ length: 500 }, (_, n) => ({
        actor: null,
        actorName,
        action: AUDIT_ACTIONS.clientCreated,
        details: { n },
      })),
    );
    const rows = await db.auditLog.findMany({
      where: { actorName },
      orderBy: { id: "asc" },
      select: { details: true },
    });
    expect(rows.map((r) => (JSON.parse(r.details!) as { n: number }).n)).toEqual([...Array(500).keys()]);
  });
});
