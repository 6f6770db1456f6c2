import { daysBetween, subtractMonths, type IsoDate } from "./calendar";
import { COUNTRIES, EMIRATES, type Country, type Emirate } from "./client-enums";
import { ownerFilterParam, parseOwnerFilter, type OwnerFilter } from "./client-owner";
import {
  clientSortParam,
  isDefaultClientSort,
  parseClientSort,
  DEFAULT_CLIENT_SORT,
  type ClientSort,
} from "./client-sort";
import { TIERS, type Tier } from "./tiers";
import { searchQuery } from "./search-query";

/**
 * The customer list's state (docs/product-rules.md §9 'Customer filters'): it lives in the URL, so a view
 * can be bookmarked and works without JavaScript. Unknown values are ignored, not errors.
 */
export const PAGE_SIZES = [25, 50, 100, 500, 1000, 2000, 5000] as const;
export const DEFAULT_PAGE_SIZE = 500;
export const MAX_PAGE_SIZE = 5000;
export const NOT_PURCHASED_MONTHS = [3, 6, 12] as const;
export type NotPurchasedFor = (typeof NOT_PURCHASED_MONTHS)[number];
/** docs/product-rules.md §9: the pager shows up to 5 page buttons. */
export const MAX_PAGE_BUTTONS = 5;

export type ClientFilters = {
  search: string;
  tier: Tier | null;
  emirate: Emirate | null;
  country: Country | null;
  /** A team as sent: its id, key or a name in either language; the service finds the team (past ones too). */
  team: string | null;
  notPurchasedFor: NotPurchasedFor | null;
  /** The dashboard's Inactive Clients, exactly: not active (inactiveClientSql). */
  inactive: boolean;
  owner: OwnerFilter | null;
};
/** The list as the user sees it: filters, order (app/domain/client-sort.ts) and page. */
export type ClientListQuery = ClientFilters & { sort: ClientSort; page: number; limit: number };

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The spec's API sends 3, 6 or 12; people and old links may say 3m, 6m, 12m or 3months. */
function parseNotPurchased(raw: string | null): NotPurchasedFor | null {
  const match = raw ? /^(\d+)\s*(m|months?)?$/i.exec(raw.trim()) : null;
  const months = match ? Number(match[1]) : NaN;
  return (NOT_PURCHASED_MONTHS as readonly number[]).includes(months) ? (months as NotPurchasedFor) : null;
}

function sortOrDefault(raw: string | null): ClientSort {
  const parsed = parseClientSort(raw);
  return parsed.ok ? parsed.sort : DEFAULT_CLIENT_SORT;
}

export function parseClientListQuery(params: URLSearchParams): ClientListQuery {
  const limit = positiveInt(params.get("limit"));
  return {
    search: searchQuery(params.get("search")),
    tier: oneOf(TIERS, params.get("tier")),
    emirate: oneOf(EMIRATES, params.get("emirate")),
    country: oneOf(COUNTRIES, params.get("country")),
    team: params.get("team")?.trim().slice(0, 100) || null,
    notPurchasedFor: parseNotPurchased(params.get("notPurchasedFor")),
    inactive: ["1", "true", "on"].includes(params.get("inactive")?.trim().toLowerCase() ?? ""),
    owner: parseOwnerFilter(params.get("owner")),
    // An unknown sort shows the default order here; /api refuses it (parseClientSort's message).
    sort: sortOrDefault(params.get("sort")),
    page: positiveInt(params.get("page")) ?? 1,
    limit: limit === null ? DEFAULT_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE),
  };
}

/** How many filters beyond the search box narrow the list: the phone's folded card says "Filters (n active)". */
export function activeFilterCount(f: ClientFilters): number {
  return [f.tier, f.emirate, f.country, f.team, f.notPurchasedFor, f.inactive || null, f.owner].filter(
    (v) => v !== null,
  ).length;
}

export function hasActiveFilters(f: ClientFilters): boolean {
  return Boolean(f.search) || activeFilterCount(f) > 0;
}

/**
 * The query string of a list view; defaults are left out so URLs stay short. Changing a filter
 * drops the page (back to 1), as docs/product-rules.md §4 asks.
 */
export function clientListSearch(query: ClientListQuery, change: Partial<ClientListQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  for (const key of ["tier", "emirate", "country", "team", "notPurchasedFor"] as const) {
    const value = next[key];
    if (value !== null) params.set(key, String(value));
  }
  if (next.inactive) params.set("inactive", "1");
  if (next.owner) params.set("owner", ownerFilterParam(next.owner));
  if (!isDefaultClientSort(next.sort)) params.set("sort", clientSortParam(next.sort));
  if (next.limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(next.limit));
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "Not purchased for N months": the last purchase was on or before this day (calendar months back). */
export function notPurchasedCutoff(today: IsoDate, months: number): IsoDate {
  return subtractMonths(today, months);
}

export function totalPages(totalCount: number, limit: number): number {
  return Math.max(1, Math.ceil(totalCount / limit));
}

/** Up to 5 page numbers around the current page, shifted at the edges so 5 show when there are 5. */
export function pagerPages(page: number, pages: number): number[] {
  const count = Math.min(MAX_PAGE_BUTTONS, pages);
  const start = Math.min(Math.max(1, page - Math.floor(MAX_PAGE_BUTTONS / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Days between the last purchase and today ("Purchase Since (days)"); null without a purchase. */
export function daysSincePurchase(lastPurchase: IsoDate | null, today: IsoDate): number | null {
  if (!lastPurchase) return null;
  return Math.max(0, daysBetween(lastPurchase, today));
}
