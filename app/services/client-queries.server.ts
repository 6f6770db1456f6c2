import { databaseProvider, db, inTexts, readRows, sqlTimestamp } from "~/db/db.server";
import { businessToday, dateFromIso, isoFromDate, monthDayOf, type IsoDate } from "~/domain/calendar";
import { ownerIdFor } from "~/domain/client-owner";
import { notPurchasedCutoff, totalPages, type ClientFilters, type ClientListQuery } from "~/domain/client-filters";
import { isNumberFragment, likeContainsPattern, searchFragment } from "~/domain/client-search";
import {
  CLIENT_SORT_COLUMNS,
  columnDirection,
  nameSortKey,
  nextBirthdayRanges,
  type ClientSort,
} from "~/domain/client-sort";
import { findChoice } from "~/domain/shop-lists";
import { Prisma } from "~/generated/prisma/client";
import { CLIENT_BOOK_COUNT_SQL, CLIENT_BOOK_SQL, inactiveClientSql, inClientBook } from "./client-book.server";
import { readShopLists } from "./shop-lists.server";
import {
  ALL_COLUMNS,
  EXPORT_COLUMN_NAMES,
  forViewer,
  TABLE_COLUMNS,
  type ClientExportRow,
  type ClientRecord,
  type ClientTableRow,
  type Viewer,
  type Visible,
} from "./client-record.server";

/**
 * Reading the client book: the list (filters, counts and paging in SQL, only the columns the
 * table shows), one client, their purchases and follow-ups.
 */

/**
 * searchText contains the fragment. Written in SQL because the ORM's `contains` does not escape
 * LIKE's wildcards on SQLite: "%" or "_" would match every client. searchText and the fragment are
 * both lower-cased, so a plain LIKE is right on both databases and keeps its index (a narrow index
 * scan on SQLite, the trigram index on PostgreSQL).
 */
export function searchTextContains(fragment: string): Prisma.Sql {
  return Prisma.sql`"searchText" LIKE ${likeContainsPattern(fragment)} ESCAPE '\\'`;
}

/** The list's filters, each one condition; the client book's own condition is not among them. */
function listFilters(f: ClientFilters, today: IsoDate, viewerId: string): Prisma.Sql[] {
  const and: Prisma.Sql[] = [];
  // "My clients", a colleague's, or nobody's (owner=me|<userId>|none).
  if (f.owner) {
    const ownerId = ownerIdFor(f.owner, viewerId);
    and.push(ownerId === null ? Prisma.sql`"ownerId" IS NULL` : Prisma.sql`"ownerId" = ${ownerId}`);
  }
  const fragment = searchFragment(f.search);
  if (fragment) and.push(searchTextContains(fragment));
  if (f.tier) and.push(Prisma.sql`"tier" = ${f.tier}`);
  if (f.emirate) and.push(Prisma.sql`"emirate" = ${f.emirate}`);
  if (f.country) and.push(Prisma.sql`"country" = ${f.country}`);
  if (f.team) and.push(Prisma.sql`"team" = ${f.team}`);
  // Clients who never bought count as "not purchased for N months" too: they have not bought in
  // that time (the dashboard's Inactive card counts them the same way, and links here).
  if (f.notPurchasedFor) {
    const cutoff = sqlTimestamp(dateFromIso(notPurchasedCutoff(today, f.notPurchasedFor)));
    and.push(Prisma.sql`("lastPurchaseDate" <= ${cutoff} OR "lastPurchaseDate" IS NULL)`);
  }
  // The dashboard's Inactive Clients card, exactly.
  if (f.inactive) and.push(inactiveClientSql(today));
  return and;
}

/**
 * The list's WHERE, in two shapes. `plain` for counts and for reading newest first (the order the
 * list always had). `alongIndex` for every other order: the filters become one set of ids, read
 * once from the filters' own indexes, and the sort's index is walked testing each id against the
 * set. SQLite keeps no statistics here, so with the plain shape it walks the sort's index and
 * looks up every client to test the filters (0.3 to 0.7 s at 100,000 clients for a search or a
 * rare tier); with the set, a sorted page of any filter took 10 to 60 ms. The `+` keeps SQLite
 * from turning the set round into id lookups and a sort of them (90 ms for a common tier);
 * PostgreSQL plans the plain IN with its own statistics.
 */
type ListWhere = { plain: Prisma.Sql; alongIndex: Prisma.Sql; filtered: boolean };

/**
 * The team filter's text as the key records store: a team's id, key or English or Arabic name (any case),
 * inactive teams too (old clients keep theirs); a text no team has is matched as a key, so finds nobody.
 */
async function teamKey(team: string | null): Promise<string | null> {
  if (!team) return null;
  return findChoice((await readShopLists()).teams, team)?.key ?? team;
}

async function listWhere(f: ClientFilters, today: IsoDate, viewerId: string): Promise<ListWhere> {
  const filters = listFilters({ ...f, team: await teamKey(f.team) }, today, viewerId);
  const plain = Prisma.join([CLIENT_BOOK_SQL, ...filters], " AND ");
  if (filters.length === 0) return { plain, alongIndex: plain, filtered: false };
  const id = Prisma.raw(databaseProvider === "sqlite" ? `+"id"` : `"id"`);
  return {
    plain,
    alongIndex: Prisma.sql`${CLIENT_BOOK_SQL} AND ${id} IN (SELECT "id" FROM "Customer" WHERE ${plain})`,
    filtered: true,
  };
}

/**
 * The ids of one page of clients matching `where`, in `orderBy` order. On SQLite it reads a column
 * no index holds (updatedAt) on purpose: asked for ids alone, SQLite answers from a covering index
 * and sorts all of it (about 40 ms on 100,000 clients for the unfiltered first page); asked for a
 * row column, it plans like the row query this stands for, walking the table newest first and
 * stopping at the page (under 1 ms). PostgreSQL plans with statistics and is asked for the ids
 * alone, so an index holding them answers without reading the table: a search walks the book's
 * `(id, searchText)` index newest first, testing the text in the index (decision 024).
 */
const ID_COLUMNS = Prisma.raw(databaseProvider === "sqlite" ? `"id", "updatedAt"` : `"id"`);

/**
 * How a page's ids are read: walking the book in the page's order (above), or, for a number searched
 * for on SQLite (part of a mobile or an ID: a few matches, wherever they lie), as the matches the
 * narrow (deletedAt, searchText) index holds, sorted. Walking in order would read every client's
 * row to find them (about 50 ms on 100,000 clients, against 20). The order's columns are written
 * `+"column"` so that no index can serve the order, and the ids alone are asked for.
 */
type IdReading = "walk" | "matches";

function idReadingFor(search: string): IdReading {
  return databaseProvider === "sqlite" && isNumberFragment(searchFragment(search)) ? "matches" : "walk";
}

async function idsWhere(
  where: Prisma.Sql,
  orderBy: Prisma.Sql,
  take: number,
  skip = 0,
  reading: IdReading = "walk",
): Promise<number[]> {
  const columns = reading === "matches" ? Prisma.raw(`"id"`) : ID_COLUMNS;
  const rows = await readRows<{ id: number | bigint }>(Prisma.sql`
    SELECT ${columns} FROM "Customer" WHERE ${where} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}`);
  return rows.map((r) => Number(r.id));
}

function countWhere(where: Prisma.Sql): Promise<number> {
  return countRow(Prisma.sql`SELECT COUNT(*) AS "n" FROM "Customer" WHERE ${where}`);
}

/** The `n` of a query answering one row. */
async function countRow(query: Prisma.Sql): Promise<number> {
  const [row] = await readRows<{ n: number | bigint }>(query);
  return Number(row?.n ?? 0);
}

/** pg_trgm takes a pattern's trigrams from its runs of three characters: a shorter search has none. */
const TRIGRAM_LENGTH = 3;

/**
 * The count of a list. SQLite counts the whole book from its pages (CLIENT_BOOK_COUNT_SQL) and a
 * filtered list by its filters' indexes. On PostgreSQL a search of one or two characters has no
 * trigram to narrow it and matches much of the book ("a" nearly all of it), so the planner counts
 * it with a scan of the whole table, reading every wide row. Asked for the matches in id order, it
 * reads the book's `(id, searchText)` index instead (a quarter of the table) and tests the text
 * there: two to three times faster on 100,000 clients (decision 024). A longer search keeps the
 * plain count, which the trigram index answers.
 */
function countList(where: ListWhere, search: string): Promise<number> {
  if (databaseProvider === "sqlite") return where.filtered ? countWhere(where.plain) : countRow(CLIENT_BOOK_COUNT_SQL);
  const fragment = searchFragment(search);
  const short = fragment !== null && [...fragment].length < TRIGRAM_LENGTH;
  if (!short) return countWhere(where.plain);
  return countRow(Prisma.sql`
    SELECT COUNT(*) AS "n" FROM (SELECT "id" FROM "Customer" WHERE ${where.plain} ORDER BY "id") AS "matches"`);
}

/** Clients by id with every field, in the order of `ids`. */
async function recordsByIds(ids: number[]): Promise<ClientRecord[]> {
  const rows = await db.client.findMany({ where: { id: { in: ids } }, select: ALL_COLUMNS });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The table's columns as SQL: each column TABLE_COLUMNS selects (the owner's name is read apart). */
const TABLE_SQL_COLUMNS = Prisma.raw(
  Object.entries(TABLE_COLUMNS)
    .filter(([, selected]) => selected === true)
    .map(([column]) => `"${column}"`)
    .join(", "),
);

/**
 * The table's rows by id, in the order of `ids`, read by one SQL query: the ORM took three to four
 * times as long to build the same 500 rows (as it did for the export). The page's few owners are
 * named by a second, with one JSON list parameter, so both are prepared once (decision 032).
 */
async function tableRowsByIds(ids: number[]): Promise<ClientTableRow[]> {
  if (ids.length === 0) return [];
  const rows = await readRows<Omit<ClientTableRow, "owner">>(Prisma.sql`
    SELECT ${TABLE_SQL_COLUMNS} FROM "Customer" WHERE "id" IN (${Prisma.join(ids)})`);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id) => id !== null))];
  // One { name } an owner, shared by their rows.
  const owners = new Map(
    ownerIds.length === 0
      ? []
      : (
          await readRows<{ id: string; name: string }>(
            Prisma.sql`SELECT "id", "name" FROM "User" WHERE "id" IN ${inTexts(ownerIds)}`,
          )
        ).map((u) => [u.id, { name: u.name }]),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const ordered: ClientTableRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    // Read for this page alone, each row takes its owner in place rather than being copied.
    if (row) ordered.push(Object.assign(row, { id, owner: (row.ownerId && owners.get(row.ownerId)) || null }));
  }
  return ordered;
}

export type ClientPage<Row> = {
  rows: Row[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
};

// ---------------------------------------------------------------------------------------------
// Sorting (docs/decisions/017-client-book-sort-and-export.md). A sort is a list of stretches, each
// one index range read in order: clients with the value, then those without it (last in either
// direction); next birthdays from today to the year's end, then from 1 January; each owner in
// the order of their names. Ties go by the id, in the column's direction, so pages are stable.

/** One stretch of a sorted list: the clients matching `where` in the order of `column`, then the id. */
type SortStretch = {
  where: Prisma.Sql;
  /** Read in order before the id; null when the stretch is ordered by the id alone. */
  column: "nameSortKey" | "totalSalesFils" | "lastPurchaseDate" | "birthMonthDay" | null;
  descending: boolean;
  /** Its size, when already known (the owners' stretches are counted in one query). */
  count?: number;
};

const isPresent = (column: string) => Prisma.sql`${Prisma.raw(`"${column}"`)} IS NOT NULL`;
const isAbsent = (column: string) => Prisma.sql`${Prisma.raw(`"${column}"`)} IS NULL`;

/**
 * Each owner with clients in the list, in the order of their names, then the clients without one.
 * Each owner's count is its own range of the (ownerId, deletedAt, id) index; a GROUP BY over the
 * list lets SQLite pick another index and look up every client (0.6 s at 100,000).
 */
async function ownerStretches(where: ListWhere, sort: ClientSort): Promise<SortStretch[]> {
  const descending = sort.direction === "desc";
  const [owners, [unowned]] = await Promise.all([
    readRows<{ id: string; name: string; n: number | bigint }>(Prisma.sql`
      SELECT u."id", u."name", (SELECT COUNT(*) FROM "Customer" WHERE "ownerId" = u."id" AND ${where.alongIndex}) AS "n"
      FROM "User" u`),
    readRows<{ n: number | bigint }>(Prisma.sql`
      SELECT COUNT(*) AS "n" FROM "Customer" WHERE "ownerId" IS NULL AND ${where.alongIndex}`),
  ]);
  // Staff are few: their names are ordered here, without regard to capitals like the clients' names.
  const byName = owners
    .filter((u) => Number(u.n) > 0)
    .map((u) => ({ id: u.id, key: nameSortKey(u.name), count: Number(u.n) }))
    .sort((a, b) => (a.key === b.key ? (a.id < b.id ? -1 : 1) : a.key < b.key ? -1 : 1));
  if (descending) byName.reverse();
  return [
    ...byName.map((u) => ({
      where: Prisma.sql`"ownerId" = ${u.id} AND ${where.alongIndex}`,
      column: null,
      descending,
      count: u.count,
    })),
    {
      where: Prisma.sql`${isAbsent("ownerId")} AND ${where.alongIndex}`,
      column: null,
      descending,
      count: Number(unowned?.n ?? 0),
    },
  ];
}

async function sortStretches(where: ListWhere, sort: ClientSort, today: IsoDate): Promise<SortStretch[]> {
  const descending = columnDirection(sort) === "desc";
  const { column } = CLIENT_SORT_COLUMNS[sort.key];
  const along = (condition: Prisma.Sql) => Prisma.sql`${condition} AND ${where.alongIndex}`;
  switch (column) {
    case "id":
      return [{ where: where.plain, column: null, descending }];
    case "nameSortKey":
    case "totalSalesFils":
      return [{ where: where.alongIndex, column, descending }];
    case "lastPurchaseDate":
      return [
        { where: along(isPresent(column)), column, descending },
        { where: along(isAbsent(column)), column: null, descending },
      ];
    case "birthMonthDay":
      return [
        ...nextBirthdayRanges(monthDayOf(dateFromIso(today)), sort.direction).map((range) => ({
          where: along(
            "from" in range
              ? Prisma.sql`"birthMonthDay" >= ${range.from}`
              : Prisma.sql`"birthMonthDay" < ${range.before}`,
          ),
          column,
          descending,
        })),
        { where: along(isAbsent(column)), column: null, descending },
      ];
    case "ownerId":
      return ownerStretches(where, sort);
  }
}

function stretchOrder(stretch: SortStretch, reading: IdReading = "walk"): Prisma.Sql {
  const dir = stretch.descending ? "DESC" : "ASC";
  const by = reading === "matches" ? "+" : "";
  // Walking, "deletedAt" first, though the book's is always null: PostgreSQL does not take `IS NULL`
  // as fixing a column for an index's order, so without it the (deletedAt, column, id) index could not
  // serve the order, and each export batch sorted the whole book (100 ms, against 19 ms walking it).
  const book = by ? "" : `"deletedAt" ${dir}, `;
  return Prisma.raw(stretch.column ? `${book}${by}"${stretch.column}" ${dir}, ${by}"id" ${dir}` : `${by}"id" ${dir}`);
}

/**
 * The ids of one page of a sorted list: the stretches in turn, skipping whole stretches before the
 * page (counted only when a stretch turns out to lie wholly before it).
 */
async function sortedIds(stretches: SortStretch[], take: number, skip: number, reading: IdReading): Promise<number[]> {
  const ids: number[] = [];
  let toSkip = skip;
  for (const stretch of stretches) {
    if (ids.length === take) break;
    if (stretch.count !== undefined && toSkip >= stretch.count) {
      toSkip -= stretch.count;
      continue;
    }
    const found = await idsWhere(stretch.where, stretchOrder(stretch, reading), take - ids.length, toSkip, reading);
    if (found.length > 0) {
      ids.push(...found);
      toSkip = 0;
    } else if (toSkip > 0) {
      toSkip -= stretch.count ?? (await countWhere(stretch.where));
    }
  }
  return ids;
}

async function pageOf<Row>(
  query: ClientListQuery,
  rowsByIds: (ids: number[]) => Promise<Row[]>,
  today: IsoDate,
  viewerId: string,
): Promise<ClientPage<Row>> {
  const where = await listWhere(query, today, viewerId);
  const skip = (query.page - 1) * query.limit;
  const stretches = await sortStretches(where, query.sort, today);
  const ids = await sortedIds(stretches, query.limit, skip, idReadingFor(query.search));
  // A page that is not full is the last one, so it gives the count (most searches) without a second
  // scan. Otherwise the count is read while the rows are: on PostgreSQL on a second connection, so
  // a search's count (every match rechecked) costs no time beside the rows' (decision 024).
  const lastPage = ids.length > 0 && ids.length < query.limit;
  const known = lastPage || (ids.length === 0 && skip === 0);
  const [rows, totalCount] = await Promise.all([
    rowsByIds(ids),
    known ? skip + ids.length : countList(where, query.search),
  ]);
  return { rows, page: query.page, limit: query.limit, totalCount, totalPages: totalPages(totalCount, query.limit) };
}

/** One page of the client book for the table, masked for the viewer (who is also "me" of owner=me). */
export async function listClients(
  query: ClientListQuery,
  viewer: Viewer,
  today: IsoDate = businessToday(),
): Promise<ClientPage<Visible<ClientTableRow>>> {
  const page = await pageOf(query, tableRowsByIds, today, viewer.id);
  return { ...page, rows: page.rows.map((row) => forViewer(row, viewer)) };
}

/** One page of the client book with every field, masked for the viewer, for GET /api/clients. */
export async function listClientRecords(
  query: ClientListQuery,
  viewer: Viewer,
  today: IsoDate = businessToday(),
): Promise<ClientPage<Visible<ClientRecord>>> {
  const page = await pageOf(query, recordsByIds, today, viewer.id);
  return { ...page, rows: page.rows.map((row) => forViewer(row, viewer)) };
}

/** A key read back from a row, as the next batch's parameter (SQLite stores timestamps as milliseconds). */
function keyParam(value: unknown): unknown {
  return value instanceof Date ? sqlTimestamp(value) : value;
}

/** After the row (key, id) in the stretch's order: a range on the stretch's index, then the id for ties. */
function afterRow(stretch: SortStretch, last: { key: unknown; id: number }): Prisma.Sql {
  const [cmp, cmpOrEqual] = stretch.descending ? ["<", "<="] : [">", ">="];
  const id = Prisma.sql`"id" ${Prisma.raw(cmp)} ${last.id}`;
  if (!stretch.column) return id;
  const column = Prisma.raw(`"${stretch.column}"`);
  const key = keyParam(last.key);
  return Prisma.sql`${column} ${Prisma.raw(cmpOrEqual)} ${key} AND (${column} ${Prisma.raw(cmp)} ${key} OR ${id})`;
}

/** The export's columns, read by the keyset query itself: the ORM took five times as long to build the same rows. */
const EXPORT_SQL_COLUMNS = Prisma.raw(EXPORT_COLUMN_NAMES.map((c) => `"${c}"`).join(", "));
type ExportSqlRow = Omit<ClientExportRow, "owner"> & { ownerId: string | null; key: unknown };

/**
 * The whole of a list in its order, `batchSize` clients at a time, with the export's columns,
 * masked for the viewer. Each batch starts after the last row read (keyset, never an OFFSET), so
 * reading 100,000 clients holds one batch in memory and every batch is one index range.
 */
export async function* clientBookBatches(
  query: ClientFilters & { sort: ClientSort },
  viewer: Viewer,
  options: { batchSize?: number; today?: IsoDate } = {},
): AsyncGenerator<Visible<ClientExportRow>[]> {
  const { batchSize = 1000, today = businessToday() } = options;
  const where = await listWhere(query, today, viewer.id);
  // Staff are few: every owner's name, once.
  const owners = new Map((await db.user.findMany({ select: { id: true, name: true } })).map((u) => [u.id, u.name]));
  for (const stretch of await sortStretches(where, query.sort, today)) {
    if (stretch.count === 0) continue;
    const key = Prisma.raw(stretch.column ? `"${stretch.column}"` : "NULL");
    let last: { key: unknown; id: number } | null = null;
    for (;;) {
      const conditions: Prisma.Sql[] = [stretch.where, ...(last ? [afterRow(stretch, last)] : [])];
      const rows: ExportSqlRow[] = await readRows<ExportSqlRow>(Prisma.sql`
        SELECT ${EXPORT_SQL_COLUMNS}, ${key} AS "key" FROM "Customer" WHERE ${Prisma.join(conditions, " AND ")}
        ORDER BY ${stretchOrder(stretch)} LIMIT ${batchSize}`);
      if (rows.length === 0) break;
      yield rows.map(({ key: _key, ownerId, ...row }): Visible<ClientExportRow> => {
        const name = ownerId === null ? undefined : owners.get(ownerId);
        return forViewer({ ...row, id: Number(row.id), owner: name === undefined ? null : { name } }, viewer);
      });
      const lastRow: ExportSqlRow = rows.at(-1)!;
      last = { key: lastRow.key, id: Number(lastRow.id) };
      if (rows.length < batchSize) break;
    }
  }
}

/** Deleted clients matching a search, most recently deleted first: the ids of the first `limit` and the count. */
export async function searchDeletedClients(search: string, limit: number): Promise<{ ids: number[]; count: number }> {
  const fragment = searchFragment(search);
  const where = Prisma.join(
    [Prisma.sql`"deletedAt" IS NOT NULL`, ...(fragment ? [searchTextContains(fragment)] : [])],
    " AND ",
  );
  const [ids, count] = await Promise.all([
    idsWhere(where, Prisma.sql`"deletedAt" DESC, "id" DESC`, limit),
    countWhere(where),
  ]);
  return { ids, count };
}

/** A client in the book (not deleted) with every field, unmasked, or null: pass it through forViewer to show it. */
export function getClient(id: number): Promise<ClientRecord | null> {
  return db.client.findFirst({ where: inClientBook({ id }), select: ALL_COLUMNS });
}

export type FollowUpJson = {
  id: string;
  dueDate: IsoDate;
  note: string | null;
  done: boolean;
  status: string;
  ownerName: string | null;
};

/** Follow-ups scheduled for the client (from the AI assistant), open ones first, soonest first. */
export async function listClientFollowUps(clientId: number): Promise<FollowUpJson[]> {
  const rows = await db.followUp.findMany({
    where: { clientId },
    orderBy: [{ doneAt: { sort: "asc", nulls: "first" } }, { dueDate: "asc" }],
    select: { id: true, dueDate: true, note: true, doneAt: true, status: true, owner: { select: { name: true } } },
  });
  return rows.map((f) => ({
    id: f.id,
    dueDate: isoFromDate(f.dueDate),
    note: f.note,
    done: f.doneAt !== null,
    status: f.status,
    ownerName: f.owner?.name ?? null,
  }));
}
