import { describe, expect, it } from "vitest";
import { ageOnBirthday, familyMemberSchema, familyMembersSchema, nextBirthday, ordinal, sameFamily } from "./family";
import { MESSAGE_CODES } from "./message-codes";

const TODAY = "2026-11-25";

describe("a family member's input", () => {
  const parse = (raw: unknown) => familyMemberSchema(TODAY).safeParse(raw);

  it("trims the name, reads the relation in any case, takes a day or a JSON timestamp, or no date", () => {
    expect(parse({ relation: "Daughter", name: "  Mariam   Al Mansoori ", birthDate: "2018-12-01" }).data).toEqual({
      relation: "daughter",
      name: "Mariam Al Mansoori",
      birthDate: "2018-12-01",
    });
    expect(parse({ relation: "spouse", name: "Omar", birthDate: "1985-04-02T00:00:00.000Z" }).data?.birthDate).toBe(
      "1985-04-02",
    );
    expect(parse({ relation: "son", name: "Zayed", birthDate: "" }).data?.birthDate).toBeNull();
    expect(parse({ relation: "son", name: "Zayed" }).data?.birthDate).toBeNull();
  });

  it("says what is wrong: the relation, a missing name, an impossible or future day", () => {
    const messages = (raw: unknown) => parse(raw).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages({ relation: "cousin", name: " ", birthDate: "2026-02-30" })).toEqual([
      `relation: ${MESSAGE_CODES.familyRelation}`,
      `name: ${MESSAGE_CODES.familyName}`,
      `birthDate: ${MESSAGE_CODES.familyBirthDate}`,
    ]);
    expect(messages({ relation: "son", name: "Zayed", birthDate: "2026-11-26" })).toEqual([
      `birthDate: ${MESSAGE_CODES.familyBirthDateFuture}`,
    ]);
    expect(messages({ relation: 3, name: ["x"], birthDate: 20180101 })).toHaveLength(3);
  });

  it("takes at most 20 members in a list, and refuses anything but a list", () => {
    const member = { relation: "child", name: "Noor" };
    expect(familyMembersSchema(TODAY).safeParse(Array.from({ length: 20 }, () => member)).success).toBe(true);
    const tooMany = familyMembersSchema(TODAY).safeParse(Array.from({ length: 21 }, () => member));
    expect(tooMany.error?.issues[0]?.message).toBe(MESSAGE_CODES.familyTooMany);
    expect(familyMembersSchema(TODAY).safeParse({ relation: "son" }).error?.issues[0]?.message).toBe(
      MESSAGE_CODES.familyList,
    );
  });

  it("compares two lists by who is in them, in order", () => {
    const a = [{ relation: "son" as const, name: "Zayed", birthDate: null }];
    expect(sameFamily(a, [{ ...a[0]! }])).toBe(true);
    expect(sameFamily(a, [{ ...a[0]!, birthDate: "2019-01-01" }])).toBe(false);
    expect(sameFamily(a, [])).toBe(false);
  });
});

describe("birthdays and ages", () => {
  it("counts the age turned on the next birthday, through the year end", () => {
    expect(nextBirthday("2018-11-30", TODAY)).toEqual({ date: "2026-11-30", daysLeft: 5, age: 8 });
    expect(nextBirthday("2018-11-25", TODAY)).toEqual({ date: "2026-11-25", daysLeft: 0, age: 8 });
    expect(nextBirthday("2010-01-03", "2026-12-29")).toEqual({ date: "2027-01-03", daysLeft: 5, age: 17 });
    expect(nextBirthday("2018-11-24", TODAY)).toMatchObject({ date: "2027-11-24", age: 9 });
  });

  it("celebrates a 29 February birthday on 28 February in a common year, a year older each year", () => {
    expect(nextBirthday("2016-02-29", "2027-02-20")).toEqual({ date: "2027-02-28", daysLeft: 8, age: 11 });
    expect(nextBirthday("2016-02-29", "2028-02-20")).toEqual({ date: "2028-02-29", daysLeft: 9, age: 12 });
    expect(ageOnBirthday("2016-02-29", "2027-02-28")).toBe(11);
  });

  it("writes ordinals", () => {
    expect([1, 2, 3, 4, 8, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "8th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
      "112th",
    ]);
  });
});
