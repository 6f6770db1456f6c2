import type { RecommendationLists } from "~/domain/recommendations";
import { SEEDED_ITEM_CATEGORIES } from "./seeded-sale-lists";
import type { TeamChoice } from "~/domain/shop-lists";

/**
 * The teams the shop-lists migration seeds (prisma/migrations/20261204190929_shop_lists, their Arabic products
 * 20261206223000_team_products_ar), as
 * readShopLists() gives them: unit tests pass these where the app passes the stored rows.
 */
export const SEEDED_TEAMS: readonly TeamChoice[] = [
  {
    id: "team_a",
    key: "team_a",
    name: "Full Selection (Luxury)",
    nameAr: "التشكيلة الكاملة (الفاخرة)",
    active: true,
    position: 0,
    products: ["Diamond high-jewellery necklace", "Solitaire diamond ring", "Luxury Swiss timepiece"],
    productsAr: ["قلادة ألماس من المجوهرات الراقية", "خاتم ألماس سوليتير", "ساعة سويسرية فاخرة"],
    clientTiers: ["diamond", "platinum"],
    budgetBands: ["50k_150k", "150k_plus"],
  },
  {
    id: "team_b",
    key: "team_b",
    name: "Entry Level",
    nameAr: "الفئة الأساسية",
    active: true,
    position: 1,
    products: ["18K gold pendant", "Gold stud earrings", "Charm bracelet"],
    productsAr: ["تعليقة ذهب عيار 18", "أقراط ذهب صغيرة", "سوار بتعليقات"],
    clientTiers: ["bronze"],
    budgetBands: ["under_5k"],
  },
  {
    id: "team_c",
    key: "team_c",
    name: "Mixed Products",
    nameAr: "منتجات متنوعة",
    active: true,
    position: 2,
    products: ["Diamond tennis bracelet", "22K gold chain", "Pearl necklace"],
    productsAr: ["سوار تنس من الألماس", "سلسلة ذهب عيار 22", "قلادة لؤلؤ"],
    clientTiers: ["gold", "silver"],
    budgetBands: ["5k_20k", "20k_50k"],
  },
];

/** A team the seeded rows' products name, by key (for tests that compare recommendations). */
export function seededProducts(key: string): readonly string[] {
  return SEEDED_TEAMS.find((team) => team.key === key)!.products;
}

/** The lists the lead and recommendation rules read, as a fresh database has them. */
export const SEEDED_LEAD_LISTS: RecommendationLists = { teams: SEEDED_TEAMS, itemCategories: SEEDED_ITEM_CATEGORIES };
