/** The longest search a list takes: more narrows nothing a person would type. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * What a search box or a `search`/`q` parameter asks for, as the lists' queries take it: trimmed, at most
 * MAX_SEARCH_LENGTH characters, without control characters. A NUL byte in a PostgreSQL text parameter is
 * an error (a 500 for a junk URL, issue #43), and no person types one.
 */
export function searchQuery(raw: string | null | undefined): string {
  return (
    (raw ?? "")
      // eslint-disable-next-line no-control-regex -- the control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH)
  );
}
