import type { ItemCategoryChoice, ShopChoice } from "~/domain/shop-lists";
import type { SaleLists } from "~/domain/sales";

/**
 * The showrooms and item categories the shop-lists migration seeds (prisma/migrations/20261204190929_shop_lists),
 * as readShopLists() gives them: unit tests pass these where the app passes the stored rows.
 */
export const SEEDED_SHOWROOMS: readonly ShopChoice[] = [
  {
    id: "dubai_gold_souk",
    key: "dubai_gold_souk",
    name: "Dubai Gold Souk",
    nameAr: "سوق الذهب في دبي",
    active: true,
    position: 0,
  },
  { id: "dubai_mall", key: "dubai_mall", name: "Dubai Mall", nameAr: "دبي مول", active: true, position: 1 },
  { id: "abu_dhabi", key: "abu_dhabi", name: "Abu Dhabi", nameAr: "أبوظبي", active: true, position: 2 },
  { id: "sharjah", key: "sharjah", name: "Sharjah", nameAr: "الشارقة", active: true, position: 3 },
  { id: "al_ain", key: "al_ain", name: "Al Ain", nameAr: "العين", active: true, position: 4 },
  { id: "online", key: "online", name: "Online", nameAr: "عبر الإنترنت", active: true, position: 5 },
  { id: "road_sales", key: "road_sales", name: "Road sales", nameAr: "المبيعات الميدانية", active: true, position: 6 },
];

/** With where each is worn and where a plain piece starts (item_category_wear), and coins and bars as investment gold (quotes). */
export const SEEDED_ITEM_CATEGORIES: readonly ItemCategoryChoice[] = (
  [
    {
      id: "ring",
      key: "ring",
      name: "Ring",
      nameAr: "خاتم",
      wornOn: ["finger"],
      priceFrom: "2000.00",
      investmentGold: false,
    },
    {
      id: "bangle",
      key: "bangle",
      name: "Bangle",
      nameAr: "إسوارة",
      wornOn: ["wrist"],
      priceFrom: "6000.00",
      investmentGold: false,
    },
    {
      id: "bracelet",
      key: "bracelet",
      name: "Bracelet",
      nameAr: "سوار",
      wornOn: ["wrist"],
      priceFrom: "3500.00",
      investmentGold: false,
    },
    {
      id: "necklace",
      key: "necklace",
      name: "Necklace",
      nameAr: "قلادة",
      wornOn: ["neck"],
      priceFrom: "8000.00",
      investmentGold: false,
    },
    {
      id: "pendant",
      key: "pendant",
      name: "Pendant",
      nameAr: "دلاية",
      wornOn: ["neck"],
      priceFrom: "1500.00",
      investmentGold: false,
    },
    {
      id: "earrings",
      key: "earrings",
      name: "Earrings",
      nameAr: "أقراط",
      wornOn: ["ears"],
      priceFrom: "1500.00",
      investmentGold: false,
    },
    {
      id: "set",
      key: "set",
      name: "Set",
      nameAr: "طقم",
      wornOn: ["neck", "ears"],
      priceFrom: null,
      investmentGold: false,
    },
    { id: "watch", key: "watch", name: "Watch", nameAr: "ساعة", wornOn: [], priceFrom: null, investmentGold: false },
    {
      id: "coin_bar",
      key: "coin_bar",
      name: "Coin / bar",
      nameAr: "عملة / سبيكة",
      wornOn: [],
      priceFrom: null,
      investmentGold: true,
    },
    { id: "other", key: "other", name: "Other", nameAr: "أخرى", wornOn: [], priceFrom: null, investmentGold: false },
  ] satisfies Omit<ItemCategoryChoice, "active" | "position">[]
).map((row, position) => ({ ...row, active: true, position }));

export const SEEDED_SALE_LISTS: SaleLists = { showrooms: SEEDED_SHOWROOMS, itemCategories: SEEDED_ITEM_CATEGORIES };
