import { z } from "zod";
import { LEAD_LOCATIONS } from "./client-enums";
import { PURCHASE_DATE_FILTERS } from "./lead-filters";
import { AiLeadSchema, LEAD_SOURCES, type AiLead, type LeadSource } from "./lead-schema";

/**
 * docs/product-rules.md §4 Lead generation: leads and filters are kept in the browser's local storage and restored
 * on load; the saved purchase-date filter is reset to empty on load; Clear empties list and storage.
 */
import { LEAD_FILTERS_STORAGE_KEY, LEADS_STORAGE_KEY, type KeyValueStorage } from "./lead-storage-keys";

export {
  clearLeadStorage,
  LEAD_FILTERS_STORAGE_KEY,
  LEADS_STORAGE_KEY,
  type KeyValueStorage,
} from "./lead-storage-keys";

/** The filter form's values as the inputs hold them ("" = not chosen). */
export type LeadFormValues = { location: string; team: string; purchaseDateFilter: string; customDateFrom: string };
export const EMPTY_LEAD_FORM: LeadFormValues = { location: "", team: "", purchaseDateFilter: "", customDateFrom: "" };

const oneOf = (allowed: readonly string[], value: unknown) =>
  typeof value === "string" && allowed.includes(value) ? value : "";

/** The form values for filters a generation used (e.g. a saved run), unknown values dropped. */
export function leadFormValuesFrom(filters: Record<string, unknown>): LeadFormValues {
  return {
    location: oneOf(LEAD_LOCATIONS, filters.location),
    team: typeof filters.team === "string" ? filters.team.slice(0, 100) : "",
    purchaseDateFilter: oneOf(PURCHASE_DATE_FILTERS, filters.purchaseDateFilter),
    customDateFrom: typeof filters.customDateFrom === "string" ? filters.customDateFrom : "",
  };
}

export type SavedLeads = { leads: AiLead[]; source: LeadSource; notice?: string };

const SavedLeadsSchema = z.object({
  leads: z.array(z.unknown()),
  source: z.enum(LEAD_SOURCES).catch("engine"),
  notice: z.string().optional().catch(undefined),
});

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The saved leads; entries that no longer match the lead shape are dropped, anything unreadable gives none. */
export function restoreLeads(storage: KeyValueStorage): SavedLeads | null {
  const parsed = SavedLeadsSchema.safeParse(parseJson(storage.getItem(LEADS_STORAGE_KEY)));
  if (!parsed.success) return null;
  const leads = parsed.data.leads.flatMap((entry) => {
    const lead = AiLeadSchema.safeParse(entry);
    return lead.success ? [lead.data] : [];
  });
  return leads.length > 0 ? { leads, source: parsed.data.source, notice: parsed.data.notice } : null;
}

/** The saved filters, with the purchase-date filter (and its custom date) reset to empty. */
export function restoreLeadForm(storage: KeyValueStorage): LeadFormValues {
  const saved = parseJson(storage.getItem(LEAD_FILTERS_STORAGE_KEY));
  const values = saved && typeof saved === "object" ? (saved as Record<string, unknown>) : {};
  return {
    location: oneOf(LEAD_LOCATIONS, values.location),
    team: typeof values.team === "string" ? values.team.slice(0, 100) : "",
    purchaseDateFilter: "",
    customDateFrom: "",
  };
}

export function saveLeads(storage: KeyValueStorage, saved: SavedLeads): void {
  storage.setItem(LEADS_STORAGE_KEY, JSON.stringify(saved));
}

export function saveLeadForm(storage: KeyValueStorage, values: LeadFormValues): void {
  storage.setItem(LEAD_FILTERS_STORAGE_KEY, JSON.stringify(leadFormValuesFrom(values)));
}

/** Generating starts from an empty list: the old one is dropped before the request goes out. */
export function forgetLeads(storage: KeyValueStorage): void {
  storage.removeItem(LEADS_STORAGE_KEY);
}
