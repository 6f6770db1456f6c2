/**
 * Where the AI Assistant keeps leads in the browser, and how Clear and Sign Out remove them. Apart
 * from lead-storage.ts (which validates with zod) so the sign-out button on every page stays light.
 */
export const LEADS_STORAGE_KEY = "jewel-crm.ai-leads";
export const LEAD_FILTERS_STORAGE_KEY = "jewel-crm.ai-lead-filters";

/** The part of the Web Storage API these rules use, so tests can pass a plain object. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Clear Leads (and Sign Out): the list and everything saved for it. */
export function clearLeadStorage(storage: KeyValueStorage): void {
  storage.removeItem(LEADS_STORAGE_KEY);
  storage.removeItem(LEAD_FILTERS_STORAGE_KEY);
}
