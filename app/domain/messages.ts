import type { Language } from "./languages";
import { MESSAGE_CODES, type MessageCode } from "./message-codes";

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

/** The lists a zod issue's params may carry: the shop's names of rows or a fixed list's labels. */
function isList(value: unknown): value is { names: readonly LocalName[] } | { labels: readonly string[] } {
  if (typeof value !== "object" || value === null) return false;
  const list = value as { names?: unknown; labels?: unknown };
  return Array.isArray(list.names) || Array.isArray(list.labels);
}

/** A message as services and domain rules give it: a code (app/domain/message-codes.ts) and the values it names. */
export type Message = { code: MessageCode; values?: Readonly<Record<string, MessageValue>> };

/** How the JSON says the engine's words: in English (app/i18n/english.server.ts's `english`), passed in. */
export type SayEnglish = (said: Message) => string;

/** How the engine's words are said in a client's language, for a text sent to them (english.server.ts's `sayIn`). */
export type SayIn = (language: Language, said: Message) => string;

export function message(code: MessageCode, values?: Record<string, MessageValue>): Message {
  return values ? { code, values } : { code };
}

const CODES: ReadonlySet<string> = new Set(Object.values(MESSAGE_CODES));

/** Whether a text is one of the codes, as a zod issue's message is when a schema wrote it. */
export function isMessageCode(text: string): text is MessageCode {
  return CODES.has(text);
}

/** A zod issue as far as its message goes: a schema's code, with the bound it broke or the params it set. */
export type IssueLike = { message: string; maximum?: unknown; minimum?: unknown; params?: Record<string, unknown> };

/**
 * A zod issue's message: a code with the values the issue carries (`count` for a length or size bound, and a
 * refinement's params), or zod's own text as it is.
 */
export function issueMessage(issue: IssueLike): Message | string {
  if (!isMessageCode(issue.message)) return issue.message;
  const values: Record<string, MessageValue> = {};
  const bound = issue.maximum ?? issue.minimum;
  if (typeof bound === "number" || typeof bound === "bigint") values.count = Number(bound);
  for (const [name, value] of Object.entries(issue.params ?? {}))
    if (typeof value === "string" || typeof value === "number" || isList(value)) values[name] = value;
  return message(issue.message, values);
}
