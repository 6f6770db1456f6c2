/** The Duplicates page's and GET /api/clients/duplicates' paging: `page` from 1, `pageSize` 1–100 (20). */
export const DUPLICATE_PAGE_SIZE = 20;
export const MAX_DUPLICATE_PAGE_SIZE = 100;

const positive = (text: string | null, fallback: number, max: number) => {
  const n = text !== null && /^\d{1,6}$/u.test(text.trim()) ? Number(text.trim()) : fallback;
  return Math.min(Math.max(n, 1), max);
};

/** A page of pairs from the query string; anything unreadable is the first page of 20, never an error. */
export function parseDuplicatePage(params: URLSearchParams): { page: number; pageSize: number } {
  return {
    page: positive(params.get("page"), 1, 1_000_000),
    pageSize: positive(params.get("pageSize"), DUPLICATE_PAGE_SIZE, MAX_DUPLICATE_PAGE_SIZE),
  };
}
