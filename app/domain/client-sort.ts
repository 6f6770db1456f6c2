/**
 * How the client book is ordered (docs/decisions/017-client-book-sort-and-export.md): the one list
 * of sort keys read by the page, GET /api/clients and the export. In the URL as `sort=<key>`
 * (ascending) or `sort=-<key>` (descending), e.g. `sort=-totalSalesValue`. Clients without the
 * value (never bought, no date of birth, no owner) come last in either direction; ties are broken
 * by the id, in the order of the column sorted on, so every page of a sort is stable.
 */
export const CLIENT_SORT_KEYS = [
  "fullName",
  "totalSalesValue",
  "lastPurchaseDate",
  "daysSincePurchase",
  "nextBirthday",
  "createdAt",
  "ownerName",
] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";
export type ClientSort = { key: ClientSortKey; direction: SortDirection };

/** Newest first: the order the book always had. */
export const DEFAULT_CLIENT_SORT: ClientSort = { key: "createdAt", direction: "desc" };

/**
 * What a key orders by: the stored column, and whether the key's ascending order is the column's
 * descending one (fewest days since a purchase is the latest purchase). `createdAt` orders by the
 * id, which the database hands out in the order clients are added (createdAt is written once,
 * then, with the same order). The owner orders by the owner's name, then their id.
 */
export type SortColumn = "nameSortKey" | "totalSalesFils" | "lastPurchaseDate" | "birthMonthDay" | "id" | "ownerId";

export const CLIENT_SORT_COLUMNS: Record<ClientSortKey, { column: SortColumn; reversed: boolean }> = {
  fullName: { column: "nameSortKey", reversed: false },
  totalSalesValue: { column: "totalSalesFils", reversed: false },
  lastPurchaseDate: { column: "lastPurchaseDate", reversed: false },
  daysSincePurchase: { column: "lastPurchaseDate", reversed: true },
  nextBirthday: { column: "birthMonthDay", reversed: false },
  createdAt: { column: "id", reversed: false },
  ownerName: { column: "ownerId", reversed: false },
};

/**
 * The direction a column header starts with (and the sort picker offers first). How each order reads
 * on screen is in the catalogs (`clients:sort.*`).
 */
export const CLIENT_SORT_FIRST: Record<ClientSortKey, SortDirection> = {
  fullName: "asc",
  totalSalesValue: "desc",
  lastPurchaseDate: "desc",
  daysSincePurchase: "desc",
  nextBirthday: "asc",
  createdAt: "desc",
  ownerName: "asc",
};

export type ClientSortResult = { ok: true; sort: ClientSort } | { ok: false; message: string };

function isSortKey(value: string): value is ClientSortKey {
  return (CLIENT_SORT_KEYS as readonly string[]).includes(value);
}

/**
 * The `sort` parameter: absent or empty is the default order; anything but a known key (with an
 * optional leading "-") is refused with a message naming the keys. The page falls back to the
 * default; /api answers 400 with the message.
 */
export function parseClientSort(raw: string | null): ClientSortResult {
  const text = raw?.trim() ?? "";
  if (text === "") return { ok: true, sort: DEFAULT_CLIENT_SORT };
  const descending = text.startsWith("-");
  const key = descending ? text.slice(1) : text;
  if (isSortKey(key)) return { ok: true, sort: { key, direction: descending ? "desc" : "asc" } };
  return {
    ok: false,
    message: `Unknown sort "${text.slice(0, 40)}": use one of ${CLIENT_SORT_KEYS.join(", ")}, with "-" in front for descending`,
  };
}

/** The value of the `sort` parameter for an order. */
export function clientSortParam(sort: ClientSort): string {
  return sort.direction === "desc" ? `-${sort.key}` : sort.key;
}

export function isDefaultClientSort(sort: ClientSort): boolean {
  return sort.key === DEFAULT_CLIENT_SORT.key && sort.direction === DEFAULT_CLIENT_SORT.direction;
}

/** Every order the sort picker offers: each key in its header's first direction, then the other. */
export const CLIENT_SORT_CHOICES: readonly ClientSort[] = CLIENT_SORT_KEYS.flatMap((key) => {
  const first = CLIENT_SORT_FIRST[key];
  return [
    { key, direction: first },
    { key, direction: first === "asc" ? ("desc" as const) : ("asc" as const) },
  ];
});

/** A column header's link: the other direction when the list is sorted by it, else its first direction. */
export function headerSort(current: ClientSort, key: ClientSortKey): ClientSort {
  if (current.key !== key) return { key, direction: CLIENT_SORT_FIRST[key] };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}

/** The header's aria-sort: only the column the list is sorted by carries one. */
export function ariaSort(current: ClientSort, key: ClientSortKey): "ascending" | "descending" | undefined {
  if (current.key !== key) return undefined;
  return current.direction === "asc" ? "ascending" : "descending";
}

/** The direction the stored column is read in for an order (a reversed key turns it round). */
export function columnDirection(sort: ClientSort): SortDirection {
  const { reversed } = CLIENT_SORT_COLUMNS[sort.key];
  if (!reversed) return sort.direction;
  return sort.direction === "asc" ? "desc" : "asc";
}

/** Month-days (month * 100 + day, as birthMonthDay stores them) from one on, or before one. */
export type MonthDayRange = { from: number } | { before: number };

/**
 * Next birthdays from `todayMonthDay`: the month-days from today to the year's end, then those
 * from 1 January up to yesterday. Two index ranges read one after the other, so the order needs
 * no sort of a computed value. Descending reads the same ranges backwards. A birthday today is
 * the soonest.
 */
export function nextBirthdayRanges(todayMonthDay: number, direction: SortDirection): MonthDayRange[] {
  const ranges: MonthDayRange[] = [{ from: todayMonthDay }, { before: todayMonthDay }];
  return direction === "asc" ? ranges : ranges.reverse();
}

/** The name the book sorts by (Customer.nameSortKey): "Aisha" and "aisha" side by side. */
export function nameSortKey(fullName: string): string {
  return fullName.trim().toLowerCase();
}
