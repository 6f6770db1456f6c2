import { isMessageCode } from "./message-codes";
import { message, type LocalName, type Message, type MessageValue } from "./messages";

/** The lists a zod issue's params may carry: the shop's names of rows or a fixed list's labels. */
function isList(value: unknown): value is { names: readonly LocalName[] } | { labels: readonly string[] } {
  if (typeof value !== "object" || value === null) return false;
  const list = value as { names?: unknown; labels?: unknown };
  return Array.isArray(list.names) || Array.isArray(list.labels);
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
