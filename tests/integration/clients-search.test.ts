import { beforeAll, describe, expect, it } from "vitest";
import * as verifyApi from "~/routes/api.auth.verify-otp-for-action";
import * as clientsApi from "~/routes/api.clients";
import * as bulkApi from "~/routes/api.clients.bulk";
import * as deletedPage from "~/routes/_app.customers.deleted";
import {
  addClientThroughApi,
  callRoute,
  createUser,
  makeRequest,
  outcome,
  sessionCookieFor,
} from "../support/factories";

// LIKE's wildcards (% and _) and its escape character are ordinary characters in a search: a
// search for "50%" finds the clients whose name, email or ID contains "50%", not every client.

let cookie = "";
let adminCookie = "";
let seq = 0;
const nextMobile = () => `97156${String(++seq).padStart(7, "0")}`;

const add = (fullName: string, extra: Record<string, unknown> = {}) =>
  addClientThroughApi(cookie, { fullName, mobileNumber: nextMobile(), team: "team_a", ...extra });

async function search(query: string): Promise<string[]> {
  const res = await outcome(
    await callRoute(clientsApi.loader, makeRequest(`/api/clients?search=${encodeURIComponent(query)}`, { cookie })),
  );
  expect(res.status).toBe(200);
  return (res.body as { data: { fullName: string }[] }).data.map((c) => c.fullName).sort();
}

async function searchDeleted(query: string): Promise<string[]> {
  const res = await outcome(
    await callRoute(
      deletedPage.loader,
      makeRequest(`/customers/deleted?q=${encodeURIComponent(query)}`, { cookie: adminCookie }),
    ),
  );
  expect(res.status).toBe(200);
  return (res.body as { rows: { fullName: string }[] }).rows.map((r) => r.fullName).sort();
}

beforeAll(async () => {
  const staff = await createUser({ role: "sales_front" });
  cookie = await sessionCookieFor(staff.user.id);
  const admin = await createUser({ role: "admin" });
  adminCookie = await sessionCookieFor(admin.user.id);
  await add("Promo 50% Client");
  await add("Rate 500 Client");
  await add("Snake Case", { email: "snake_case@example.com" });
  await add("Snakecase Plain", { email: "snakeXcase@example.com" });
  await add("Back\\slash Client");
  await add("Plain Client");
  // Two deleted clients, to search the restore list the same way.
  const gone = [await add("Gone 10% Off"), await add("Gone 100 Plain")];
  const verified = await outcome(
    await callRoute(
      verifyApi.action,
      makeRequest("/api/auth/verify-otp-for-action", { cookie, json: { otpCode: staff.code() } }),
    ),
  );
  expect(verified.status).toBe(200);
  const deleted = await outcome(
    await callRoute(
      bulkApi.action,
      makeRequest("/api/clients/bulk", { cookie, method: "DELETE", json: { clientIds: gone, otpVerified: true } }),
    ),
  );
  expect(deleted.status).toBe(200);
});

describe("the search box treats LIKE's special characters literally", () => {
  it("finds only the client containing 50% for a search of 50%", async () => {
    expect(await search("50%")).toEqual(["Promo 50% Client"]);
  });

  it("does not match every client for a lone % or _", async () => {
    expect(await search("%")).toEqual(["Promo 50% Client"]);
    expect(await search("_")).toEqual(["Snake Case"]);
  });

  it("matches _ as an underscore, not as any one character", async () => {
    expect(await search("snake_case")).toEqual(["Snake Case"]);
  });

  it("matches the escape character itself", async () => {
    expect(await search("back\\slash")).toEqual(["Back\\slash Client"]);
    expect(await search("\\")).toEqual(["Back\\slash Client"]);
  });

  it("still finds ordinary substrings", async () => {
    expect(await search("50")).toEqual(["Promo 50% Client", "Rate 500 Client"]);
  });

  it("applies the same rule to the deleted clients an admin can restore", async () => {
    expect(await searchDeleted("10%")).toEqual(["Gone 10% Off"]);
    expect(await searchDeleted("%")).toEqual(["Gone 10% Off"]);
    expect(await searchDeleted("gone")).toEqual(["Gone 10% Off", "Gone 100 Plain"]);
  });
});

// A number searched for (five digits or more) is read from the search's index and sorted on SQLite
// (app/services/client-queries.server.ts): the page must hold the same clients in the same order as
// any other search, in each sort.
describe("a search for part of a mobile number", () => {
  async function page(query: string): Promise<string[]> {
    const res = await outcome(await callRoute(clientsApi.loader, makeRequest(`/api/clients?${query}`, { cookie })));
    expect(res.status).toBe(200);
    return (res.body as { data: { fullName: string }[] }).data.map((c) => c.fullName);
  }

  it("lists its matches newest first or in the chosen order, either way round", async () => {
    for (const [name, mobile] of [
      ["Number Beta", "971584400001"],
      ["Number Alpha", "971584400002"],
      ["Number Gamma", "971584400003"],
    ] as const)
      await add(name, { mobileNumber: mobile });
    await add("Number Other", { mobileNumber: "971585500001" });
    expect(await page("search=0584400")).toEqual(["Number Gamma", "Number Alpha", "Number Beta"]);
    expect(await page("search=0584400&sort=fullName")).toEqual(["Number Alpha", "Number Beta", "Number Gamma"]);
    expect(await page("search=0584400&sort=-fullName&limit=25&page=1")).toEqual([
      "Number Gamma",
      "Number Beta",
      "Number Alpha",
    ]);
  });
});
