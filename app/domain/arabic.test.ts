import { describe, expect, it } from "vitest";
import { normaliseArabic } from "./arabic";

describe("Arabic search normalisation", () => {
  it.each([
    ["أحمد", "احمد"],
    ["إبراهيم", "ابراهيم"],
    ["آمنة", "امنه"],
    ["ٱلله", "الله"],
    ["فاطمة", "فاطمه"],
    ["مصطفى", "مصطفي"],
    ["محـــمد", "محمد"],
    ["مُحَمَّد", "محمد"],
    ["عائشة المنصوري", "عائشه المنصوري"],
  ])("folds %s to %s", (written, folded) => {
    expect(normaliseArabic(written)).toBe(folded);
  });

  it("lets a query without hamza find a name written with it, and the other way round", () => {
    expect(normaliseArabic("أحمد")).toBe(normaliseArabic("احمد"));
    expect(normaliseArabic("ليلى")).toBe(normaliseArabic("ليلي"));
  });

  it("leaves Latin text, digits and spaces alone", () => {
    expect(normaliseArabic("aisha al mansoori 971501234567")).toBe("aisha al mansoori 971501234567");
  });
});
