import { describe, expect, it } from "vitest";
import {
  addDays,
  businessToday,
  daysBetween,
  dayNumber,
  daysUntilNextOccasion,
  isIsoDate,
  isoFromDate,
  isoFromDayNumber,
  monthDayOf,
  monthDaysWithin,
  monthDayRangesWithin,
  soonestInRanges,
  subtractMonths,
} from "./calendar";

describe("business day", () => {
  it("is already tomorrow in Dubai at 23:30 UTC", () => {
    expect(businessToday(new Date("2026-03-14T23:30:00Z"), "Asia/Dubai")).toBe("2026-03-15");
    expect(businessToday(new Date("2026-03-14T19:59:00Z"), "Asia/Dubai")).toBe("2026-03-14");
  });
});

describe("days until the next occasion", () => {
  it("counts across the year boundary: 3 January is in 5 days on 29 December", () => {
    expect(daysUntilNextOccasion(103, "2026-12-29")).toBe(5);
  });
  it("counts across month ends", () => {
    expect(daysUntilNextOccasion(201, "2026-01-30")).toBe(2);
    expect(daysUntilNextOccasion(501, "2026-04-30")).toBe(1);
  });
  it("is 0 on the day and 364/365 the day after", () => {
    expect(daysUntilNextOccasion(615, "2026-06-15")).toBe(0);
    expect(daysUntilNextOccasion(615, "2026-06-16")).toBe(364);
    expect(daysUntilNextOccasion(615, "2027-06-16")).toBe(365); // 2028 is a leap year
  });
  it("puts 29 February on 28 February in other years, and on the 29th in leap years", () => {
    expect(daysUntilNextOccasion(229, "2027-02-28")).toBe(0);
    expect(daysUntilNextOccasion(229, "2027-02-20")).toBe(8);
    expect(daysUntilNextOccasion(229, "2028-02-28")).toBe(1);
  });
});

describe("reminder window keys", () => {
  it("covers 31 days across a year end", () => {
    const keys = monthDaysWithin("2026-12-20", 30);
    expect(keys).toContain(1220);
    expect(keys).toContain(1231);
    expect(keys).toContain(119);
    expect(keys).not.toContain(120);
  });
  it("includes 29 February when the 28th is in a non-leap window", () => {
    expect(monthDaysWithin("2027-02-10", 30)).toContain(229);
  });

  it("as ranges, split at the year end, soonest first", () => {
    expect(monthDayRangesWithin("2026-11-26", 30)).toEqual([{ gte: 1126, lte: 1226 }]);
    expect(monthDayRangesWithin("2026-12-20", 30)).toEqual([
      { gte: 1220, lte: 1231 },
      { gte: 101, lte: 119 },
    ]);
    // A window ending on 28 February of a non-leap year still takes the 29th's birthdays.
    expect(monthDayRangesWithin("2027-02-21", 7)).toEqual([{ gte: 221, lte: 229 }]);
  });

  it("read soonest first: next year's range only while the limit is not reached", async () => {
    const ranges = monthDayRangesWithin("2026-12-20", 30);
    const rowsIn = (range: { gte: number }) => (range.gte === 1220 ? [1220, 1225, 1231] : [101, 105]);
    const reads: string[] = [];
    const read = async (range: { gte: number; lte: number }, take: number) => {
      reads.push(`${range.gte}-${range.lte} take ${take}`);
      return rowsIn(range).slice(0, take);
    };
    expect(await soonestInRanges(ranges, 4, read)).toEqual([1220, 1225, 1231, 101]);
    expect(reads).toEqual(["1220-1231 take 4", "101-119 take 1"]);
    reads.length = 0;
    expect(await soonestInRanges(ranges, 2, read)).toEqual([1220, 1225]);
    expect(reads).toEqual(["1220-1231 take 2"]);
  });

  it("as ranges, hold every day of the window and no other, on every day of three years", () => {
    const everyMonthDay: number[] = [];
    for (let month = 1; month <= 12; month++)
      for (let day = 1; day <= new Date(Date.UTC(2024, month, 0)).getUTCDate(); day++)
        everyMonthDay.push(month * 100 + day);
    for (let today = "2025-01-01"; today < "2028-01-01"; today = addDays(today, 1))
      for (const days of [0, 1, 7, 30, 364]) {
        const ranges = monthDayRangesWithin(today, days);
        const keys = new Set(monthDaysWithin(today, days));
        const inRanges = everyMonthDay.filter((md) => ranges.some((r) => r.gte <= md && md <= r.lte));
        expect(inRanges, `${today} + ${days} days`).toEqual(everyMonthDay.filter((md) => keys.has(md)));
      }
  });
});

describe("calendar helpers", () => {
  it("validates ISO dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("29/02/2024")).toBe(false);
    // The Gregorian leap rule at the centuries, and months and days out of range.
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("1900-02-29")).toBe(false);
    expect(isIsoDate("2024-04-31")).toBe(false);
    expect(isIsoDate("2024-12-31")).toBe(true);
    expect(isIsoDate("2024-13-01")).toBe(false);
    expect(isIsoDate("2024-00-10")).toBe(false);
    expect(isIsoDate("2024-01-00")).toBe(false);
  });
  it("goes back whole calendar months, the 31st falling on a shorter month's last day", () => {
    expect(subtractMonths("2026-05-31", 3)).toBe("2026-02-28");
    expect(subtractMonths("2028-05-31", 3)).toBe("2028-02-29");
    expect(subtractMonths("2026-01-15", 1)).toBe("2025-12-15");
  });
  it("writes a stored date's day as its ISO timestamp does, in every year", () => {
    // Every 97th day from 1200 to 2899, at midnight and a moment before the next one.
    for (let day = -280_000; day < 340_000; day += 97) {
      for (const at of [new Date(day * 86_400_000), new Date((day + 1) * 86_400_000 - 1)])
        expect(isoFromDate(at)).toBe(at.toISOString().slice(0, 10));
    }
    expect(isoFromDate(new Date("0999-12-31T00:00:00Z"))).toBe("0999-12-31");
    expect(isoFromDate(new Date("1000-01-01T23:59:59Z"))).toBe("1000-01-01");
    expect(isoFromDayNumber(20_454)).toBe("2026-01-01");
  });
  it("numbers days as their UTC midnight does, rolling 30 February over as a Date does", () => {
    for (let day = -280_000; day < 340_000; day += 97) {
      const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
      expect(dayNumber(iso)).toBe(day);
    }
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2024-02-29")).toBe(19_782);
    for (const odd of [
      "2024-02-30",
      "2023-02-29",
      "2024-04-31",
      "2024-13-01",
      "2024-00-10",
      "2024-01-32",
      "2024-1-01",
      "x",
    ])
      expect(dayNumber(odd)).toStrictEqual(Math.round(new Date(`${odd}T00:00:00.000Z`).getTime() / 86_400_000));
  });
  it("reads month-day from a stored date and counts days", () => {
    expect(monthDayOf(new Date("1990-01-03T00:00:00Z"))).toBe(103);
    expect(daysBetween("2026-11-22", "2026-11-21")).toBe(-1);
  });
});
