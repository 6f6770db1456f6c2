import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import * as clientsApi from "~/routes/api.clients";
import {
  addClientThroughApi,
  callRoute,
  createUser,
  makeRequest,
  outcome,
  sessionCookieFor,
} from "../support/factories";

// A search's total when the page is full. On PostgreSQL a search of one or two characters (too
// short for trigrams) is counted along the book's (id, searchText) index, a longer one with the
// trigram index (docs/decisions/024-postgres-client-search.md). Either way the total, the pages
// and the order are the ones a plain count and the newest-first list give, deleted clients left out.

let cookie = "";
let seq = 0;
const nextMobile = () => `97152${String(++seq).padStart(7, "0")}`;

const add = (fullName: string, extra: Record<string, unknown> = {}) =>
  addClientThroughApi(cookie, { fullName, mobileNumber: nextMobile(), team: "team_a", ...extra });

type Page = {
  names: string[];
  pagination: { page: number; totalCount: number; totalPages: number; hasNextPage: boolean };
};

async function searchPage(query: string, page: number, limit = 2): Promise<Page> {
  const res = await outcome(
    await callRoute(
      clientsApi.loader,
      makeRequest(`/api/clients?search=${encodeURIComponent(query)}&limit=${limit}&page=${page}`, { cookie }),
    ),
  );
  expect(res.status).toBe(200);
  const body = res.body as { data: { fullName: string }[]; pagination: Page["pagination"] };
  return { names: body.data.map((c) => c.fullName), pagination: body.pagination };
}

/** Every page of a search in turn, and the total each page reported. */
async function allPages(query: string, limit = 2): Promise<{ names: string[]; totals: number[]; pages: number[] }> {
  const names: string[] = [];
  const totals: number[] = [];
  const pages: number[] = [];
  for (let page = 1; ; page++) {
    const p = await searchPage(query, page, limit);
    names.push(...p.names);
    totals.push(p.pagination.totalCount);
    pages.push(p.pagination.totalPages);
    if (!p.pagination.hasNextPage) break;
  }
  return { names, totals, pages };
}

beforeAll(async () => {
  const staff = await createUser({ role: "sales_front" });
  cookie = await sessionCookieFor(staff.user.id);
  // Added in this order, so the list (newest first) shows them turned round.
  await add("Hamad Saeed");
  await add("Zainab Al Zaabi");
  await add("Omar Haddad");
  await add("Aziz Rahman", { fullNameAr: "عزيز رحمن" });
  await add("Fatima Noor", { fullNameAr: "فاطمة نور" });
  await add("Zara Khan", { fullNameAr: "زارا خان" });
  await add("Hessa Obaid", { fullNameAr: "حصة عبيد" });
  await add("Faiz Yousuf", { fullNameAr: "أمل فايز" });
  await add("Mohammed Ali");
  await add("Liza Mathew", { fullNameAr: "ليزا ماثيو" });
  // A deleted client matching every search below: never counted, never listed.
  const gone = await add("Zzz Deleted Az", { fullNameAr: "إزالة" });
  await db.client.update({ where: { id: gone }, data: { deletedAt: new Date() } });
});

describe("a search's total on a full page", () => {
  it("counts a one-letter search exactly, across pages, newest first", async () => {
    const z = await allPages("z");
    expect(z.names).toEqual(["Liza Mathew", "Faiz Yousuf", "Zara Khan", "Aziz Rahman", "Zainab Al Zaabi"]);
    expect(new Set(z.totals)).toEqual(new Set([5]));
    expect(new Set(z.pages)).toEqual(new Set([3]));
  });

  it("counts a two-letter search exactly", async () => {
    const za = await allPages("za");
    expect(za.names).toEqual(["Liza Mathew", "Zara Khan", "Zainab Al Zaabi"]);
    expect(za.totals).toEqual([3, 3]);
    const first = await searchPage("za", 1, 1);
    expect(first.names).toEqual(["Liza Mathew"]);
    expect(first.pagination).toMatchObject({ totalCount: 3, totalPages: 3, hasNextPage: true });
  });

  it("counts a one-letter Arabic search on the normalised names (أ and إ are ا)", async () => {
    const alef = await allPages("ا", 1);
    expect(alef.names).toEqual(["Liza Mathew", "Faiz Yousuf", "Zara Khan", "Fatima Noor"]);
    expect(new Set(alef.totals)).toEqual(new Set([4]));
    const hamza = await allPages("أ", 1);
    expect(hamza.names).toEqual(alef.names);
  });

  it("counts a one-digit search on the mobiles", async () => {
    const two = await allPages("2", 4);
    expect(two.names).toHaveLength(10);
    expect(new Set(two.totals)).toEqual(new Set([10]));
    expect(new Set(two.pages)).toEqual(new Set([3]));
  });

  it("counts a longer search the same way", async () => {
    const az = await allPages("aziz", 1);
    expect(az.names).toEqual(["Aziz Rahman"]);
    const ham = await allPages("ham", 1);
    expect(ham.names).toEqual(["Mohammed Ali", "Hamad Saeed"]);
    expect(new Set(ham.totals)).toEqual(new Set([2]));
  });

  it("reports the total past the last page too", async () => {
    const beyond = await searchPage("z", 9);
    expect(beyond.names).toEqual([]);
    expect(beyond.pagination).toMatchObject({ totalCount: 5, totalPages: 3 });
  });
});
