import type { ItemCategory, ItemFormField, Karat, Metal, Showroom, Stone } from "~/domain/sales";

/**
 * The client book's stored values as the action dialogs show them (docs/decisions/021-arabic-and-english.md):
 * full catalog keys per stored key, for `t(SHOWROOM_KEYS[showroom])`.
 */

export const SHOWROOM_KEYS: Record<Showroom, string> = {
  dubai_gold_souk: "clientActions:sale.showrooms.dubai_gold_souk",
  dubai_mall: "clientActions:sale.showrooms.dubai_mall",
  abu_dhabi: "clientActions:sale.showrooms.abu_dhabi",
  sharjah: "clientActions:sale.showrooms.sharjah",
  al_ain: "clientActions:sale.showrooms.al_ain",
  online: "clientActions:sale.showrooms.online",
  road_sales: "clientActions:sale.showrooms.road_sales",
};

export const ITEM_CATEGORY_KEYS: Record<ItemCategory, string> = {
  ring: "clientActions:sale.categories.ring",
  bangle: "clientActions:sale.categories.bangle",
  bracelet: "clientActions:sale.categories.bracelet",
  necklace: "clientActions:sale.categories.necklace",
  pendant: "clientActions:sale.categories.pendant",
  earrings: "clientActions:sale.categories.earrings",
  set: "clientActions:sale.categories.set",
  watch: "clientActions:sale.categories.watch",
  coin_bar: "clientActions:sale.categories.coin_bar",
  other: "clientActions:sale.categories.other",
};

export const METAL_KEYS: Record<Metal, string> = {
  yellow_gold: "clientActions:sale.metals.yellow_gold",
  white_gold: "clientActions:sale.metals.white_gold",
  rose_gold: "clientActions:sale.metals.rose_gold",
  platinum: "clientActions:sale.metals.platinum",
  silver: "clientActions:sale.metals.silver",
  none: "clientActions:sale.metals.none",
};

export const KARAT_KEYS: Record<Karat, string> = {
  "18": "clientActions:sale.karats.18",
  "21": "clientActions:sale.karats.21",
  "22": "clientActions:sale.karats.22",
  "24": "clientActions:sale.karats.24",
  none: "clientActions:sale.karats.none",
};

export const STONE_KEYS: Record<Stone, string> = {
  none: "clientActions:sale.stones.none",
  diamond: "clientActions:sale.stones.diamond",
  ruby: "clientActions:sale.stones.ruby",
  emerald: "clientActions:sale.stones.emerald",
  sapphire: "clientActions:sale.stones.sapphire",
  pearl: "clientActions:sale.stones.pearl",
  other: "clientActions:sale.stones.other",
};

/** An item's field as an error names it ("Item 2 price: …"). */
export const ITEM_FIELD_KEYS: Record<ItemFormField, string> = {
  category: "clientActions:sale.fields.category",
  metal: "clientActions:sale.fields.metal",
  karat: "clientActions:sale.fields.karat",
  weightGrams: "clientActions:sale.fields.weightGrams",
  stone: "clientActions:sale.fields.stone",
  stoneCarats: "clientActions:sale.fields.stoneCarats",
  itemCode: "clientActions:sale.fields.itemCode",
  certificateNo: "clientActions:sale.fields.certificateNo",
  price: "clientActions:sale.fields.price",
};
