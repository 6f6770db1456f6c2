import type { Language } from "./languages";
import type { MessageCode } from "./message-codes";

/** A name the shop gave a row in both languages (a showroom: app/domain/shop-lists.ts). */
export type LocalName = { name: string; nameAr: string | null };

/** A row's name in a language: Arabic when it has one, else English. */
export function nameIn(language: string, row: LocalName): string {
  return language === "ar" && row.nameAr ? row.nameAr : row.name;
}

/**
 * What a message names: a text or number as it is, another message said in the same language, a stored
 * value's label by its catalog key (app/i18n/label-keys.ts), the shop's names of rows or a fixed list's labels
 * (catalog keys), listed in the reader's language ("A, B or C") or, with a `separator` (a catalog key), one after
 * the other as a rule's message lists its choices ("A, B, C"), an amount in AED (a decimal string) or a count
 * written in the reader's digits and with thousands separators ("1,234", where a bare number is "1234").
 */
export type MessageValue =
  | string
  | number
  | Message
  | { label: string }
  | { names: readonly LocalName[] }
  | { labels: readonly string[]; separator?: string }
  | { aed: string }
  | { count: number };

/** A message as services and domain rules give it: a code (app/domain/message-codes.ts) and the values it names. */
export type Message = { code: MessageCode; values?: Readonly<Record<string, MessageValue>> };

/** How the JSON says the engine's words: in English (app/i18n/english.server.ts's `english`), passed in. */
export type SayEnglish = (said: Message) => string;

/** How the engine's words are said in a client's language, for a text sent to them (english.server.ts's `sayIn`). */
export type SayIn = (language: Language, said: Message) => string;

export function message(code: MessageCode, values?: Record<string, MessageValue>): Message {
  return values ? { code, values } : { code };
}

/** A catalog key's shape, "namespace:path.to.entry". Every code has it (message-codes.test.ts); a sentence never does. */
const CATALOG_KEY = /^[a-z][a-zA-Z]*:[a-zA-Z0-9_.]+$/;

/**
 * Whether a text is shaped like a catalog key. A page asks this rather than `isMessageCode` (./message-codes.ts), which needs the
 * list of every code: the list is the largest of the app's modules, and pages that only show messages need
 * not download it.
 */
export function isCatalogKey(text: string): boolean {
  return CATALOG_KEY.test(text);
}
