import type { IsoDate } from "./calendar";
import { PRODUCT_NAME } from "./product";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "12 Mar 2024": the same text on the server and in every browser locale (no hydration drift). */
export function formatDay(iso: IsoDate | null): string {
  if (!iso) return "—";
  const [y, m, d] = iso.split("-");
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** "Mar 2024" for a month written "2024-03". */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-");
  return `${MONTHS[Number(m) - 1]} ${y}`;
}

/** The prefilled WhatsApp greeting of the customers table's contact action. */
export function whatsappGreeting(fullName: string): string {
  const firstName = fullName.trim().split(/\s+/)[0] ?? "";
  return `Hello ${firstName}, greetings from ${PRODUCT_NAME}!`;
}
