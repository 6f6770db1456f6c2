// A kept client book page (app/cache/README.md) is kept for the one reader it was written for: its
// user, role, language and digits. And it is kept only until the next write: after any write a page
// makes (a client added, edited, sold to, deleted) the next reader sees it at once, as rows and as the
// HTML a whole page carries.
import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_ROWS_ID } from "~/components/clients/client-table";
import { databaseProvider, databaseVersion, db } from "~/db/db.server";
import { businessToday } from "~/domain/calendar";
import { parseClientListQuery } from "~/domain/client-filters";
import { pageLocale } from "~/domain/languages";
import { formatAed } from "~/domain/money";
import type { Role } from "~/domain/roles";
import * as clientsPage from "~/routes/_app.customers";
import * as deletePage from "~/routes/_app.customers.delete";
import * as editPage from "~/routes/_app.customers.$id_.edit";
import * as newPage from "~/routes/_app.customers.new";
import * as salePage from "~/routes/_app.customers_.$id.sale";
import { readClientBookPage } from "~/services/client-book-page.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };
const ENGLISH = { "Accept-Language": "en-GB,en;q=0.9" };

type Staff = Awaited<ReturnType<typeof createUser>> & { cookie: string };

async function staff(role: Role, numerals?: "arab"): Promise<Staff> {
  const made = await createUser({ role });
  if (numerals) await db.user.update({ where: { id: made.user.id }, data: { numerals } });
  return { ...made, cookie: await sessionCookieFor(made.user.id) };
}

/** The client book at `path` as `who` loads it: a whole page (rows as HTML bytes) or, later, as data. */
async function load(who: Staff, path: string, { headers = ENGLISH, wholePage = true } = {}) {
  const context: AppLoadContext = {};
  const request = makeRequest(path, {
    cookie: who.cookie,
    headers: wholePage ? { ...headers, "Sec-Fetch-Dest": "document" } : headers,
  });
  const page = (await clientsPage.loader({ request, params: {}, context })) as {
    rows: { name: string; idNumber: string; totalSale: string }[] | null;
    totalCount: number;
  };
  const bytes = context.documentHtml?.[DOCUMENT_ROWS_ID];
  return { rows: page.rows, totalCount: page.totalCount, bytes, html: bytes?.toString("utf8") ?? "" };
}

/**
 * Loads a page until it is kept for `who`: the same rows twice as data and, with rows, the same bytes
 * twice as a whole page. The check that a test below really asks while a page is kept. Tried again
 * when something else wrote meanwhile (on PostgreSQL other test files write on the same server), never
 * across a write of the test's own.
 */
async function keptFor(who: Staff, path: string, headers = ENGLISH): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const before = await databaseVersion();
    const [first, again] = [
      await load(who, path, { headers, wholePage: false }),
      await load(who, path, { headers, wholePage: false }),
    ];
    if (first.rows !== null && first.rows === again.rows) {
      if (first.rows.length === 0) return;
      const [whole, wholeAgain] = [await load(who, path, { headers }), await load(who, path, { headers })];
      if (whole.bytes !== undefined && whole.bytes === wholeAgain.bytes) return;
    }
    if (databaseProvider === "sqlite" || attempt >= 30 || (await databaseVersion()) === before)
      throw new Error(`${path} was not kept between two loads with nothing written`);
  }
}

let mobiles = 0;
const nextMobile = () => `97154${String(Date.now()).slice(-5)}${String((mobiles += 1)).padStart(2, "0")}`;

describe("a kept client book page reaches only the reader it was written for", () => {
  let admin: Staff;
  let front: Staff;
  beforeAll(async () => {
    admin = await staff("admin");
    front = await staff("sales_front");
    await db.client.create({
      data: {
        fullName: "Keptreader Maryam",
        fullNameAr: "مريم كبتريدر",
        searchText: "keptreader maryam مريم كبتريدر",
        mobileNumber: nextMobile(),
        emiratesId: "784-1990-7654321-5",
        totalSalesFils: 1_234_500n,
        ownerId: admin.user.id,
      },
    });
  });

  it("is never another role's: an admin's full Emirates ID never reaches staff who see it masked, nor the reverse", async () => {
    const path = "/customers?search=keptreader";
    await keptFor(admin, path);
    const forStaff = await load(front, path);
    expect(forStaff.html).toContain("784-****-*******-5");
    expect(forStaff.html).not.toContain("7654321");
    expect((await load(front, path, { wholePage: false })).rows?.[0]?.idNumber).toBe("784-****-*******-5");

    await keptFor(front, path);
    expect((await load(admin, path)).html).toContain("784-1990-7654321-5");
    expect((await load(admin, path, { wholePage: false })).rows?.[0]?.idNumber).toBe("784-1990-7654321-5");
    // The key holds the role itself, not only through the user: the same id asking in another role.
    const asked = (role: Role) => ({
      query: parseClientListQuery(new URLSearchParams("search=keptreader")),
      viewer: { id: admin.user.id, role },
      locale: pageLocale("en"),
      basePath: "/customers",
      today: businessToday(),
    });
    expect((await readClientBookPage(asked("admin"))).rows[0]!.idNumber).toBe("784-1990-7654321-5");
    expect((await readClientBookPage(asked("sales_front"))).rows[0]!.idNumber).toBe("784-****-*******-5");
  });

  it("is never another user's, even in the same role: owner=me is each user's own book", async () => {
    const colleague = await staff("admin");
    const path = "/customers?owner=me&search=keptreader";
    await keptFor(admin, path);
    expect((await load(admin, path)).html).toContain("Keptreader Maryam");
    const theirs = await load(colleague, path);
    expect(theirs.totalCount).toBe(0);
    expect(theirs.html).not.toContain("Keptreader");
    expect((await load(colleague, path, { wholePage: false })).rows).toEqual([]);
  });

  it("is never another language's or digits'", async () => {
    const path = "/customers?search=keptreader";
    await keptFor(admin, path, ENGLISH);
    const arabic = await load(admin, path, { headers: ARABIC });
    expect(arabic.html).toContain("<bdi>مريم كبتريدر</bdi>");
    expect(arabic.html).not.toContain("Keptreader Maryam");

    await keptFor(admin, path, ARABIC);
    const english = await load(admin, path, { headers: ENGLISH });
    expect(english.html).toContain(">Keptreader Maryam <");
    expect(english.html).not.toContain("مريم");

    // The same language in Arabic-Indic digits is a page of its own too.
    const [western, arabicIndic] = [
      formatAed(1_234_500n, pageLocale("ar")),
      formatAed(1_234_500n, pageLocale("ar", "arab")),
    ];
    expect(western).not.toBe(arabicIndic);
    expect(arabic.html).toContain(western);
    const inArabicDigits = await load(await staff("admin", "arab"), path, { headers: ARABIC });
    expect(inArabicDigits.html).toContain(arabicIndic);
    expect(inArabicDigits.html).not.toContain(western);
  });
});

describe("every write shows at once to the next reader", () => {
  it("shows a client added, edited, sold to and deleted through the pages, to its writer and to another reader", async () => {
    const writer = await staff("admin");
    const reader = await staff("sales_front");
    const path = "/customers?search=keptwriter";
    /** Both readers have the page kept, then a write, then both see it at once. */
    const afterWrite = async (write: () => Promise<void>) => {
      await keptFor(writer, path);
      await keptFor(reader, path);
      await write();
      return { whole: await load(writer, path), data: await load(reader, path, { wholePage: false }) };
    };
    const posted = async (result: unknown) => {
      const { status, body } = await outcome(result);
      expect(status, JSON.stringify(body)).toBe(302);
    };
    // Kept while empty: nothing to send as HTML, so kept as a page of no rows.
    expect((await load(writer, path)).totalCount).toBe(0);
    const mobileNumber = nextMobile();

    const added = await afterWrite(async () =>
      posted(
        await callRoute(
          newPage.action,
          makeRequest("/customers/new", {
            cookie: writer.cookie,
            form: { fullName: "Keptwriter Hessa", mobileNumber, country: "uae", emirate: "dubai", team: "team_a" },
          }),
        ),
      ),
    );
    expect(added.whole.html).toContain(">Keptwriter Hessa <");
    expect(added.data.rows?.map((r) => r.name)).toEqual(["Keptwriter Hessa"]);
    const { id } = await db.client.findUniqueOrThrow({ where: { mobileNumber } });

    const edited = await afterWrite(async () =>
      posted(
        await callRoute(
          editPage.action,
          makeRequest(`/customers/${id}/edit`, {
            cookie: writer.cookie,
            form: {
              fullName: "Keptwriter Hessa Edited",
              mobileNumber,
              country: "uae",
              emirate: "dubai",
              team: "team_a",
              anniversaryType: "",
              isActive: "true",
              newSaleAmount: "",
              newSaleDate: "",
              newSaleDescription: "",
            },
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(edited.whole.html).toContain(">Keptwriter Hessa Edited <");
    expect(edited.data.rows?.map((r) => r.name)).toEqual(["Keptwriter Hessa Edited"]);

    const sold = await afterWrite(async () =>
      posted(
        await callRoute(
          salePage.action,
          makeRequest(`/customers/${id}/sale`, {
            cookie: writer.cookie,
            form: {
              rows: "1",
              saleDate: businessToday(),
              showroom: "dubai_gold_souk",
              invoiceNo: "KEPT-1",
              soldById: writer.user.id,
              "item-0-category": "ring",
              "item-0-metal": "yellow_gold",
              "item-0-karat": "22",
              "item-0-weightGrams": "4.500",
              "item-0-price": "2750",
              intent: "record",
            },
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(sold.whole.html).toContain("AED 2,750.00");
    expect(sold.data.rows?.map((r) => r.totalSale)).toEqual(["AED 2,750.00"]);

    const deleted = await afterWrite(async () =>
      posted(
        await callRoute(
          deletePage.action,
          makeRequest("/customers/delete", {
            cookie: writer.cookie,
            form: { intent: "delete", clientIds: [String(id)], otpCode: writer.code() },
          }),
        ),
      ),
    );
    expect(deleted.whole.totalCount).toBe(0);
    expect(deleted.whole.html).not.toContain("Keptwriter");
    expect(deleted.data.rows).toEqual([]);
  });
});
