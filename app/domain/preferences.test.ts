import { describe, expect, it } from "vitest";
import { AED } from "./money";
import {
  BUDGET_BAND_SPECS,
  BUDGET_BANDS,
  budgetBandForAmount,
  choiceOf,
  distinctTags,
  listColumn,
  listFromColumn,
  listItems,
  normalizeSize,
  parseBudgetBand,
  PREFERRED_METALS,
  PREFERRED_STONES,
  preferredMetalsOf,
} from "./preferences";
import { METAL_LABELS, METALS, STONES } from "./sales";

describe("one vocabulary with the sales", () => {
  it("prefers the metals and stones a sale item can have, without 'none'", () => {
    expect(PREFERRED_METALS).toEqual(METALS.filter((m) => m !== "none"));
    expect(PREFERRED_STONES).toEqual(STONES.filter((s) => s !== "none"));
  });

  it("reads a choice by key or label, case, spaces and punctuation aside", () => {
    expect(choiceOf("Yellow Gold", PREFERRED_METALS, METAL_LABELS)).toBe("yellow_gold");
    expect(choiceOf("white-gold", PREFERRED_METALS, METAL_LABELS)).toBe("white_gold");
    expect(choiceOf("gold", PREFERRED_METALS, METAL_LABELS)).toBeNull();
    expect(choiceOf("none", PREFERRED_METALS, METAL_LABELS)).toBeNull();
  });
});

describe("budget bands", () => {
  it("cover every amount once, from 0 up, each band starting where the last ends", () => {
    BUDGET_BANDS.forEach((band, i) => {
      const { from, to } = BUDGET_BAND_SPECS[band];
      if (i === 0) expect(from).toBe(0n);
      else expect(from).toBe(BUDGET_BAND_SPECS[BUDGET_BANDS[i - 1]!].to);
      if (i === BUDGET_BANDS.length - 1) expect(to).toBeNull();
    });
  });

  it("puts an amount in its band, the boundary in the higher one", () => {
    expect(budgetBandForAmount(0n)).toBe("under_5k");
    expect(budgetBandForAmount(AED(5_000) - 1n)).toBe("under_5k");
    expect(budgetBandForAmount(AED(5_000))).toBe("5k_20k");
    expect(budgetBandForAmount(AED(149_999))).toBe("50k_150k");
    expect(budgetBandForAmount(AED(2_000_000))).toBe("150k_plus");
  });

  it("reads a band from its key, its label or an amount", () => {
    expect(parseBudgetBand("50k_150k")).toBe("50k_150k");
    expect(parseBudgetBand("aed 50,000 - 150,000")).toBe("50k_150k");
    expect(parseBudgetBand("Under AED 5,000")).toBe("under_5k");
    expect(parseBudgetBand("AED 12,500")).toBe("5k_20k");
    expect(parseBudgetBand("a lot")).toBeNull();
  });
});

describe("sizes", () => {
  it("keeps a size as the shop writes it, spaces tidied", () => {
    expect(normalizeSize(" 14 ")).toBe("14");
    expect(normalizeSize("N  ½")).toBe("N ½");
    expect(normalizeSize("EU 54")).toBe("EU 54");
    expect(normalizeSize("2-6")).toBe("2-6");
    expect(normalizeSize("7.5")).toBe("7.5");
    expect(normalizeSize("٥٤")).toBe("٥٤");
  });

  it("refuses markup, other punctuation, blanks and long text", () => {
    expect(normalizeSize("<b>14</b>")).toBeNull();
    expect(normalizeSize("14, 15")).toBeNull();
    expect(normalizeSize("   ")).toBeNull();
    expect(normalizeSize("1234567890123")).toBeNull();
  });
});

describe("lists", () => {
  it("splits arrays, repeated fields and cells on commas and semicolons, dropping blanks", () => {
    expect(listItems(["yellow_gold", "", " rose_gold "])).toEqual(["yellow_gold", "rose_gold"]);
    expect(listItems("Classic;  Minimal ,, Vintage")).toEqual(["Classic", "Minimal", "Vintage"]);
    expect(listItems("")).toEqual([]);
    expect(listItems([1, 2])).toBeNull();
    expect(listItems({ a: 1 })).toBeNull();
  });

  it("drops repeated tags whatever their case, keeping the first spelling", () => {
    expect(distinctTags(["Classic", "classic", "Minimal"])).toEqual(["Classic", "Minimal"]);
  });

  it("stores a list as one text and reads it back; no items is no value", () => {
    expect(listColumn(["yellow_gold", "platinum"])).toBe("yellow_gold,platinum");
    expect(listColumn([])).toBeNull();
    expect(listColumn(null)).toBeNull();
    expect(listFromColumn("yellow_gold,platinum")).toEqual(["yellow_gold", "platinum"]);
    expect(listFromColumn(null)).toEqual([]);
    expect(preferredMetalsOf("yellow_gold,bronze")).toEqual(["yellow_gold"]);
  });
});
