import { db, sqlTimestamp } from "~/db.server";
import { businessToday, dateFromIso, isoFromDate, type IsoDate } from "~/domain/calendar";
import { activeSince } from "~/domain/dashboard-figures";
import { ownerIdFor } from "~/domain/client-owner";
import { notPurchasedCutoff, totalPages, type ClientFilters, type ClientListQuery } from "~/domain/client-filters";
import { likeContainsPattern, searchFragment } from "~/domain/client-search";
import { Prisma } from "~/generated/prisma/client";
import { CLIENT_BOOK_SQL, inClientBook } from "./client-book.server";
import {
  ALL_COLUMNS,
  forViewer,
  TABLE_COLUMNS,
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

function listConditions(f: ClientFilters, today: IsoDate, viewerId: string): Prisma.Sql {
  const and = [CLIENT_BOOK_SQL];
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
  // The dashboard's Inactive Clients card, exactly: the same cut-off as inactiveClientsWhere.
  if (f.inactive) {
    const since = sqlTimestamp(dateFromIso(activeSince(today)));
    and.push(Prisma.sql`("lastPurchaseDate" < ${since} OR "lastPurchaseDate" IS NULL)`);
  }
  return Prisma.join(and, " AND ");
}

/**
 * The ids of one page of clients matching `where`, in `orderBy` order. It reads a column no index
 * holds (updatedAt) on purpose: asked for ids alone, SQLite answers from a covering index and
 * sorts all of it (about 40 ms on 100,000 clients for the unfiltered first page); asked for a row
 * column, it plans like the row query this stands for, walking the table newest first and
 * stopping at the page (under 1 ms).
 */
async function idsWhere(where: Prisma.Sql, orderBy: Prisma.Sql, take: number, skip = 0): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id", "updatedAt" FROM "Customer" WHERE ${where} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}`;
  return rows.map((r) => Number(r.id));
}

async function countWhere(where: Prisma.Sql): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS "n" FROM "Customer" WHERE ${where}`;
  return Number(row?.n ?? 0);
}

/** Clients by id with the given columns, in the order of `ids`. */
async function clientsByIds(ids: number[], select: Prisma.ClientSelect & { id: true }): Promise<unknown[]> {
  const rows = (await db.client.findMany({ where: { id: { in: ids } }, select })) as { id: number }[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type ClientPage<Row> = {
  rows: Row[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
};

async function pageOf(
  query: ClientListQuery,
  select: Prisma.ClientSelect & { id: true },
  today: IsoDate,
  viewerId: string,
) {
  const where = listConditions(query, today, viewerId);
  const skip = (query.page - 1) * query.limit;
  // Newest first; the id is the primary key, so the order needs no sort of its own.
  const ids = await idsWhere(where, Prisma.sql`"id" DESC`, query.limit, skip);
  const rows = await clientsByIds(ids, select);
  // A page that is not full is the last one, so it gives the count (most searches) without a second scan.
  const lastPage = ids.length > 0 && ids.length < query.limit;
  const totalCount = lastPage || (ids.length === 0 && skip === 0) ? skip + ids.length : await countWhere(where);
  return { rows, page: query.page, limit: query.limit, totalCount, totalPages: totalPages(totalCount, query.limit) };
}

/** One page of the client book for the table, masked for the viewer (who is also "me" of owner=me). */
export async function listClients(
  query: ClientListQuery,
  viewer: Viewer,
  today: IsoDate = businessToday(),
): Promise<ClientPage<Visible<ClientTableRow>>> {
  const page = (await pageOf(query, TABLE_COLUMNS, today, viewer.id)) as ClientPage<ClientTableRow>;
  return { ...page, rows: page.rows.map((row) => forViewer(row, viewer)) };
}

/** One page of the client book with every field, masked for the viewer, for GET /api/clients. */
export async function listClientRecords(
  query: ClientListQuery,
  viewer: Viewer,
  today: IsoDate = businessToday(),
): Promise<ClientPage<Visible<ClientRecord>>> {
  const page = (await pageOf(query, ALL_COLUMNS, today, viewer.id)) as ClientPage<ClientRecord>;
  return { ...page, rows: page.rows.map((row) => forViewer(row, viewer)) };
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
