import { z } from "zod";
import { isIsoDate, subtractMonths, type IsoDate } from "./calendar";
import { EMIRATES, LEAD_LOCATIONS } from "./client-enums";
import { MESSAGE_CODES } from "./message-codes";

/** docs/product-rules.md §9: lead count requested and the generation time-out. */
export const LEAD_COUNT = 10;
export const MAX_LEAD_COUNT = 50;
export const LEAD_TIMEOUT_MS = 120_000;
/**
 * The browser waits a little longer than the server's 120 s limit on the model, so the server's
 * fallback to the engine's leads (which takes well under a second) still arrives.
 */
export const LEAD_REQUEST_TIMEOUT_MS = LEAD_TIMEOUT_MS + 15_000;

export const PURCHASE_DATE_FILTERS = ["none", "3months", "6months", "12months", "custom"] as const;
export type PurchaseDateFilter = (typeof PURCHASE_DATE_FILTERS)[number];

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * The filters of the page form and of POST /api/ai/generate-leads (docs/product-rules.md §7): empty strings and
 * nulls mean "not set", so the same schema reads form data and JSON.
 */
export const LeadFiltersSchema = z
  .object({
    count: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(MAX_LEAD_COUNT).default(LEAD_COUNT)),
    location: z.preprocess(
      emptyToUndefined,
      // docs/product-rules.md §5: "Location Selection Required: …", in the reader's language (a code).
      z.enum(LEAD_LOCATIONS, { message: MESSAGE_CODES.locationRequired }),
    ),
    // A team by its id, key or either name; the service finds the team (leads.server.ts).
    team: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
    purchaseDateFilter: z.preprocess(emptyToUndefined, z.enum(PURCHASE_DATE_FILTERS).optional()),
    customDateFrom: z.preprocess(
      emptyToUndefined,
      z.string().refine(isIsoDate, MESSAGE_CODES.leadDateFormat).optional(),
    ),
    // Clients contacted in the last 7 days are left out unless asked for (a checkbox sends "on").
    includeContacted: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.purchaseDateFilter === "custom" && !value.customDateFrom) {
      // A code: the page says it in its language, the JSON API in English (app/i18n/english.server.ts).
      ctx.addIssue({ code: "custom", path: ["customDateFrom"], message: MESSAGE_CODES.customDateRequired });
    }
  });

export type LeadFilters = z.output<typeof LeadFiltersSchema>;

/** Where a location sits in the customer columns: an emirate of the UAE, or a country. */
export function locationWhere(location: LeadFilters["location"]): { country: string; emirate?: string } {
  return (EMIRATES as readonly string[]).includes(location)
    ? { country: "uae", emirate: location }
    : { country: location };
}

/**
 * The last-purchase filter as "last purchase strictly before this day", or null for no filter.
 * Clients with no purchase at all have no last purchase and are not matched by a date filter.
 */
export function purchasedBefore(
  filters: Pick<LeadFilters, "purchaseDateFilter" | "customDateFrom">,
  today: IsoDate,
): IsoDate | null {
  switch (filters.purchaseDateFilter) {
    case "3months":
      return subtractMonths(today, 3);
    case "6months":
      return subtractMonths(today, 6);
    case "12months":
      return subtractMonths(today, 12);
    case "custom":
      return filters.customDateFrom ?? null;
    default:
      return null;
  }
}
