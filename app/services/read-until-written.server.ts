import { databaseVersion } from "~/db/db.server";
import { businessToday } from "~/domain/calendar";

type Answers = Map<string, { version: string; answer: Promise<unknown> }>;

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
    const answer = read();
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
 * kept: a few per signed-in user. docs/decisions/031-read-until-written.md.
 */
export const readUntilWritten = keptReads(500);
