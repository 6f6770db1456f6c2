import type { ItemFormField, Karat } from "~/domain/sales";

/**
 * What only the sale dialog shows (docs/decisions/021-arabic-and-english.md): full catalog keys per karat and
 * item field. Showrooms, categories, metals and stones are the client book's (app/i18n/label-keys.ts).
 */

export const KARAT_KEYS: Record<Karat, string> = {
  "18": "clientActions:sale.karats.18",
  "21": "clientActions:sale.karats.21",
  "22": "clientActions:sale.karats.22",
  "24": "clientActions:sale.karats.24",
  none: "clientActions:sale.karats.none",
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
