import type { RateKey } from "~/domain/gold-rates";
import type { MakingType } from "~/domain/quotes";

/** The catalog keys of a quote line's karat (or metal) and making charge kind (app/domain/quotes.ts). */
export const KARAT_NAME_KEYS: Record<RateKey, string> = {
  "24": "quotes:karats.24",
  "22": "quotes:karats.22",
  "21": "quotes:karats.21",
  "18": "quotes:karats.18",
  platinum: "quotes:karats.platinum",
  silver: "quotes:karats.silver",
};

export const MAKING_TYPE_KEYS: Record<MakingType, string> = {
  per_gram: "quotes:making.per_gram",
  fixed: "quotes:making.fixed",
};
