import type { TFunction } from "i18next";
import { formatCount } from "./display-labels";
import type { Language, Locale } from "./languages";

/*
 * The words of a lead that are not message codes yet: the engine's own product suggestions (the teams'
 * ranges are the shop's data, shown as written) and the last-contact label of app/domain/contact-recency.ts,
 * read back into catalog keys for the AI Assistant's cards. What this does not know is shown as written.
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

const CHANNEL_KEYS: Record<string, string> = {
  WhatsApp: "leads:contact.whatsapp",
  Call: "leads:contact.call",
  Visit: "leads:contact.visit",
  Email: "leads:contact.email",
  Note: "leads:contact.note",
  Contacted: "leads:contact.contacted",
};

/** The catalog key of one of the engine's own product suggestions, or undefined. */
export const productKey = (product: string): string | undefined => PRODUCT_KEYS[product];

/** "WhatsApp 2 days ago · Reem" (app/domain/contact-recency.ts): the words, and who made the contact. */
export function lastContactText(
  label: string,
  t: TFunction,
  locale: Language | Locale = "en",
): { text: string; by: string | null } | null {
  const match = /^(\w+) (today|yesterday|(\d+) days ago)(?: · (.+))?$/.exec(label);
  const channel = match && CHANNEL_KEYS[match[1]!];
  if (!match || !channel) return null;
  const ago =
    match[2] === "today"
      ? t("leads:contact.today")
      : match[2] === "yesterday"
        ? t("leads:contact.yesterday")
        : t("leads:card.daysAgo", { count: Number(match[3]), n: formatCount(Number(match[3]), locale) });
  return { text: t("leads:contact.label", { channel: t(channel), ago }), by: match[4] ?? null };
}
