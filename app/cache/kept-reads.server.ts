import { databaseVersion } from "~/db/db.server";
import { businessToday } from "~/domain/calendar";

type Answers = Map<string, { version: string; answer: Promise<unknown> }>;

/**
 * Kept answers are shared by every request that asks, so outside production each is frozen through
 * and through: a caller that changes one throws in its tests instead of changing it for the next
 * reader (README.md here, "Never"). Production skips the walk over a 500-row page.
 */
const freezeKept = process.env.NODE_ENV !== "production";

/** `value` frozen with everything it holds; bytes (which cannot be frozen) are left as they are. */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (value === null || typeof value !== "object" || seen.has(value) || ArrayBuffer.isView(value)) return value;
  seen.add(value);
  Object.freeze(value);
  // A frozen Map or Set can still be added to; what it holds is frozen all the same.
  const held =
    value instanceof Map
      ? [...value.keys(), ...value.values()]
      : value instanceof Set
        ? [...value]
        : Reflect.ownKeys(value).map((key) => (value as Record<PropertyKey, unknown>)[key]);
  for (const item of held) deepFreeze(item, seen);
  return value;
}

/**
 * Reads kept by `readUntilWritten` (below), at most `maxAnswers` of them, the least recently read
 * dropped first. A shelf of its own keeps big answers (a page of 500 clients) from crowding out, or
 * being crowded out by, the many small ones.
 */
export function keptReads(maxAnswers: number) {
  const answers: Answers = new Map();
  return async function readUntilWritten<T>(key: string, read: () => Promise<T>): Promise<T> {
    // Asked before the read, so an answer is never older than the version it is kept under.
    const version = await databaseVersion();
    if (version === null) return read();
    const dayKey = `${businessToday()} ${key}`;
    const kept = answers.get(dayKey);
    answers.delete(dayKey);
    if (kept && kept.version === version) {
      answers.set(dayKey, kept);
      return kept.answer as Promise<T>;
    }
    const answer = freezeKept ? read().then((value) => deepFreeze(value)) : read();
    answers.set(dayKey, { version, answer });
    // A failed read is not kept: the next call reads again.
    answer.catch(() => {
      if (answers.get(dayKey)?.answer === answer) answers.delete(dayKey);
    });
    if (answers.size > maxAnswers) answers.delete(answers.keys().next().value!);
    return answer;
  };
}

/**
 * `read()`'s answer for `key`, read again only once the database has been written since
 * (databaseVersion) or the shop's day has turned: the dashboard counts and sorts 100,000 clients,
 * and between two writes every request would count them again to the same answer. The key names
 * everything else the answer depends on (the day asked about, the user, the language); the real day
 * is added here, since "2 days ago" is counted to it. Without a version (SQLite in an open
 * transaction) every call reads. Answers are shared: callers must not change them. At most 500 are
 * kept: a few per signed-in user. The rules: README.md in this folder.
 */
export const readUntilWritten = keptReads(500);
