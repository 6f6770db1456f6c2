import { describe, expect, it } from "vitest";
import { MESSAGE_CODES } from "./message-codes";
import {
  findChoice,
  keyFromName,
  nameOfKey,
  reorder,
  resolveChoice,
  shopRowPatchSchema,
  teamSettings,
  type ShopChoice,
} from "./shop-lists";

const row = (key: string, name: string, nameAr: string | null, active = true, position = 0): ShopChoice => ({
  id: `id-${key}`,
  key,
  name,
  nameAr,
  active,
  position,
});
const showrooms = [
  row("dubai_mall", "Dubai Mall", "دبي مول", true, 0),
  row("al_ain", "Al Ain", "العين", false, 1),
  row("yas", "Yas Mall", null, true, 2),
];

describe("keyFromName", () => {
  it("makes lowercase ASCII words joined by _, never a key already taken", () => {
    expect(keyFromName("  Dubai   Mall! ", new Set(), "showroom")).toBe("dubai_mall");
    expect(keyFromName("Café Décor", new Set(), "showroom")).toBe("cafe_decor");
    expect(keyFromName("Dubai Mall", new Set(["dubai_mall", "dubai_mall_2"]), "showroom")).toBe("dubai_mall_3");
    expect(keyFromName("دبي مول", new Set(["showroom"]), "showroom")).toBe("showroom_2");
  });
});

describe("findChoice and resolveChoice", () => {
  it("find a row by id, key, English or Arabic name, in any case and spacing", () => {
    for (const sent of ["id-dubai_mall", "dubai_mall", "DUBAI  mall", " دبي مول ", "Dubai_Mall"])
      expect(findChoice(showrooms, sent)?.key, sent).toBe("dubai_mall");
    expect(findChoice(showrooms, "Mall")).toBeUndefined();
    expect(findChoice(showrooms, "  ")).toBeUndefined();
  });

  it("refuse an inactive or unknown row, naming only the active ones", () => {
    expect(resolveChoice("showrooms", showrooms, "yas mall")).toEqual({ ok: true, key: "yas" });
    const refused = resolveChoice("showrooms", showrooms, "Al Ain");
    expect(refused).toEqual({
      ok: false,
      error: {
        code: MESSAGE_CODES.chooseShowroom,
        values: {
          choices: {
            names: [
              { name: "Dubai Mall", nameAr: "دبي مول" },
              { name: "Yas Mall", nameAr: null },
            ],
          },
        },
      },
    });
  });
});

describe("nameOfKey", () => {
  it("names a stored key in the page's language, inactive rows too, and shows an unknown key as it is", () => {
    expect(nameOfKey(showrooms, "al_ain", "ar")).toBe("العين");
    expect(nameOfKey(showrooms, "yas", "ar")).toBe("Yas Mall");
    expect(nameOfKey(showrooms, "dubai_mall", "en")).toBe("Dubai Mall");
    expect(nameOfKey(showrooms, "gone", "en")).toBe("gone");
    expect(nameOfKey(showrooms, null, "en")).toBeNull();
  });
});

describe("reorder", () => {
  it("moves one row and numbers the list 0, 1, 2… again", () => {
    const rows = [
      { id: "a", position: 0 },
      { id: "b", position: 1 },
      { id: "c", position: 5 },
    ];
    expect([...reorder(rows, "c", 0)]).toEqual([
      ["c", 0],
      ["a", 1],
      ["b", 2],
    ]);
    expect(reorder(rows, "a", 99).get("a")).toBe(2);
  });
});

describe("shopRowPatchSchema", () => {
  it("takes any one field, and refuses a body with none it knows rather than answer a change that did nothing", () => {
    expect(shopRowPatchSchema().parse({ active: false })).toEqual({ active: false });
    const refused = shopRowPatchSchema().safeParse({ email: "a@b.c" });
    expect(refused.error?.issues[0]?.message).toBe(MESSAGE_CODES.shopNothingToChange);
  });

  it("keeps a team's Arabic products line for line beside the English ones: a blank line stays, trailing ones go", () => {
    const patch = shopRowPatchSchema().parse({ products: "Ring\n\nBangle\n", productsAr: " \nسوار \n\n" });
    expect(patch.products).toEqual(["Ring", "Bangle"]);
    expect(patch.productsAr).toEqual(["", "سوار"]);
    expect(
      teamSettings({ products: "Ring\nBangle", productsAr: "\nسوار", clientTiers: "", budgetBands: "" }),
    ).toMatchObject({
      products: ["Ring", "Bangle"],
      productsAr: ["", "سوار"],
    });
  });
});
