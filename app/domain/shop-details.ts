import { z } from "zod";
import { PRODUCT_NAME } from "./product";

/**
 * The shop's name and the terms its job slips print, in English and Arabic (Shop settings, admin; docs/guide/shop.md).
 * Each may be left empty: the slip then names the product and prints no terms.
 */
export type ShopDetails = {
  shopName: string | null;
  shopNameAr: string | null;
  jobTerms: string | null;
  jobTermsAr: string | null;
};

export const NO_SHOP_DETAILS: ShopDetails = { shopName: null, shopNameAr: null, jobTerms: null, jobTermsAr: null };

export const SHOP_DETAIL_FIELDS = ["shopName", "shopNameAr", "jobTerms", "jobTermsAr"] as const;

export const SLIP_NAME_MAX = 80;
/** Short enough that a slip with its pieces and the terms still prints on one A5 page and one roll's length. */
export const JOB_TERMS_MAX = 600;

/** Blank is none; line breaks as typed, each written "\n" whatever the browser sent. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((text) => text?.replace(/\r\n?/g, "\n").trim() || null)
    .pipe(z.string().max(max).nullable());

/** The Shop settings form as Conform reads it: blank fields are absent. */
export const shopDetailsSchema = () =>
  z.object({
    shopName: optionalText(SLIP_NAME_MAX),
    shopNameAr: optionalText(SLIP_NAME_MAX),
    jobTerms: optionalText(JOB_TERMS_MAX),
    jobTermsAr: optionalText(JOB_TERMS_MAX),
  });

/**
 * What a slip prints in `language`: the shop's name (the product's while none is given) and its terms (null: no
 * terms block). Arabic takes the Arabic text, else the English one.
 */
export function slipHeading(details: ShopDetails, language: string): { name: string; terms: string | null } {
  const arabic = language === "ar";
  return {
    name: (arabic && details.shopNameAr) || details.shopName || PRODUCT_NAME,
    terms: (arabic && details.jobTermsAr) || details.jobTerms,
  };
}
