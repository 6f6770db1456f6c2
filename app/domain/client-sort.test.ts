import { describe, expect, it } from "vitest";
import {
  ariaSort,
  CLIENT_SORT_CHOICES,
  CLIENT_SORT_KEYS,
  clientSortParam,
  columnDirection,
  DEFAULT_CLIENT_SORT,
  headerSort,
  isDefaultClientSort,
  nameSortKey,
  nextBirthdayRanges,
  parseClientSort,
} from "./client-sort";

describe("the sort parameter", () => {
  it("reads a key as ascending and -key as descending", () => {
    expect(parseClientSort("fullName")).toEqual({ ok: true, sort: { key: "fullName", direction: "asc" } });
    expect(parseClientSort("-totalSalesValue")).toEqual({
      ok: true,
      sort: { key: "totalSalesValue", direction: "desc" },
    });
    expect(parseClientSort(" nextBirthday ")).toEqual({ ok: true, sort: { key: "nextBirthday", direction: "asc" } });
  });

  it("reads every key both ways and writes it back as it was", () => {
    for (const key of CLIENT_SORT_KEYS) {
      for (const raw of [key, `-${key}`]) {
        const parsed = parseClientSort(raw);
        expect(parsed.ok && clientSortParam(parsed.sort)).toBe(raw);
      }
    }
  });

  it("takes no sort, or an empty one, as newest first", () => {
    expect(parseClientSort(null)).toEqual({ ok: true, sort: DEFAULT_CLIENT_SORT });
    expect(parseClientSort("")).toEqual({ ok: true, sort: DEFAULT_CLIENT_SORT });
    expect(DEFAULT_CLIENT_SORT).toEqual({ key: "createdAt", direction: "desc" });
    expect(isDefaultClientSort({ key: "createdAt", direction: "desc" })).toBe(true);
    expect(isDefaultClientSort({ key: "createdAt", direction: "asc" })).toBe(false);
  });

  it.each(["shoeSize", "--fullName", "+fullName", "fullname", "-", "totalSalesValue,-fullName", "tier"])(
    "refuses %j with a message naming the keys",
    (raw) => {
      const parsed = parseClientSort(raw);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.message).toContain(`Unknown sort "${raw}"`);
        expect(parsed.message).toContain(CLIENT_SORT_KEYS.join(", "));
      }
    },
  );

  it("keeps a long unknown value out of the message", () => {
    const parsed = parseClientSort("x".repeat(5000));
    expect(!parsed.ok && parsed.message.length).toBeLessThan(300);
  });
});

describe("column headers", () => {
  it("sort by a new column in its first direction, and turn the current one round", () => {
    const byName = { key: "fullName", direction: "asc" } as const;
    expect(headerSort(DEFAULT_CLIENT_SORT, "fullName")).toEqual(byName);
    expect(headerSort(byName, "fullName")).toEqual({ key: "fullName", direction: "desc" });
    expect(headerSort(byName, "totalSalesValue")).toEqual({ key: "totalSalesValue", direction: "desc" });
    expect(headerSort(byName, "nextBirthday")).toEqual({ key: "nextBirthday", direction: "asc" });
  });

  it("mark only the sorted column with aria-sort", () => {
    const byTotal = { key: "totalSalesValue", direction: "desc" } as const;
    expect(ariaSort(byTotal, "totalSalesValue")).toBe("descending");
    expect(ariaSort({ ...byTotal, direction: "asc" }, "totalSalesValue")).toBe("ascending");
    expect(ariaSort(byTotal, "fullName")).toBeUndefined();
  });

  it("offer every key in both directions in the picker", () => {
    expect(CLIENT_SORT_CHOICES).toHaveLength(CLIENT_SORT_KEYS.length * 2);
    expect(new Set(CLIENT_SORT_CHOICES.map(clientSortParam)).size).toBe(CLIENT_SORT_KEYS.length * 2);
  });
});

describe("what a key orders by", () => {
  it("reads days since purchase as the last purchase turned round", () => {
    expect(columnDirection({ key: "daysSincePurchase", direction: "asc" })).toBe("desc");
    expect(columnDirection({ key: "daysSincePurchase", direction: "desc" })).toBe("asc");
    expect(columnDirection({ key: "lastPurchaseDate", direction: "desc" })).toBe("desc");
  });

  it("starts next birthdays at today and wraps round the new year", () => {
    expect(nextBirthdayRanges(1125, "asc")).toEqual([{ from: 1125 }, { before: 1125 }]);
    expect(nextBirthdayRanges(1125, "desc")).toEqual([{ before: 1125 }, { from: 1125 }]);
    // On 1 January every birthday is in the first range.
    expect(nextBirthdayRanges(101, "asc")).toEqual([{ from: 101 }, { before: 101 }]);
  });

  it("sorts names without regard to capitals or stray spaces", () => {
    expect(nameSortKey("  Aisha Al Mansoori ")).toBe("aisha al mansoori");
    expect(nameSortKey("ÉLODIE")).toBe("élodie");
    expect(nameSortKey("عائشة")).toBe("عائشة");
  });
});
