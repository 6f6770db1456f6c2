import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clientListSearch,
  daysSincePurchase,
  DEFAULT_PAGE_SIZE,
  notPurchasedCutoff,
  pagerPages,
  parseClientListQuery,
  totalPages,
} from "./client-filters";

const parse = (qs: string) => parseClientListQuery(new URLSearchParams(qs));

describe("customer list query", () => {
  it("defaults to page 1 of 500 with no filters", () => {
    expect(parse("")).toEqual({
      search: "",
      tier: null,
      emirate: null,
      country: null,
      team: null,
      notPurchasedFor: null,
      inactive: false,
      owner: null,
      sort: { key: "createdAt", direction: "desc" },
      page: 1,
      limit: DEFAULT_PAGE_SIZE,
    });
  });

  it("reads every filter and ignores values it does not know", () => {
    expect(
      parse(
        "search=%20aisha%20&tier=gold&emirate=sharjah&country=uae&team=team_b&notPurchasedFor=6&inactive=1&owner=me&sort=-totalSalesValue&page=3&limit=25",
      ),
    ).toEqual({
      search: "aisha",
      tier: "gold",
      emirate: "sharjah",
      country: "uae",
      team: "team_b",
      notPurchasedFor: 6,
      inactive: true,
      owner: { kind: "me" },
      sort: { key: "totalSalesValue", direction: "desc" },
      page: 3,
      limit: 25,
    });
    expect(
      parse("tier=ruby&emirate=paris&notPurchasedFor=5&inactive=maybe&sort=shoeSize&page=-2&limit=abc"),
    ).toMatchObject({
      sort: { key: "createdAt", direction: "desc" },
      inactive: false,
      tier: null,
      emirate: null,
      team: null,
      notPurchasedFor: null,
      page: 1,
      limit: 500,
    });
    // A team is any text that may name one (a key, a name in either language); the service finds it.
    expect(parse("team=%20Entry%20Level%20").team).toBe("Entry Level");
  });

  it.each([
    ["3", 3],
    ["3m", 3],
    ["6months", 6],
    ["12m", 12],
  ])("reads notPurchasedFor=%s as %i months", (raw, months) => {
    expect(parse(`notPurchasedFor=${raw}`).notPurchasedFor).toBe(months);
  });

  it("caps the page size at 5000", () => {
    expect(parse("limit=100000").limit).toBe(5000);
  });

  it("writes a short URL and resets to page 1 when a filter changes", () => {
    const query = parse("search=ali&tier=gold&page=4&limit=50");
    expect(clientListSearch(query)).toBe("?search=ali&tier=gold&limit=50&page=4");
    expect(clientListSearch(query, { tier: "diamond", page: 1 })).toBe("?search=ali&tier=diamond&limit=50");
    expect(clientListSearch(parse("inactive=1&page=2"))).toBe("?inactive=1&page=2");
    expect(clientListSearch(parse(""))).toBe("");
  });

  it("keeps a sort other than the default in the URL", () => {
    expect(clientListSearch(parse("tier=gold&sort=nextBirthday&page=2"))).toBe("?tier=gold&sort=nextBirthday&page=2");
    expect(clientListSearch(parse("sort=-createdAt"))).toBe("");
    expect(clientListSearch(parse("sort=fullName"), { sort: { key: "fullName", direction: "desc" }, page: 1 })).toBe(
      "?sort=-fullName",
    );
  });
});

describe("active filters", () => {
  it("counts the filters beyond the search box, so a phone's folded card can say how many narrow the list", () => {
    expect(activeFilterCount(parse(""))).toBe(0);
    expect(activeFilterCount(parse("search=aisha"))).toBe(0);
    expect(activeFilterCount(parse("tier=gold&owner=me&inactive=1"))).toBe(3);
    expect(activeFilterCount(parse("tier=nonsense&page=4&limit=25"))).toBe(0);
  });
});

describe("not purchased for N months", () => {
  it.each([
    ["2024-06-15", 3, "2024-03-15"],
    ["2024-05-31", 3, "2024-02-29"],
    ["2023-05-31", 3, "2023-02-28"],
    ["2024-02-10", 6, "2023-08-10"],
    ["2024-01-31", 12, "2023-01-31"],
  ])("from %s, %i months back is %s", (today, months, cutoff) => {
    expect(notPurchasedCutoff(today, months)).toBe(cutoff);
  });
});

describe("pager", () => {
  it("shows up to 5 pages around the current one", () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pagerPages(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pagerPages(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it("counts pages, with one page for an empty list", () => {
    expect(totalPages(0, 25)).toBe(1);
    expect(totalPages(25, 25)).toBe(1);
    expect(totalPages(26, 25)).toBe(2);
  });

  it("counts the days since the last purchase", () => {
    expect(daysSincePurchase("2024-01-01", "2024-03-01")).toBe(60);
    expect(daysSincePurchase(null, "2024-03-01")).toBeNull();
  });
});
