import { SEEDED_LEAD_LISTS, seededProducts } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import { english } from "~/i18n/english.server";
import { fixedT } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import { MESSAGE_CODES as CODE } from "./message-codes";
import {
  recommendedProducts,
  type PurchasedPieces,
  type RecommendationFacts,
  type RecommendationLists,
} from "./recommendations";

const bought = (category: string, metal: string, stone = "none", pieces = 1) =>
  ({ category, metal, stone, pieces }) as PurchasedPieces;

function facts(overrides: Partial<RecommendationFacts> = {}): RecommendationFacts {
  return {
    team: "team_c",
    purchases: [],
    preferredMetals: [],
    preferredStones: [],
    styles: [],
    budgetBand: null,
    preferredCollection: null,
    occasion: null,
    ...overrides,
  };
}
/** The suggestions' English, as the JSON gives them. */
const texts = (input: RecommendationFacts, lists: RecommendationLists = SEEDED_LEAD_LISTS) =>
  recommendedProducts(input, lists, english).map((p) => p.text);
const recommend = (overrides: Partial<RecommendationFacts>) => texts(facts(overrides));

describe("the piece that completes what the client bought", () => {
  it("a necklace and earrings in yellow gold: the matching bangle in yellow gold", () => {
    const picks = recommend({
      purchases: [bought("necklace", "yellow_gold"), bought("earrings", "yellow_gold", "none", 2)],
    });
    expect(picks[0]).toBe("Yellow gold bangle to match the necklace and earrings");
  });

  it("fills the suite in order (neck, ears, wrist, finger); a set is a necklace with earrings", () => {
    expect(recommend({ purchases: [bought("ring", "white_gold")] })[0]).toBe("White gold necklace to match the ring");
    expect(recommend({ purchases: [bought("set", "rose_gold")] })[0]).toBe("Rose gold bangle to match the set");
    expect(recommend({ purchases: [bought("pendant", "platinum"), bought("bracelet", "platinum")] })[0]).toBe(
      "Platinum earrings to match the pendant and bracelet",
    );
  });

  it("reads where pieces are worn and where they start from the shop's categories, an added one too", () => {
    // Shop settings: a cuff worn on the wrist from AED 12,000; the bangle deactivated.
    const cuff = {
      ...SEEDED_LEAD_LISTS.itemCategories[1]!,
      id: "cuff",
      key: "cuff",
      name: "Cuff",
      nameAr: "سوار عريض",
      position: 10,
      priceFrom: "12000.00",
    };
    const itemCategories = [
      ...SEEDED_LEAD_LISTS.itemCategories.map((c) => (c.key === "bangle" ? { ...c, active: false } : c)),
      cuff,
    ];
    const lists = { ...SEEDED_LEAD_LISTS, itemCategories };
    const suite = [bought("necklace", "yellow_gold"), bought("earrings", "yellow_gold")];
    const pick = (budgetBand: RecommendationFacts["budgetBand"]) =>
      texts(facts({ purchases: suite, budgetBand }), lists)[0];
    expect(pick("20k_50k")).toBe("Yellow gold cuff to match the necklace and earrings");
    expect(pick("under_5k")).toBe("Yellow gold bracelet to match the necklace and earrings");
    // A past bangle still fills the wrist, though the shop no longer offers it.
    expect(texts(facts({ purchases: [...suite, bought("bangle", "yellow_gold")] }), lists)[0]).toBe(
      "Yellow gold ring to match the necklace, earrings and bangle",
    );
    // A category worn nowhere (a watch), or one the shop no longer has, is not part of a suite.
    expect(recommend({ purchases: [bought("watch", "yellow_gold"), bought("anklet", "yellow_gold")] })[0]).not.toMatch(
      /to match/,
    );
  });

  it("works in the metal bought most; a tie goes to the preferred metal", () => {
    const purchases = [
      bought("necklace", "yellow_gold"),
      bought("ring", "white_gold"),
      bought("earrings", "white_gold"),
    ];
    expect(recommend({ purchases })[0]).toBe("White gold necklace to match the earrings and ring");
    const tie = [bought("necklace", "yellow_gold"), bought("ring", "white_gold")];
    expect(recommend({ purchases: tie })[0]).toBe("Yellow gold earrings to match the necklace");
    expect(recommend({ purchases: tie, preferredMetals: ["white_gold"] })[0]).toBe(
      "White gold necklace to match the ring",
    );
  });

  it("takes the stone they prefer, else the one they bought most in that metal", () => {
    const purchases = [bought("necklace", "white_gold", "diamond"), bought("earrings", "white_gold", "diamond")];
    expect(recommend({ purchases })[0]).toBe("White gold diamond bangle to match the necklace and earrings");
    expect(recommend({ purchases, preferredStones: ["emerald"] })[0]).toBe(
      "White gold emerald bangle to match the necklace and earrings",
    );
  });

  it("leaves out watches, coins, other pieces and pieces without a metal; a full suite needs nothing more", () => {
    const none = [bought("watch", "yellow_gold"), bought("coin_bar", "yellow_gold", "none", 5), bought("ring", "none")];
    expect(recommend({ purchases: none, team: "team_b" })).toEqual(seededProducts("team_b"));
    const suite = ["necklace", "earrings", "bangle", "ring"].map((c) => bought(c, "yellow_gold"));
    expect(recommend({ purchases: suite, team: "team_a" })).toEqual(seededProducts("team_a"));
  });
});

describe("a budget band bounds the suggestion", () => {
  const purchases = [bought("necklace", "yellow_gold"), bought("earrings", "yellow_gold")];

  it("under AED 5,000 a bracelet instead of a bangle, a pendant instead of a necklace", () => {
    expect(recommend({ purchases, budgetBand: "under_5k" })[0]).toBe(
      "Yellow gold bracelet to match the necklace and earrings",
    );
    expect(recommend({ purchases: [bought("ring", "yellow_gold")], budgetBand: "under_5k" })[0]).toBe(
      "Yellow gold pendant to match the ring",
    );
    expect(recommend({ purchases, budgetBand: "5k_20k" })[0]).toBe(
      "Yellow gold bangle to match the necklace and earrings",
    );
  });

  it("drops a stone the budget cannot carry, and takes the next preferred one that fits", () => {
    expect(recommend({ purchases, budgetBand: "under_5k", preferredStones: ["diamond"] })[0]).toBe(
      "Yellow gold bracelet to match the necklace and earrings",
    );
    expect(recommend({ purchases, budgetBand: "under_5k", preferredStones: ["diamond", "pearl"] })[0]).toBe(
      "Yellow gold pearl bracelet to match the necklace and earrings",
    );
    expect(recommend({ purchases, budgetBand: "20k_50k", preferredStones: ["diamond", "pearl"] })[0]).toBe(
      "Yellow gold diamond bangle to match the necklace and earrings",
    );
  });

  it("fills up with the range the budget fits rather than the team's", () => {
    expect(recommend({ team: "team_a", budgetBand: "under_5k" })).toEqual(seededProducts("team_b"));
    expect(recommend({ team: "team_b", budgetBand: "150k_plus" })).toEqual(seededProducts("team_a"));
    expect(recommend({ team: "team_b", budgetBand: "20k_50k" })).toEqual(seededProducts("team_c"));
  });
});

describe("a piece from what the client likes", () => {
  it("in the preferred metal and stone, for a place of the suite not filled in that metal, in their style", () => {
    const picks = recommend({
      purchases: [bought("necklace", "yellow_gold")],
      preferredMetals: ["white_gold", "platinum"],
      preferredStones: ["pearl"],
      styles: ["Classic", "Minimal"],
    });
    expect(picks.slice(0, 2)).toEqual([
      "Yellow gold pearl earrings to match the necklace",
      "White gold pearl necklace, Classic style",
    ]);
  });

  it("never repeats the matching piece: in the same metal it moves to the next place", () => {
    const picks = recommend({
      purchases: [bought("necklace", "yellow_gold"), bought("earrings", "yellow_gold")],
      preferredMetals: ["yellow_gold"],
      preferredStones: ["diamond"],
    });
    expect(picks.slice(0, 2)).toEqual([
      "Yellow gold diamond bangle to match the necklace and earrings",
      "Yellow gold diamond ring",
    ]);
  });

  it("names a piece from stones or styles alone; 'other' stones read as a gemstone", () => {
    expect(recommend({ preferredStones: ["pearl"] })[0]).toBe("Pearl necklace");
    expect(recommend({ preferredStones: ["other"], preferredMetals: ["rose_gold"] })[0]).toBe(
      "Rose gold gemstone necklace",
    );
    expect(recommend({ styles: ["Art deco style"], budgetBand: "under_5k" })[0]).toBe("Pendant, Art deco style");
  });
});

describe("the rest, and the shape of the answer", () => {
  it("without purchases or tastes: the preferred collection, the occasion, then the team's range", () => {
    expect(recommend({ team: "team_b", preferredCollection: "Bridal", occasion: "birthday" })).toEqual([
      "Bridal collection",
      "Birthstone pendant",
      "18K gold pendant",
    ]);
    expect(recommend({ team: "team_a", occasion: "anniversary" })[0]).toBe("Matching anniversary bands");
  });

  it("gives at most three, never the same twice, the same for the same facts", () => {
    const input = facts({
      purchases: [bought("ring", "silver")],
      preferredMetals: ["silver"],
      styles: ["Boho"],
      preferredCollection: "Everyday",
      occasion: "birthday",
    });
    const picks = texts(input);
    expect(picks).toEqual(["Silver necklace to match the ring", "Silver earrings, Boho style", "Everyday collection"]);
    expect(texts(input)).toEqual(picks);
    expect(recommend({ team: "team_c" })).toHaveLength(3);
  });
});

describe("the engine's words for its suggestions", () => {
  const tAr = fixedT("ar", "leads");
  const suite = [bought("necklace", "yellow_gold"), bought("earrings", "yellow_gold")];
  const necklace = { names: [{ name: "necklace", nameAr: "قلادة" }] };
  const earrings = { names: [{ name: "earrings", nameAr: "أقراط" }] };

  it("are codes with values, whose English is the text", () => {
    const [matching, preferred] = recommendedProducts(
      facts({ purchases: suite, preferredMetals: ["white_gold"], preferredStones: ["diamond"], styles: ["Classic"] }),
      SEEDED_LEAD_LISTS,
      english,
    );
    expect(matching!.words).toEqual({
      code: CODE.leadProductMatching,
      values: {
        piece: {
          code: CODE.leadPieceMetalStone,
          values: {
            metal: { label: "clients:metal.yellow_gold" },
            stone: { label: "leads:products.stoneAfter.diamond" },
            piece: { names: [{ name: "bangle", nameAr: "إسوارة" }] },
          },
        },
        matches: { code: CODE.leadListAnd, values: { items: necklace, last: earrings } },
      },
    });
    expect(matching!.text).toBe("Yellow gold diamond bangle to match the necklace and earrings");
    expect(preferred!.text).toBe("White gold diamond necklace, Classic style");
    expect(preferred!.words!.code).toBe(CODE.leadProductStyled);
  });

  it("say a team's product by its row's names, the Arabic line beside the English, and a text once", () => {
    const lists = {
      ...SEEDED_LEAD_LISTS,
      teams: SEEDED_LEAD_LISTS.teams.map((team) =>
        team.key === "team_b"
          ? { ...team, products: ["Birthstone pendant", "Charm bracelet", "Gold anklet"], productsAr: ["", "سوار"] }
          : team,
      ),
    };
    const [birthstone, charm, anklet] = recommendedProducts(
      facts({ team: "team_b", occasion: "birthday" }),
      lists,
      english,
    );
    expect(birthstone).toEqual({ text: "Birthstone pendant", words: { code: CODE.leadProductBirthstone } });
    expect(charm!.text).toBe("Charm bracelet");
    expect(say(tAr, charm!.words!)).toBe("سوار");
    expect(english(charm!.words!)).toBe("Charm bracelet");
    // No Arabic line: the shop's English text, shown as written.
    expect(anklet).toEqual({ text: "Gold anklet", words: null });
  });

  it("say a matching piece in Arabic, the piece before its metal and stone", () => {
    const [matching] = recommendedProducts(
      facts({ purchases: [...suite, bought("bangle", "yellow_gold")], preferredStones: ["diamond"] }),
      SEEDED_LEAD_LISTS,
      english,
    );
    const arabic = say(tAr, matching!.words!);
    expect(arabic).toBe("خاتم ذهب أصفر بالألماس يتناسق مع قلادة، أقراط وإسوارة");
    expect(arabic).not.toMatch(/[A-Za-z]/);
  });
});
