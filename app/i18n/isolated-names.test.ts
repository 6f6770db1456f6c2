import { describe, expect, it } from "vitest";
import { fixedT } from "./i18n.server";
import { isolatedNames } from "./isolated-names";

const NAMES = ["name", "client", "member"];

describe("isolatedNames", () => {
  it("isolates each name the catalog puts in <bdi>, and leaves the rest as text", () => {
    const t = fixedT("en", "clients");
    expect(
      isolatedNames(t, "clients:alertLine.birthdayUpcoming", { name: "Aisha", count: 5, day: "Sun 15 Mar" }, NAMES),
    ).toEqual([
      { text: "Aisha", isolated: true },
      { text: "'s birthday is in 5 days (Sun 15 Mar): plan a greeting.", isolated: false },
    ]);
    expect(
      isolatedNames(
        t,
        "clients:alertLine.familySoon",
        { client: "Aisha", relation: "daughter", member: "Mariam", age: 8, when: "tomorrow" },
        NAMES,
      ),
    ).toEqual([
      { text: "Aisha", isolated: true },
      { text: "'s daughter ", isolated: false },
      { text: "Mariam", isolated: true },
      { text: " turns 8 tomorrow: send your wishes.", isolated: false },
    ]);
  });

  it("never reads markup in a name: it stays the name's text", () => {
    const t = fixedT("en", "clients");
    const name = "Eve</bdi><img src=x onerror=alert(1)><bdi>";
    expect(isolatedNames(t, "clients:alertLine.idExpiresSoon", { name, when: "today" }, NAMES)).toEqual([
      { text: name, isolated: true },
      { text: "'s Emirates ID expires today: ask for the renewed ID.", isolated: false },
    ]);
  });

  it("writes an Arabic page's numbers in its digits, names untouched", () => {
    const t = fixedT({ language: "ar", numerals: "arab" }, "clients");
    const pieces = isolatedNames(
      t,
      "clients:alertLine.birthdayUpcoming",
      { name: "عائشة 2", count: 5, day: "١٥ مارس" },
      NAMES,
    );
    expect(pieces.filter((p) => p.isolated)).toEqual([{ text: "عائشة 2", isolated: true }]);
    expect(pieces.map((p) => p.text).join("")).toContain("٥");
  });
});
