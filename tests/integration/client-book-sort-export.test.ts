import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday, dateFromIso, monthDayOf, type IsoDate } from "~/domain/calendar";
import { CLIENT_EXPORT_HEADERS } from "~/domain/client-export";
import { parseClientListQuery } from "~/domain/client-filters";
import {
  CLIENT_SORT_KEYS,
  columnDirection,
  nameSortKey,
  type ClientSort,
  type ClientSortKey,
} from "~/domain/client-sort";
import type { Role } from "~/domain/roles";
import * as clientsApi from "~/routes/api.clients";
import * as exportApi from "~/routes/api.clients.export";
import * as clientsPage from "~/routes/_app.customers";
import { clientBookBatches } from "~/services/client-queries.server";
import { deleteClients } from "~/services/client-deletion.server";
import { createClient } from "~/services/client-writes.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// Sorting and exporting the client book (docs/decisions/017-client-book-sort-and-export.md): every
// sort key in both directions on the page and /api/clients, ties and empty values included, pages
// that add up to the whole list, and the export of a filtered, sorted list per role.

const today = businessToday();
const FULL_ID = "784-1990-1234567-1";
const MASKED_ID = "784-****-*******-1";
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Click")';

type Known = {
  id: number;
  name: string;
  total: bigint;
  last: IsoDate | null;
  birthMonthDay: number | null;
  ownerName: string | null;
  ownerId: string | null;
};
const book: Known[] = [];
const cookies = {} as Record<Role, string>;
const owners = {} as Record<"adam" | "reem", { id: string; name: string }>;
let seq = 0;

/** A date of birth in 1992 (a leap year, so 29 February is possible) whose birthday is `days` from today. */
const birthdayIn = (days: number) => `1992${addDays(today, days).slice(4)}`;

async function addClient(
  name: string,
  fields: { total?: string; last?: IsoDate; dob?: string; owner: "adam" | "reem" | null; emiratesId?: string },
) {
  seq += 1;
  const actor = owners[fields.owner ?? "adam"];
  const result = await createClient(
    {
      fullName: name,
      mobileNumber: `97155${String(seq).padStart(7, "0")}`,
      team: "team_a",
      ...(fields.total ? { totalSalesValue: fields.total, lastPurchaseDate: fields.last } : {}),
      ...(fields.dob ? { dateOfBirth: fields.dob } : {}),
      ...(fields.emiratesId ? { emiratesId: fields.emiratesId } : {}),
    },
    { actor },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  if (fields.owner === null) await db.client.update({ where: { id: result.client.id }, data: { ownerId: null } });
  const stored = await db.client.findUniqueOrThrow({ where: { id: result.client.id } });
  book.push({
    id: stored.id,
    name,
    total: stored.totalSalesFils,
    last: fields.last ?? null,
    birthMonthDay: stored.birthMonthDay,
    ownerName: fields.owner ? owners[fields.owner].name : null,
    ownerId: stored.ownerId,
  });
  return stored;
}

beforeAll(async () => {
  for (const role of ["admin", "sales_front", "sales_back", "road_sales"] as const) {
    const { user } = await createUser({ role, name: `Sorter ${role}` });
    cookies[role] = await sessionCookieFor(user.id);
  }
  // A lower-case owner name: owners sort without regard to capitals, like clients.
  owners.adam = (await createUser({ name: "adam Owner" })).user;
  owners.reem = (await createUser({ name: "Reem Owner" })).user;
  const tenDaysAgo = addDays(today, -10);
  // Ties on every key: the two Aishas share a name (but for capitals), total, last purchase, birthday.
  await addClient("Aisha Khan", { total: "1000", last: tenDaysAgo, dob: birthdayIn(0), owner: "reem" });
  await addClient("aisha khan", { total: "1000", last: tenDaysAgo, dob: birthdayIn(0), owner: "adam" });
  await addClient("Bilal Saeed", { total: "250000", last: addDays(today, -400), dob: birthdayIn(-1), owner: "reem" });
  await addClient("Zainab Ali", { owner: null });
  await addClient("omar Farooq", { total: "75000", last: addDays(today, -40), dob: birthdayIn(1), owner: "adam" });
  await addClient("Mona Hadi", { dob: birthdayIn(200), owner: "reem" });
  await addClient(FORMULA_NAME, {
    total: "5000",
    last: addDays(today, -3),
    dob: birthdayIn(30),
    owner: null,
    emiratesId: FULL_ID,
  });
  await addClient("Yara Nasser", { total: "75000", last: addDays(today, -40), owner: "reem" });
  const gone = await addClient("Deleted Dana", { total: "9000000", last: tenDaysAgo, owner: "adam" });
  const { user: admin } = await createUser({ role: "admin" });
  await deleteClients([gone.id], admin, null);
  book.splice(
    book.findIndex((c) => c.id === gone.id),
    1,
  );
});

/**
 * The expected order, written out from the rules: empty values last in either direction, ties by
 * the id in the column's direction, next birthdays from today round the year, owners by name.
 */
function expectedIds(sort: ClientSort, only: (c: Known) => boolean = () => true): number[] {
  const todayMd = monthDayOf(dateFromIso(today));
  const value = (c: Known): (string | number | bigint)[] | null => {
    switch (sort.key) {
      case "fullName":
        return [nameSortKey(c.name)];
      case "totalSalesValue":
        return [c.total];
      case "lastPurchaseDate":
      case "daysSincePurchase":
        return c.last ? [c.last] : null;
      case "nextBirthday":
        return c.birthMonthDay === null ? null : [c.birthMonthDay < todayMd ? 1 : 0, c.birthMonthDay];
      case "createdAt":
        return [];
      case "ownerName":
        return c.ownerName ? [nameSortKey(c.ownerName), c.ownerId!] : null;
    }
  };
  const sign = columnDirection(sort) === "asc" ? 1 : -1;
  const ownerSign = sort.direction === "asc" ? 1 : -1;
  return book
    .filter(only)
    .sort((a, b) => {
      const [va, vb] = [value(a), value(b)];
      if (va === null || vb === null) return va === vb ? sign * (a.id - b.id) : va === null ? 1 : -1;
      for (let i = 0; i < va.length; i++) {
        if (va[i] !== vb[i]) return (sort.key === "ownerName" ? ownerSign : sign) * (va[i]! < vb[i]! ? -1 : 1);
      }
      return (sort.key === "ownerName" ? ownerSign : sign) * (a.id - b.id);
    })
    .map((c) => c.id);
}

const everySort: [string, ClientSort][] = CLIENT_SORT_KEYS.flatMap((key: ClientSortKey) => [
  [key, { key, direction: "asc" as const }],
  [`-${key}`, { key, direction: "desc" as const }],
]);

async function apiIds(query: string, role: Role = "road_sales"): Promise<number[]> {
  const res = await outcome(
    await callRoute(clientsApi.loader, makeRequest(`/api/clients?${query}`, { cookie: cookies[role] })),
  );
  expect(res.status).toBe(200);
  return (res.body as { data: { id: number }[] }).data.map((c) => c.id);
}

async function pageIds(query: string): Promise<number[]> {
  const res = await outcome(
    await callRoute(clientsPage.loader, makeRequest(`/customers?${query}`, { cookie: cookies.sales_back })),
  );
  expect(res.status).toBe(200);
  return (res.body as { rows: { id: number }[] }).rows.map((r) => r.id);
}

describe("sorting the client book", () => {
  it.each(everySort)("sort=%s orders /api/clients and the page alike", async (param, sort) => {
    const expected = expectedIds(sort);
    expect(await apiIds(`sort=${param}`)).toEqual(expected);
    expect(await pageIds(`sort=${param}`)).toEqual(expected);
  });

  it.each(everySort)("sort=%s: pages of 3 add up to the whole list, none twice", async (param, sort) => {
    const pages: number[] = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await apiIds(`sort=${param}&limit=3&page=${page}`)));
    expect(pages).toEqual(expectedIds(sort));
    expect(await apiIds(`sort=${param}&limit=3&page=4`)).toEqual([]);
  });

  it.each(everySort)("sort=%s: the export's batches of 2 read the same order", async (_param, sort) => {
    const query = { ...parseClientListQuery(new URLSearchParams()), sort };
    const ids: number[] = [];
    for await (const batch of clientBookBatches(query, { id: owners.adam.id, role: "admin" }, { batchSize: 2 }))
      ids.push(...batch.map((c) => c.id));
    expect(ids).toEqual(expectedIds(sort));
  });

  it.each(everySort)("sort=%s with a filter: pages of 2 add up to the filtered list", async (param, sort) => {
    // Reem's clients with no purchase in the last 3 months (Bilal, and Mona who never bought).
    const filter = `owner=${owners.reem.id}&notPurchasedFor=3`;
    const expected = expectedIds(
      sort,
      (c) => c.ownerId === owners.reem.id && (c.last === null || c.last < addDays(today, -90)),
    );
    expect(expected.length).toBeGreaterThan(1);
    const pages: number[] = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await apiIds(`${filter}&sort=${param}&limit=2&page=${page}`)));
    expect(pages).toEqual(expected);
  });

  it("puts the Aishas side by side whatever their capitals, the earlier added first", () => {
    const [first, second] = expectedIds({ key: "fullName", direction: "asc" })
      .map((id) => book.find((c) => c.id === id)!.name)
      .filter((n) => n.toLowerCase() === "aisha khan");
    expect([first, second]).toEqual(["Aisha Khan", "aisha khan"]);
  });

  it("sorts within the filters", async () => {
    const reemsBiggest = await apiIds(`owner=${owners.reem.id}&sort=-totalSalesValue`);
    expect(reemsBiggest.map((id) => book.find((c) => c.id === id)!.name)).toEqual([
      "Bilal Saeed",
      "Yara Nasser",
      "Aisha Khan",
      "Mona Hadi",
    ]);
    expect(await pageIds(`owner=${owners.reem.id}&sort=-totalSalesValue`)).toEqual(reemsBiggest);
  });

  it("refuses an unknown sort on /api with a 400 naming the keys; the page shows newest first", async () => {
    for (const sort of ["shoeSize", "-", "--fullName"]) {
      const res = await outcome(
        await callRoute(clientsApi.loader, makeRequest(`/api/clients?sort=${sort}`, { cookie: cookies.admin })),
      );
      expect(res.status).toBe(400);
      const body = res.body as { error: string; details: { path: string; message: string }[] };
      expect(body.error).toContain(`Unknown sort "${sort}"`);
      expect(body.details).toEqual([{ path: "sort", message: body.error }]);
    }
    expect(await pageIds("sort=shoeSize")).toEqual(expectedIds({ key: "createdAt", direction: "desc" }));
  });
});

type Download = { status: number; headers: Headers; bytes: Buffer; json: unknown };

async function download(query: string, role: Role): Promise<Download> {
  const result = await callRoute(
    exportApi.loader,
    makeRequest(`/api/clients/export?${query}`, { cookie: cookies[role] }),
  );
  const response = result as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: unknown = null;
  if (response.headers.get("Content-Type")?.includes("json")) json = JSON.parse(bytes.toString());
  return { status: response.status, headers: response.headers, bytes, json };
}

function sheetRows(bytes: Buffer): string[][] {
  const book = XLSX.read(bytes, { type: "buffer" });
  expect(book.SheetNames).toEqual(["Clients"]);
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets.Clients!, { header: 1, raw: false, defval: "" });
}

/** The export's CSV read strictly: a BOM, every field quoted, commas between, CRLF after each row. */
function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 1;
  while (at < text.length) {
    expect(text[at]).toBe('"');
    let value = "";
    let from = at + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      value += text.slice(from, quote);
      if (text[quote + 1] !== '"') {
        at = quote + 1;
        break;
      }
      value += '"';
      from = quote + 2;
    }
    row.push(value);
    if (text[at] === ",") at += 1;
    else {
      expect(text.slice(at, at + 2)).toBe("\r\n");
      rows.push(row);
      row = [];
      at += 2;
    }
  }
  return rows;
}

const column = (header: string) => CLIENT_EXPORT_HEADERS.indexOf(header);

async function lastExportAudit() {
  const entry = await db.auditLog.findFirstOrThrow({
    where: { action: "client.book_exported" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { ...entry, details: JSON.parse(entry.details ?? "{}") as Record<string, unknown> };
}

describe("exporting the client book", () => {
  it("gives an admin the filtered, sorted list as .xlsx with every exported field, IDs in full, formulas neutralised", async () => {
    const res = await download(`owner=none&sort=-totalSalesValue&format=xlsx`, "admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="client-book-${today}.xlsx"`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const [header, ...rows] = sheetRows(res.bytes);
    expect(header).toEqual(CLIENT_EXPORT_HEADERS);
    // Unassigned clients, biggest total first: the formula-named client (AED 5,000), then Zainab (none).
    expect(rows.map((r) => r[column("Full Name")])).toEqual([`'${FORMULA_NAME}`, "Zainab Ali"]);
    const [risky] = rows;
    expect(risky![column("Emirates ID")]).toBe(FULL_ID);
    expect(risky![column("Total Sales (AED)")]).toBe("5,000.00");
    expect(risky![column("Last Purchase Date")]).toBe(addDays(today, -3));
    expect(risky![column("Tier")]).toBe("Bronze");
    expect(risky![column("Owner")]).toBe("");
    const audit = await lastExportAudit();
    expect(audit.details).toEqual({
      format: "xlsx",
      owner: "none",
      sort: "-totalSalesValue",
      searched: false,
      rows: 2,
    });
  });

  it("gives sales front a .csv with the Emirates ID masked as their list shows it", async () => {
    const res = await download(`search=hyperlink&sort=fullName&format=csv`, "sales_front");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="client-book-${today}.csv"`);
    const text = res.bytes.toString("utf8");
    expect(text).not.toContain("1234567");
    const [header, risky, ...rest] = csvRows(res.bytes);
    expect(header).toEqual(CLIENT_EXPORT_HEADERS);
    expect(rest).toEqual([]);
    expect(risky![column("Full Name")]).toBe(`'${FORMULA_NAME}`);
    expect(risky![column("Emirates ID")]).toBe(MASKED_ID);
    expect(risky![column("Total Sales (AED)")]).toBe("5000.00");
    // The search is recorded as made, not what it was (it may be a client's name or ID).
    const audit = await lastExportAudit();
    expect(audit.details).toEqual({ format: "csv", sort: "fullName", searched: true, rows: 1 });
    expect(audit.details).not.toHaveProperty("search");
  });

  it("exports the whole book in the list's order, the deleted client left out", async () => {
    const res = await download("sort=nextBirthday&format=csv", "sales_front");
    const [, ...rows] = csvRows(res.bytes);
    const names = expectedIds({ key: "nextBirthday", direction: "asc" }).map(
      (id) => book.find((c) => c.id === id)!.name,
    );
    expect(rows.map((r) => r[column("Full Name")])).toEqual(names.map((n) => (n.startsWith("=") ? `'${n}` : n)));
    expect(res.bytes.toString()).not.toContain("Deleted Dana");
    expect((await lastExportAudit()).details).toMatchObject({ rows: 8 });
  });

  it("refuses sales back and road sales, in the audit log too", async () => {
    for (const role of ["sales_back", "road_sales"] as const) {
      const res = await download("format=csv", role);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        error: "Access Denied: Only admins and sales front staff can export the client book.",
      });
    }
    expect(await db.auditLog.count({ where: { action: "auth.access_refused", targetId: "/api/clients/export" } })).toBe(
      2,
    );
    const anonymous = await outcome(await callRoute(exportApi.loader, makeRequest("/api/clients/export")));
    expect(anonymous.status).toBe(401);
  });

  it("refuses an unknown sort or format with a 400 and writes no file", async () => {
    const before = await db.auditLog.count({ where: { action: "client.book_exported" } });
    const badSort = await download("sort=shoeSize&format=csv", "admin");
    expect(badSort.status).toBe(400);
    expect(badSort.json).toMatchObject({ details: [{ path: "sort" }] });
    const badFormat = await download("format=pdf", "admin");
    expect(badFormat.status).toBe(400);
    expect(badFormat.json).toEqual({
      error: 'Unknown format: use "xlsx" or "csv"',
      details: [{ path: "format", message: 'Unknown format: use "xlsx" or "csv"' }],
    });
    expect(await db.auditLog.count({ where: { action: "client.book_exported" } })).toBe(before);
  });

  it("offers the Export links to admins and sales front only, carrying the list's filters and sort", async () => {
    const page = async (role: Role) =>
      (
        await outcome(
          await callRoute(
            clientsPage.loader,
            makeRequest("/customers?tier=gold&sort=-totalSalesValue&page=2", { cookie: cookies[role] }),
          ),
        )
      ).body as { mayExport: boolean };
    expect((await page("admin")).mayExport).toBe(true);
    expect((await page("sales_front")).mayExport).toBe(true);
    expect((await page("sales_back")).mayExport).toBe(false);
    expect((await page("road_sales")).mayExport).toBe(false);
  });
});
