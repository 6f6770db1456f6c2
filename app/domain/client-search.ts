import { normaliseArabic } from "./arabic";

/**
 * The search box: one lower-cased `searchText` column per client holds the name, the Arabic name,
 * mobile, email and Emirates ID, and a query matches any part of it. Numbers are matched on their
 * digits, so "050 123", "+971 50 123" and "50123" all find 971501234567. Arabic letters are folded
 * the same way in the column and the query (app/domain/arabic.ts), so "احمد" finds "أحمد".
 */

/** The value of Customer.searchText: written with every change to the fields it covers. */
export function clientSearchText(c: {
  fullName: string;
  fullNameAr?: string | null;
  mobileNumber: string;
  email?: string | null;
  emiratesId?: string | null;
}): string {
  const parts = [c.fullName, c.fullNameAr ?? "", c.mobileNumber, c.email ?? "", c.emiratesId ?? ""];
  // IDs are written "784-1990-1234567-1" but often typed as bare digits: keep both forms.
  const idDigits = (c.emiratesId ?? "").replace(/\D/g, "");
  if (idDigits && idDigits !== c.emiratesId) parts.push(idDigits);
  return parts
    .map((p) => normaliseArabic(p.trim().toLowerCase().replace(/\s+/g, " ")))
    .filter(Boolean)
    .join(" ");
}

/**
 * What a query matches in searchText: its lower-cased text, or for something that looks like a
 * phone or ID number, its digits without the local "0" or international "00" prefix (searchText
 * keeps IDs as digits too, so one fragment covers both and the scan runs once).
 */
export function searchFragment(query: string): string | null {
  const text = normaliseArabic(query.trim().toLowerCase().replace(/\s+/g, " "));
  if (!text) return null;
  if (!/^[\d\s+()./-]+$/.test(text)) return text;
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits || text;
}

/** The fewest digits of a number search (part of a mobile or an ID) that matches a few clients at most. */
const FEW_MATCHES_DIGITS = 5;

/** Whether a search fragment is such a number: its matches are few, wherever they lie in the book. */
export function isNumberFragment(fragment: string | null): boolean {
  return fragment !== null && fragment.length >= FEW_MATCHES_DIGITS && /^\d+$/.test(fragment);
}

/** The escape character of the search's LIKE patterns (SQL: `ESCAPE '\'`). */
export const LIKE_ESCAPE = "\\";

/**
 * A LIKE pattern matching `fragment` anywhere, with LIKE's wildcards (% and _) and the escape
 * character itself escaped, so a search for "50%" finds "50%" and not every client with "50".
 */
export function likeContainsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => LIKE_ESCAPE + c)}%`;
}
