/*
 * The words of a lead that are not message codes yet: the engine's own product suggestions (the teams'
 * ranges are the shop's data, shown as written), read back into catalog keys for the AI Assistant's cards.
 * What this does not know is shown as written.
 */

const PRODUCT_KEYS: Record<string, string> = {
  "Diamond high-jewellery necklace": "leads:products.diamondNecklace",
  "Solitaire diamond ring": "leads:products.solitaireRing",
  "Luxury Swiss timepiece": "leads:products.swissTimepiece",
  "18K gold pendant": "leads:products.goldPendant18",
  "Gold stud earrings": "leads:products.goldStuds",
  "Charm bracelet": "leads:products.charmBracelet",
  "Diamond tennis bracelet": "leads:products.tennisBracelet",
  "22K gold chain": "leads:products.goldChain22",
  "Pearl necklace": "leads:products.pearlNecklace",
  "Birthstone pendant": "leads:products.birthstonePendant",
  "Matching anniversary bands": "leads:products.anniversaryBands",
};

/** The catalog key of one of the engine's own product suggestions, or undefined. */
export const productKey = (product: string): string | undefined => PRODUCT_KEYS[product];
