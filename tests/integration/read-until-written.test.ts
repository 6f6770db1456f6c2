// The dashboard's figures, alerts, follow-ups and My day, and the client book's pages, are read again
// only once something was written (decisions 031, 033): between writes they are the same answer, and
// after any write, by this worker or another, by a page or an import, the next request must see it.
// On SQLite and on PostgreSQL alike; "another worker" is a second client of the same database.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession, getCurrentSession } from "~/auth/session.server";
import { databaseProvider, databaseVersion, db, type Db } from "~/db/db.server";
import { resolveDatabaseUrl } from "~/db/database-url.server";
import { PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-pg/client";
import { pgAdapterFactory } from "~/db/postgres-adapter.server";
import { getClientFigures } from "~/services/dashboard.server";
import { DOCUMENT_ROWS_ID } from "~/components/clients/client-table";
import * as clientsPage from "~/routes/_app.customers";
import { readClientBookPage } from "~/services/client-book-page.server";
import { keptReads, readUntilWritten } from "~/cache/kept-reads.server";
import { parseClientListQuery } from "~/domain/client-filters";
import { businessToday } from "~/domain/calendar";
import { pageLocale } from "~/domain/languages";
import { createUser, makeRequest, sessionCookieFor } from "../support/factories";

const sqlite = databaseProvider === "sqlite";
let otherWorker: Db;
let seq = 0;
const newClient = (name: string) => ({
  fullName: name,
  mobileNumber: `97155${String(Date.now() % 1_000_000).padStart(6, "0")}${++seq}`,
  searchText: name.toLowerCase(),
});

/** A read that counts how often it really ran. */
function countedRead() {
  const read = { runs: 0, run: () => Promise.resolve(++read.runs) };
  return read;
}

/**
 * Runs a check of what is kept, again (with its attempt's number, for fresh keys) when it failed while
 * something else was written: PostgreSQL's snapshot is the whole server's, and the other test files
 * write their own databases on it meanwhile. Keeping is promised only while nothing is written, so a
 * check never spans a write of its own. A failure with nothing written meanwhile fails at once.
 */
async function whileQuiet<T>(check: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const before = await databaseVersion();
    try {
      return await check(attempt);
    } catch (error) {
      if (sqlite || attempt >= 30 || (await databaseVersion()) === before) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
}

beforeAll(async () => {
  // Opens the connection, so the first read below already has a version to be kept under.
  await db.client.count();
  const url = resolveDatabaseUrl();
  otherWorker = sqlite
    ? new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }, { timestampFormat: "unixepoch-ms" }) })
    : (new PostgresPrismaClient({ adapter: pgAdapterFactory(url) }) as unknown as Db);
});

afterAll(async () => {
  await otherWorker.$disconnect();
});

describe(`answers kept until the database is written (${databaseProvider})`, () => {
  it("answers a repeated read from the first until something is written, then reads again", async () => {
    await whileQuiet(async (attempt) => {
      const read = countedRead();
      expect(await readUntilWritten(`test repeated ${attempt}`, read.run)).toBe(1);
      expect(await readUntilWritten(`test repeated ${attempt}`, read.run)).toBe(1);
      expect(read.runs).toBe(1);
    });
    const read = countedRead();
    await readUntilWritten("test written", read.run);
    await db.client.create({ data: newClient("Written Here") });
    expect(await readUntilWritten("test written", read.run)).toBe(2);
  });

  it("keeps each key's answer apart", async () => {
    await whileQuiet(async (attempt) => {
      const first = countedRead();
      const second = countedRead();
      await readUntilWritten(`test key a ${attempt}`, first.run);
      await readUntilWritten(`test key b ${attempt}`, second.run);
      await readUntilWritten(`test key a ${attempt}`, first.run);
      expect([first.runs, second.runs]).toEqual([1, 1]);
    });
  });

  it("shows a client another worker added on the next dashboard, not a kept count", async () => {
    const before = (await getClientFigures()).metrics.totalClients;
    expect((await getClientFigures()).metrics.totalClients).toBe(before);

    await otherWorker.client.create({ data: newClient("Added Elsewhere") });
    expect((await getClientFigures()).metrics.totalClients).toBe(before + 1);
  });

  it("shows a client another worker renamed on the next client book page, rows and HTML alike", async () => {
    const client = await db.client.create({ data: newClient("Zz Kept Before") });
    const query = parseClientListQuery(new URLSearchParams("search=zz kept"));
    const { user: admin } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const asked = {
      query,
      viewer: { id: admin.id, role: "admin" as const },
      locale: pageLocale("en"),
      basePath: "/customers",
      today: businessToday(),
    };
    const page = () => readClientBookPage(asked);
    /** The rows' HTML a whole-page load of the same list carries. */
    const rowsHtml = async () => {
      const context: AppLoadContext = {};
      const request = makeRequest("/customers?search=zz+kept", { cookie, headers: { "Sec-Fetch-Dest": "document" } });
      await clientsPage.loader({ request, params: {}, context });
      return context.documentHtml?.[DOCUMENT_ROWS_ID]?.toString("utf8");
    };
    const first = await page();
    expect(first.rows.map((r) => r.name)).toEqual(["Zz Kept Before"]);
    expect(await rowsHtml()).toContain(">Zz Kept Before <");
    await whileQuiet(async () => {
      const kept = await page();
      expect(await page()).toBe(kept);
    });

    await otherWorker.client.update({
      where: { id: client.id },
      data: { fullName: "Zz Kept After", searchText: "zz kept after" },
    });
    const next = await page();
    expect(next.rows.map((r) => r.name)).toEqual(["Zz Kept After"]);
    const html = await rowsHtml();
    expect(html).toContain(">Zz Kept After <");
    expect(html).not.toContain("Zz Kept Before");
  });

  it("keeps each viewer's page apart: a masked Emirates ID is never an admin's kept row, nor the reverse", async () => {
    await db.client.create({ data: { ...newClient("Zz Masked Viewer"), emiratesId: "784-1990-1234567-1" } });
    const query = parseClientListQuery(new URLSearchParams("search=zz masked"));
    const read = (role: "admin" | "sales_front") =>
      readClientBookPage({
        query,
        viewer: { id: `viewer-${role}`, role },
        locale: pageLocale("en"),
        basePath: "/customers",
        today: businessToday(),
      });
    expect((await read("admin")).rows[0]!.idNumber).toBe("784-1990-1234567-1");
    expect((await read("sales_front")).rows[0]!.idNumber).not.toContain("1234567");
    expect((await read("admin")).rows[0]!.idNumber).toBe("784-1990-1234567-1");
  });

  it("keeps at most a shelf's number of answers, the least recently read dropped first", async () => {
    await whileQuiet(async () => {
      const keep = keptReads(2);
      const [a, b, c] = [countedRead(), countedRead(), countedRead()];
      await keep("a", a.run);
      await keep("b", b.run);
      await keep("a", a.run);
      await keep("c", c.run);
      await keep("a", a.run);
      await keep("b", b.run);
      expect([a.runs, b.runs, c.runs]).toEqual([1, 2, 1]);
    });
  });

  it("signs a request out at once when another worker ended its session", async () => {
    const user = await db.user.create({ data: { email: `kept-${Date.now()}@example.com`, name: "Kept Session" } });
    const cookie = (await createUserSession(user.id, new Request("http://127.0.0.1/"))).split(";")[0]!;
    const page = () => new Request("http://127.0.0.1/dashboard", { headers: { Cookie: cookie } });
    expect((await getCurrentSession(page()))?.user.id).toBe(user.id);
    expect((await getCurrentSession(page()))?.user.id).toBe(user.id);

    await otherWorker.session.deleteMany({ where: { userId: user.id } });
    expect(await getCurrentSession(page())).toBeNull();
  });

  it("keeps what was read while another worker's transaction was open, and reads again once it commits", async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const open = new Promise<void>((resolve) => (written = resolve));
    const transaction = otherWorker.$transaction(async (tx) => {
      await tx.client.create({ data: newClient("Committed Later") });
      written();
      await committed;
    });
    // A failed write must not leave the test waiting for it: awaiting the transaction reports it.
    transaction.catch(() => written());
    await open;
    let kept: { key: string; read: ReturnType<typeof countedRead> };
    try {
      kept = await whileQuiet(async (attempt) => {
        const key = `test other transaction ${attempt}`;
        const read = countedRead();
        await readUntilWritten(key, read.run);
        await readUntilWritten(key, read.run);
        expect(read.runs).toBe(1);
        return { key, read };
      });
    } finally {
      commit();
      await transaction;
    }
    await readUntilWritten(kept.key, kept.read.run);
    expect(kept.read.runs).toBe(2);
  });

  it.skipIf(!sqlite)("keeps nothing read inside an open transaction on SQLite's one connection", async () => {
    const read = countedRead();
    await db.$transaction(async (tx) => {
      await tx.client.create({ data: newClient("Not Yet Committed") });
      await readUntilWritten("test in transaction", read.run);
      await readUntilWritten("test in transaction", read.run);
    });
    expect(read.runs).toBe(2);
  });

  it("does not keep a failed read: the next call reads again", async () => {
    let runs = 0;
    const failing = () => Promise.reject(new Error(`read ${++runs} failed`));
    await expect(readUntilWritten("test failing", failing)).rejects.toThrow("read 1 failed");
    await expect(readUntilWritten("test failing", failing)).rejects.toThrow("read 2 failed");
  });
});
