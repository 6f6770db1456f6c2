import { describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "./product";
import { JOB_TERMS_MAX, NO_SHOP_DETAILS, shopDetailsSchema, slipHeading } from "./shop-details";

const details = {
  shopName: "Gold Souk Jewellers",
  shopNameAr: "مجوهرات سوق الذهب",
  jobTerms: "Pieces not collected within 90 days may be sold.",
  jobTermsAr: "القطع التي لا تُستلم خلال 90 يومًا قد تُباع.",
};

describe("the slip's heading", () => {
  it("is the shop's name and terms in the slip's language", () => {
    expect(slipHeading(details, "en")).toEqual({ name: details.shopName, terms: details.jobTerms });
    expect(slipHeading(details, "ar")).toEqual({ name: details.shopNameAr, terms: details.jobTermsAr });
  });

  it("falls back to the English text in Arabic, and to the product's name and no terms when none is given", () => {
    expect(slipHeading({ ...details, shopNameAr: null, jobTermsAr: null }, "ar")).toEqual({
      name: details.shopName,
      terms: details.jobTerms,
    });
    expect(slipHeading(NO_SHOP_DETAILS, "en")).toEqual({ name: PRODUCT_NAME, terms: null });
    expect(slipHeading(NO_SHOP_DETAILS, "ar")).toEqual({ name: PRODUCT_NAME, terms: null });
  });
});

describe("the Shop settings form", () => {
  it("reads blank fields as none and keeps the terms' lines", () => {
    expect(
      shopDetailsSchema().parse({ shopName: "  Gold Souk  ", jobTerms: " One.\r\nTwo. ", jobTermsAr: " " }),
    ).toEqual({
      shopName: "Gold Souk",
      shopNameAr: null,
      jobTerms: "One.\nTwo.",
      jobTermsAr: null,
    });
  });

  it("refuses a name or terms too long to print", () => {
    const result = shopDetailsSchema().safeParse({
      shopName: "x".repeat(81),
      jobTermsAr: "ت".repeat(JOB_TERMS_MAX + 1),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["shopName", "jobTermsAr"]);
  });
});
