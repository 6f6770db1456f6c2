import { WIPED_FIELDS } from "./client-fields";
import { clientSearchText } from "./client-search";

/**
 * Erasing a client (docs/decisions/015-client-data-rights.md, docs/privacy.md): the personal
 * fields are wiped in place and the row stays, so the business's figures keep its sales as
 * anonymous amounts. The rules here are the values written; the services write them.
 */

/** What an erased client is called everywhere it still appears (lists, sales, the audit log). */
export const erasedClientName = (clientId: number | "<id>"): string => `Erased client #${clientId}`;

/**
 * Every client has a mobile and no two share one; mobiles are stored as digits, so this stand-in
 * can never equal a real number, and the person's own number is free to be added again.
 */
export const erasedMobile = (clientId: number): string => `erased-${clientId}`;

export function isErasedMobile(mobile: string): boolean {
  return mobile.startsWith("erased-");
}

/** The wiped fields that are simply cleared: every one but the name and mobile, which get stand-ins. */
export const CLEARED_FIELDS = WIPED_FIELDS.filter((name) => name !== "fullName" && name !== "mobileNumber");

/** The search column of an erased client: its stand-in name (and mobile) only. */
export function erasedSearchText(clientId: number): string {
  return clientSearchText({ fullName: erasedClientName(clientId), mobileNumber: erasedMobile(clientId) });
}

/**
 * The typed confirmation matches the client's name: the same words, whatever the spacing around
 * and between them (a name copied from the page may carry extra spaces), letter case included.
 */
export function confirmsClientName(typed: string, fullName: string): boolean {
  const words = (text: string) => text.trim().split(/\s+/).join(" ");
  return words(typed) !== "" && words(typed) === words(fullName);
}
