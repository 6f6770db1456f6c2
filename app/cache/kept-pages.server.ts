import { htmlBytes } from "~/http/document-stream.server";
import { derivedFrom } from "./derived-from.server";
import { keptReads } from "./kept-reads.server";

/**
 * `read()`'s answer for `key` until the database is written, as readUntilWritten, for answers as big
 * as a page of 500 clients (about 1 MB with its HTML): a shelf of their own, 32 at most per worker, so
 * they neither crowd out nor are crowded out by the many small answers. Decision 033.
 */
export const readPageUntilWritten = keptReads(32);

/**
 * The HTML `write()` makes from a kept answer, as the bytes documentStream puts in a document
 * (htmlBytes): written once per answer and `key`, and dropped with the answer once it is read again.
 * `key` names everything else the HTML is written from (language, digits, path, search), so two
 * pages that share an answer never share its HTML. Decision 033.
 */
export function keptHtml(answer: object, key: string, write: () => string | readonly string[]): Buffer {
  return derivedFrom(answer, `html ${key}`, () => htmlBytes(write()));
}
