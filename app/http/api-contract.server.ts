import { z } from "zod";
import { AUDIT_QUERY_LIMIT } from "~/domain/audit-query";
import { businessToday } from "~/domain/calendar";
import { REPORT_STATUSES, reportedSchema } from "~/domain/cash-rule";
import { COUNTRIES, EMIRATES } from "~/domain/client-enums";
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS } from "~/domain/client-export";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NOT_PURCHASED_MONTHS } from "~/domain/client-filters";
import { CLIENT_SORT_KEYS } from "~/domain/client-sort";
import { mergeRequestSchema } from "~/domain/client-merge";
import { ConsentChangeSchema } from "~/domain/consent-change";
import { FOLLOW_UP_DUE, FOLLOW_UP_STATUSES, FollowUpChangeSchema, NewFollowUpSchema } from "~/domain/follow-ups";
import { GOLD_RATE_API_LIMIT, goldRateInputSchema } from "~/domain/gold-rates";
import { interactionInputSchema } from "~/domain/interactions";
import { JOB_STATUSES, JOB_TYPES, jobInputSchema, jobMoveSchema, jobPaymentSchema } from "~/domain/jobs";
import { quoteInputSchema } from "~/domain/quotes";
import { LeadFiltersSchema } from "~/domain/lead-filters";
import { ACCESS, ROLES, type Access } from "~/domain/roles";
import { REPORT_GROUPINGS } from "~/domain/sales-report";
import { saleInputSchema, voidSaleSchema, type SaleLists } from "~/domain/sales";
import { newShopRowSchema, shopRowPatchSchema } from "~/domain/shop-lists";
import { TIERS } from "~/domain/tiers";
import { UserCreateSchema, UserPatchSchema } from "~/domain/user-form";
import { boundedString, jsonObject } from "./json-api.server";

/**
 * The /api contract: one entry per route (path in OpenAPI's `{param}` form) and method. A route
 * reads its JSON body with its entry's `body()`, so the schema here is the one it parses, and
 * app/http/openapi.server.ts turns these entries into GET /api/openapi.json. Query strings are read
 * by the hand-written parsers named in each entry's comment; `query` describes them from the same
 * constants. A new /api route is one entry here (tests/integration/openapi.test.ts fails until then).
 */

/** Who may call: a role rule of app/domain/roles.ts, anyone (sign-in), or an admin past the user-management gate. */
export type ApiAccess = Access | "public" | "unlocked-admin";

export type ApiQueryParameter = { schema: z.ZodType; description: string; required?: boolean };

export type ApiOperation = {
  summary: string;
  description?: string;
  access: ApiAccess;
  /** The JSON body's schema, made per request (some schemas read today's date). */
  body?: () => z.ZodType;
  /** A multipart upload instead of JSON: the file field's name and what it holds. */
  upload?: { field: string; description: string };
  query?: Record<string, ApiQueryParameter>;
  /**
   * The answers the route itself gives, by status. The guard's (401, 403), the body reader's (400,
   * 413) and 405 for another method are added by the document builder.
   */
  responses: Record<number, string>;
  /** Content types of a download; without it a success is JSON. */
  download?: readonly string[];
};

export const API_METHODS = ["get", "post", "put", "delete"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

export type ApiPath = { params?: Record<string, string> } & { [M in ApiMethod]?: ApiOperation };

const XLSX = [EXPORT_CONTENT_TYPES.xlsx] as const;
const CLIENT_ID = { id: "The client's id (a positive integer)" };
const USER_ID = { id: "The staff member's id" };
const SHOP_ROW_ID = { id: "The row's id" };

/** The bodies of the three shop lists' routes (app/http/shop-list-api.server.ts). */
export const SHOP_LIST_BODIES = { create: newShopRowSchema, change: shopRowPatchSchema };

/** GET and POST of one shop list (issue #42): showrooms, teams and item categories answer alike. */
function shopListPath(plural: string, one: string) {
  return {
    get: {
      summary: `The shop's ${plural}, in order: {data: [{id, key, name, nameAr, active, position}]}`,
      access: "any",
      query: { active: { schema: z.enum(["1"]), description: `1: only the active ${plural}` } },
      responses: { 200: `{data: [${one}]}` },
    },
    post: {
      summary: `Add a ${one}; its key is made from the English name`,
      access: ACCESS.profile,
      body: SHOP_LIST_BODIES.create,
      responses: { 201: `{data: ${one}}`, 409: "The name is already used (either language, any case)" },
    },
  } satisfies ApiPath;
}

/** PUT /:id of one shop list. */
function shopRowPath(one: string) {
  return {
    params: SHOP_ROW_ID,
    put: {
      summary: `Rename, move, deactivate or reactivate a ${one}; its key never changes`,
      access: ACCESS.profile,
      body: SHOP_LIST_BODIES.change,
      responses: { 200: `{data: ${one}}`, 404: `No such ${one}`, 409: "The name is already used" },
    },
  } satisfies ApiPath;
}

/** The client book's filters, read by parseClientListQuery and parseClientSort (app/domain/client-filters.ts). */
const CLIENT_LIST_QUERY: Record<string, ApiQueryParameter> = {
  search: { schema: z.string().max(100), description: "Name, mobile or other text to search for" },
  tier: { schema: z.enum(TIERS), description: "Only clients of this tier" },
  emirate: { schema: z.enum(EMIRATES), description: "Only clients of this emirate" },
  country: { schema: z.enum(COUNTRIES), description: "Only clients of this country" },
  team: {
    schema: z.string().max(100),
    description: "Only clients of this team: its id, key, or English or Arabic name, any case (GET /api/teams)",
  },
  notPurchasedFor: {
    schema: z.enum(NOT_PURCHASED_MONTHS.map(String) as [string, ...string[]]),
    description: "Only clients without a purchase in this many months (3m, 6months are read too)",
  },
  inactive: { schema: z.enum(["1", "true", "on"]), description: "Only the dashboard's inactive clients" },
  owner: { schema: z.string(), description: '"me", "none" (unassigned) or a user id' },
  sort: {
    schema: z.string(),
    description: `One of ${CLIENT_SORT_KEYS.join(", ")}, with "-" in front for descending; another value answers 400`,
  },
  page: { schema: z.int().min(1), description: "The page, from 1" },
  limit: {
    schema: z.int().min(1).max(MAX_PAGE_SIZE),
    description: `Rows per page (default ${DEFAULT_PAGE_SIZE}; larger values read as ${MAX_PAGE_SIZE})`,
  },
};

/** Read by parseSalesReportQuery (app/domain/sales-report.ts), which refuses any other parameter. */
const SALES_REPORT_QUERY: Record<string, ApiQueryParameter> = {
  from: { schema: z.iso.date(), required: true, description: "The first day, YYYY-MM-DD" },
  to: { schema: z.iso.date(), required: true, description: "The last day, YYYY-MM-DD (at most 5 years after from)" },
  groupBy: { schema: z.enum(REPORT_GROUPINGS), required: true, description: "How the rows are grouped" },
};

const LoginBody = z.object({ email: z.email("Invalid email address"), password: boundedString().optional() });
const UserLoginBody = z.object({ email: z.email("Invalid email address") });
const TotpSetupBody = z
  .object({
    // The spec's client sends a fixed phone number; the account is always the session's (or, for an admin, userId).
    phoneNumber: boundedString().optional(),
    userId: boundedString().min(1).optional(),
    additionalDevice: z.boolean().optional(),
    token: boundedString().optional(),
  })
  // No body at all asks for your own first device.
  .default({});
const TotpVerifyLoginBody = z.object({ phoneNumber: boundedString(), token: boundedString() });
const TotpVerifySetupBody = z.object({
  phoneNumber: boundedString().optional(),
  userId: boundedString().min(1).optional(),
  token: boundedString(),
});
const VerifyOtpForActionBody = z.object({ otpCode: boundedString().trim() });
const VerifyTotpBody = z.object({
  userId: boundedString().optional(),
  email: boundedString().optional(),
  token: boundedString(),
});
/** The client's fields are checked by the service, with the one client schema the form and the import use. */
const ClientBody = jsonObject("Send the client as a JSON object");
// Without a token, a verification made by POST /api/auth/verify-otp-for-action is spent instead.
const EraseBody = z.object({ token: boundedString().trim().optional() }).default({});
export const SELECT_ONE_CLIENT = "Select at least one client to delete";
// otpVerified is accepted for the spec's client but never trusted.
const BulkDeleteBody = z.object({
  clientIds: z.array(z.union([z.number(), z.string()]), SELECT_ONE_CLIENT),
  otpVerified: z.unknown().optional(),
});

const CLIENT_FIELDS_NOTE =
  "The body is any JSON object: its client fields are checked by the service with the client schema the form and the import use (app/domain/client-fields.ts), and each refused field comes back in details.";
const SPREADSHEET_UPLOAD = { field: "file", description: "The spreadsheet: .xlsx, .xls or .csv" };
const IMPORT_ANSWERS = {
  200: "{success, imported, skipped, skippedClients, errors, message, runId}",
  400: "The file is missing, of another type or unreadable",
  409: "Another import is running",
  413: "The file is too large",
  500: "The import failed; the answer says why",
};

export const API_CONTRACT = {
  "/api/ai/generate-leads": {
    post: {
      summary: "Generate leads from the client book",
      access: ACCESS.aiAssistant,
      body: () => LeadFiltersSchema,
      responses: { 200: "{leads, source: 'engine' | 'model', notice?}", 500: "Lead generation failed" },
    },
  },
  "/api/audit": {
    get: {
      summary: "The audit entries about a client, newest first",
      access: ACCESS.profile,
      // parseAuditQuery (app/domain/audit-query.ts) refuses any other parameter.
      query: {
        target: { schema: z.string().regex(/^client:[1-9]\d{0,11}$/), required: true, description: "client:<id>" },
        limit: {
          schema: z.int().min(1).max(AUDIT_QUERY_LIMIT.max).default(AUDIT_QUERY_LIMIT.default),
          description: "How many entries",
        },
      },
      responses: { 200: "{data: [{at, actorId, actorName, action, target, details}]}", 400: "A query it cannot read" },
    },
  },
  "/api/auth/login": {
    post: {
      summary: "Start a sign-in by email (any password is ignored): always the code step",
      access: "public",
      body: () => LoginBody,
      responses: { 200: "{directLogin: false, requiresOtp: true, userId, authType}" },
    },
  },
  "/api/auth/logout": {
    post: {
      summary: "End the session",
      access: "public",
      responses: { 200: "{success, message}, with the cookie cleared" },
    },
  },
  "/api/auth/me": {
    get: { summary: "The signed-in user", access: "any", responses: { 200: "{user}" } },
  },
  "/api/auth/totp/setup": {
    post: {
      summary: "Start linking an authenticator: your own, or (admin, gate unlocked) a colleague's first device",
      access: "any",
      body: () => TotpSetupBody,
      responses: {
        200: "{isLinked, isAdditionalDevice, message, note, qrCodeUrl, secret}",
        401: "A wrong code from the linked device",
        403: "Another user's device without the unlocked gate",
        404: "No such user",
        429: "Too many wrong codes",
      },
    },
  },
  "/api/auth/totp/verify-login": {
    post: {
      summary: "Sign in by phone number and authenticator code",
      access: "public",
      body: () => TotpVerifyLoginBody,
      responses: { 200: "{user}, with the session cookie", 401: "Wrong code or unknown phone", 429: "Locked" },
    },
  },
  "/api/auth/totp/verify-setup": {
    post: {
      summary: "Link the pending device once its code verifies",
      access: "any",
      body: () => TotpVerifySetupBody,
      responses: {
        200: "{isLinked: true, message, label}",
        401: "Wrong code",
        403: "Another user's device without the unlocked gate",
        404: "No pending device",
        429: "Too many wrong codes",
      },
    },
  },
  "/api/auth/user-login": {
    post: {
      summary: "Step 1 of sign-in: which code the account uses",
      access: "public",
      body: () => UserLoginBody,
      responses: { 200: "{userId, authType}" },
    },
  },
  "/api/auth/verify-otp-for-action": {
    post: {
      summary: "Verify your own authenticator code for one destructive action",
      access: ACCESS.clients,
      body: () => VerifyOtpForActionBody,
      responses: { 200: "{success, message}", 401: "Wrong code", 429: "Too many wrong codes" },
    },
  },
  "/api/auth/verify-totp": {
    post: {
      summary:
        "Complete a sign-in ({userId, token}) or, signed in as an admin, unlock user management ({email, token})",
      access: "public",
      body: () => VerifyTotpBody,
      responses: {
        200: "{user} (and the session cookie on a sign-in)",
        401: "Wrong code, or not signed in when unlocking",
        403: "Not the signed-in admin's own email",
        429: "Too many wrong codes",
      },
    },
  },
  "/api/clients": {
    get: {
      summary: "The client book, filtered, sorted and paged like the screen",
      access: ACCESS.clients,
      query: CLIENT_LIST_QUERY,
      responses: { 200: "{data, pagination}", 400: "An unknown sort" },
    },
    post: {
      summary: "Add a client (owned by the caller unless ownerId names another active user)",
      description: CLIENT_FIELDS_NOTE,
      access: ACCESS.clients,
      body: () => ClientBody,
      responses: {
        201: "{data, possibleDuplicates: [{id, fullName, reasons}]}: the client, and who in the book may be the same person",
        409: "The mobile number is already a client's",
      },
    },
  },
  "/api/clients/duplicates": {
    get: {
      summary: "Possible duplicate clients, strongest pairs first, paged",
      access: ACCESS.duplicates,
      // Read by parseDuplicatePage (app/domain/duplicate-list.ts).
      query: {
        page: { schema: z.coerce.number().int().min(1), description: "The page, from 1" },
        pageSize: { schema: z.coerce.number().int().min(1).max(100), description: "Pairs a page, 1-100 (20)" },
      },
      responses: {
        200: "{data: [{pairId, score, reasons, clients: [{id, fullName, mobileNumber, email, dateOfBirth, totalSalesValue, ownerName}, …]}], total}",
      },
    },
  },
  "/api/clients/duplicates/{pairId}/dismiss": {
    params: { pairId: "The pair's id (a positive integer)" },
    post: {
      summary: "Not the same person: the pair is hidden for good (audited)",
      access: ACCESS.duplicates,
      responses: { 200: "{data: {pairId, dismissed: true}}", 404: "Pair not found" },
    },
  },
  "/api/clients/merge": {
    post: {
      summary:
        "Merge two duplicate clients: everything moves to keepId in one transaction (audited, undoable for 30 days)",
      description:
        'values chooses, per differing field, whose value the kept client takes ("keep" when left out); preference lists are joined and the later consent wins (docs/decisions/047-client-merge.md).',
      access: ACCESS.duplicates,
      body: () => mergeRequestSchema,
      responses: {
        200: "{data, mergeId}: the kept client as GET /api/clients/{id} gives it, and the merge's id for the undo",
        400: "keepId and mergeId are the same client",
        404: "Client not found (unknown, deleted or erased)",
      },
    },
  },
  "/api/clients/merges/{mergeId}/undo": {
    params: { mergeId: "The merge's id (a positive integer)" },
    post: {
      summary: "Undo a merge within 30 days: the merged-away client back with what it brought (audited)",
      access: ACCESS.undoMerge,
      responses: {
        200: "{data: {kept, restored}}: both clients as GET /api/clients/{id} gives them",
        404: "Merge not found",
        409: "Already undone, past the 30 days, or a client was erased",
      },
    },
  },
  "/api/clients/bulk": {
    delete: {
      summary: "Delete clients; spends the session's fresh code verification",
      access: ACCESS.clients,
      body: () => BulkDeleteBody,
      responses: { 200: "{success, deleted, message}", 403: "No fresh code verification" },
    },
  },
  "/api/clients/export": {
    get: {
      summary: "The client book as filtered and sorted, as a spreadsheet (audited)",
      access: ACCESS.exportClients,
      query: {
        ...CLIENT_LIST_QUERY,
        format: { schema: z.enum(EXPORT_FORMATS), required: true, description: "The file's format" },
      },
      responses: { 200: "client-book-<date>.<format>", 400: "An unknown sort or format" },
      download: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
    },
  },
  "/api/clients/{id}": {
    params: CLIENT_ID,
    get: {
      summary: "One client with every field",
      access: ACCESS.clients,
      responses: { 200: "{data}: the client", 404: "Client not found" },
    },
    put: {
      summary: "Change a client's fields, and its owner (ownerId: a user id or null) for an admin or the owner",
      description: CLIENT_FIELDS_NOTE,
      access: ACCESS.clients,
      body: () => ClientBody,
      responses: {
        200: "{data}: the client",
        403: "Reassigning without being an admin or the owner",
        404: "Client not found",
        409: "The mobile number is already a client's",
      },
    },
  },
  "/api/clients/{id}/consent": {
    params: CLIENT_ID,
    get: {
      summary: "The consent per channel and its history, newest first",
      access: ACCESS.clients,
      responses: { 200: "{data: {consent, history}}", 404: "Client not found" },
    },
    put: {
      summary: "Record one channel's consent change",
      access: ACCESS.clients,
      body: () => ConsentChangeSchema,
      responses: { 200: "{data: {consent}}", 404: "Client not found" },
    },
  },
  "/api/clients/{id}/data-export": {
    params: CLIENT_ID,
    get: {
      summary: "Everything held about a client, deleted or not (audited)",
      access: ACCESS.profile,
      responses: { 200: "The client's data as JSON", 404: "Client not found" },
    },
  },
  "/api/clients/{id}/erase": {
    params: CLIENT_ID,
    post: {
      summary: "Wipe a client's personal data in place; needs a fresh code of the admin's own",
      access: ACCESS.profile,
      body: () => EraseBody,
      responses: {
        200: "{success, id, message}",
        401: "Wrong code",
        403: "No fresh code verification",
        404: "Client not found",
        409: "Already erased",
        429: "Too many wrong codes",
      },
    },
  },
  "/api/clients/{id}/interactions": {
    params: CLIENT_ID,
    get: {
      summary: "Every contact with the client, newest first",
      access: ACCESS.clients,
      responses: { 200: "{data}", 404: "Client not found" },
    },
    post: {
      summary: "Record a contact with the client",
      access: ACCESS.clients,
      body: () => interactionInputSchema(),
      responses: { 201: "{data}: the interaction", 404: "Client not found" },
    },
  },
  "/api/clients/{id}/reveal-emirates-id": {
    params: CLIENT_ID,
    post: {
      summary: "The client's full Emirates ID (audited; 30 reveals an hour per user)",
      access: ACCESS.clients,
      responses: { 200: "{emiratesId}", 404: "Client not found", 429: "Too many reveals (Retry-After)" },
    },
  },
  "/api/clients/{id}/sales": {
    params: CLIENT_ID,
    get: {
      summary: "The client's sales, newest first, void ones marked",
      access: ACCESS.clients,
      responses: { 200: "{data}", 404: "Client not found" },
    },
    post: {
      summary: "Record a sale, with or without items",
      description:
        "payments: [{method: cash | card | bank_transfer | old_gold, amount}] adding up to the sale's amount exactly (one part may leave its amount out: the whole sale); none is 'not recorded'. When the sale's cash, or the client's cash over the shop's window including it, reaches the shop's threshold (AED 55,000 by default), the buyer's identity is needed: the client's full Emirates ID on file, or buyerId {type: passport, number, nationality}; the sale is then flagged for a cash report (cashReportRequired).",
      access: ACCESS.clients,
      // The route passes the shop's lists, against which the showroom and categories are checked; the document's
      // shape is the same without them.
      body: (lists: SaleLists = { showrooms: [], itemCategories: [] }) => saleInputSchema(businessToday(), lists),
      responses: {
        201: "{data, totalSalesValue, tier, lastPurchaseDate, cashReportRequired}",
        403: "Refused by the sale rules",
        404: "Client not found",
        409: 'The invoice number is already used in that showroom; or {error, code: "cash_id_required"}: the cash rule needs the buyer\'s identity',
      },
    },
  },
  "/api/clients/{id}/jobs": {
    params: CLIENT_ID,
    post: {
      summary:
        "Open a job (repair, custom_order, layaway) for the client: {data: {id, number, type, status, clientId, price, paid, balance, promisedDate, takenAt, items, payments}}",
      description:
        'Body: {type, description, promisedDate (YYYY-MM-DD, today or later), price?, showroom?, items?: [{category, metal, karat, weightGrams (up to 3 decimals), stone, stoneCarats, notes}], deposit?: {amount, method}, buyerId?}. Money is AED as decimal strings. A layaway needs its price; a deposit is not above it and falls under the cash rule as a sale\'s cash does (409 {error, code: "cash_id_required"}). The number is R-, C- or L-, the year and a sequence.',
      access: ACCESS.clients,
      // The route passes the shop's lists; the document's shape is the same without them.
      body: (lists: SaleLists = { showrooms: [], itemCategories: [] }) => jobInputSchema(businessToday(), lists),
      responses: { 201: "{data: job}", 404: "Client not found", 409: '{error, code: "cash_id_required"}' },
    },
  },
  "/api/clients/{id}/quotes": {
    params: CLIENT_ID,
    get: {
      summary: "The client's quotes, newest first (at most 100)",
      access: ACCESS.clients,
      responses: { 200: "{data: [quote]}", 404: "Client not found" },
    },
  },
  "/api/dashboard/alerts": {
    get: {
      summary: "The dashboard's alerts, soonest first, with totals",
      access: ACCESS.dashboard,
      responses: {
        200: "{communicationAlerts, emiratesIdAlerts, birthdayAlerts, anniversaryAlerts, totals}",
        500: "The alerts could not be read",
      },
    },
  },
  "/api/dashboard/metrics": {
    get: {
      summary: "The dashboard's figures",
      access: ACCESS.dashboard,
      responses: { 200: "{totalClients, activeVips, inactiveClients}" },
    },
  },
  "/api/dashboard/tier-breakdown": {
    get: {
      summary: "Clients per tier",
      access: ACCESS.dashboard,
      responses: { 200: "{diamond, platinum, gold, silverBronze}" },
    },
  },
  "/api/follow-ups": {
    get: {
      summary: "Follow-ups, soonest first",
      access: ACCESS.clients,
      // Read in the route with parseFollowUpOwner (app/domain/follow-ups.ts); unknown values are ignored.
      query: {
        owner: { schema: z.string(), description: '"me" (the default), "all" or a user id' },
        status: { schema: z.enum(FOLLOW_UP_STATUSES), description: "Only follow-ups in this status" },
        due: { schema: z.enum(FOLLOW_UP_DUE), description: "Only follow-ups due in this window" },
      },
      responses: { 200: "{data}" },
    },
    post: {
      summary: "Schedule a follow-up (the owner defaults to the caller)",
      access: ACCESS.clients,
      body: () => NewFollowUpSchema,
      responses: { 201: "{data}: the follow-up", 404: "Client not found" },
    },
  },
  "/api/follow-ups/{id}": {
    params: { id: "The follow-up's id" },
    put: {
      summary: "Change a follow-up's status, outcome, due date or owner",
      access: ACCESS.clients,
      body: () => FollowUpChangeSchema,
      responses: {
        200: "{data}: the follow-up",
        403: "Not its owner, its scheduler or an admin",
        404: "No such follow-up",
      },
    },
  },
  "/api/gold-rates": {
    get: {
      summary: `Rate entries newest first (at most ${GOLD_RATE_API_LIMIT}): {data: [{id, effectiveAt, rates, enteredByName}]}`,
      access: "any",
      // Read by parseGoldRateRange (app/domain/gold-rates.ts); other parameters are ignored.
      query: {
        from: {
          schema: z.iso.date(),
          description: "The first of the shop's days whose entries are wanted, YYYY-MM-DD",
        },
        to: { schema: z.iso.date(), description: "The last such day, YYYY-MM-DD" },
      },
      responses: { 200: "{data: [entry]}", 400: "A day it cannot read, or from after to" },
    },
    post: {
      summary:
        "Enter the rate of the day: AED per gram as decimal strings for 24, 22, 21 and 18 karat (platinum, silver optional)",
      description:
        "effectiveAt is an ISO time with its offset, not later than now; without it, now. An entry is never changed: a correction is a new entry.",
      access: ACCESS.profile,
      body: () => goldRateInputSchema(),
      responses: { 201: "{data: {id, effectiveAt, rates, enteredByName}}" },
    },
  },
  "/api/gold-rates/latest": {
    get: {
      summary: "The entry that stands now: {data: {id, effectiveAt, rates, enteredByName}}",
      access: "any",
      responses: { 200: "{data: entry}", 404: "No rate entered yet" },
    },
  },
  "/api/import/clients": {
    post: {
      summary: "Import clients from a spreadsheet",
      access: ACCESS.importData,
      upload: SPREADSHEET_UPLOAD,
      description:
        'Form field existing: "skip" (the default) or "update" the clients already in the book (same mobile, else same Emirates ID); update fills in the row\'s non-empty cells. The answer also counts updated and possibleDuplicates.',
      responses: IMPORT_ANSWERS,
    },
  },
  "/api/import/export-possible-duplicates": {
    get: {
      summary: "The new clients of one of your imports that look like a client already in the book, as a workbook",
      access: ACCESS.importData,
      query: { runId: { schema: z.string(), required: true, description: "The import's runId" } },
      responses: {
        200: "Possible_Duplicates_Export.xlsx",
        400: "runId is missing",
        404: "No such import of yours, or it found no possible duplicates",
      },
      download: XLSX,
    },
  },
  "/api/import/export-skipped": {
    get: {
      summary: "The clients your last import skipped, as a workbook",
      access: ACCESS.importData,
      responses: { 200: "Skipped_Customers_Export.xlsx", 404: "Your last import skipped no clients" },
      download: XLSX,
    },
  },
  "/api/import/last-times": {
    get: {
      summary: "When each kind of import last ran",
      access: ACCESS.importData,
      responses: { 200: "{lastClientImport, lastZohoImport}" },
    },
  },
  "/api/import/progress": {
    get: {
      summary: "How far your running import is",
      access: ACCESS.importData,
      query: { id: { schema: z.string(), required: true, description: "The import's runId" } },
      responses: { 200: "The rows processed of the total", 404: "No such import of yours" },
    },
  },
  "/api/import/purchase-history-template": {
    get: {
      summary: "The purchase history template, its instructions in your language",
      access: ACCESS.importData,
      responses: { 200: "<Product>_Purchase_History_Template.xlsx" },
      download: XLSX,
    },
  },
  "/api/import/template": {
    get: {
      summary: "The client import template, its instructions in your language",
      access: ACCESS.importData,
      responses: { 200: "<Product>_Import_Template.xlsx" },
      download: XLSX,
    },
  },
  "/api/import/zoho-customers": {
    post: {
      summary: "Import a Zoho customer export",
      access: ACCESS.importData,
      upload: SPREADSHEET_UPLOAD,
      responses: IMPORT_ANSWERS,
    },
  },
  "/api/import/zoho-template": {
    get: {
      summary: "The Zoho import template, its instructions in your language",
      access: ACCESS.importData,
      responses: { 200: "Zoho_Customer_Import_Template.xlsx" },
      download: XLSX,
    },
  },
  "/api/openapi.json": {
    get: {
      summary: "This document",
      access: "any",
      responses: { 200: "The OpenAPI 3.1 document of every /api route" },
    },
  },
  "/api/reports/cash": {
    get: {
      summary:
        "Cash transactions the cash rule flagged, newest first: {data: [{id, kind, clientId, clientName, cashAmount, at, idType, status, reference}], total}",
      access: ACCESS.cashReports,
      // Read by the route (app/routes/api.reports.cash.ts); another status is a 400.
      query: {
        status: { schema: z.enum(REPORT_STATUSES), description: "report_due or reported; without it, both" },
        page: { schema: z.int().min(1), description: "The page of 50, from 1" },
      },
      responses: { 200: "{data, total}", 400: "A status or page it cannot read" },
    },
  },
  "/api/reports/cash/{id}/reported": {
    params: { id: "The cash transaction's id (a positive integer)" },
    post: {
      summary: "Mark a flagged cash transaction reported, with its goAML reference (and the day, today by default)",
      access: ACCESS.cashReports,
      body: () => reportedSchema(businessToday()),
      responses: {
        200: "{data: {id, status, reference, reportedOn}}",
        404: "No such flagged transaction",
        409: "Already reported",
      },
    },
  },
  "/api/jobs": {
    get: {
      summary: "Jobs of clients in the book, soonest promised first, 20 a page: {data: [job], total, counts}",
      access: ACCESS.clients,
      // Read in the route with parseJobQuery (app/domain/jobs.ts); anything it cannot read is a 400.
      query: {
        status: { schema: z.enum(JOB_STATUSES), description: "Only jobs in this status" },
        type: { schema: z.enum(JOB_TYPES), description: "Only jobs of this type" },
        clientId: { schema: z.string(), description: "Only this client's jobs" },
        showroom: { schema: z.string(), description: "Only jobs of this showroom (its key)" },
        overdue: { schema: z.enum(["1"]), description: "1: only open jobs past their promised date" },
        q: { schema: z.string(), description: "A job number (as said: r 2026 42) or part of the client's name" },
        page: { schema: z.string(), description: "The page, from 1" },
      },
      responses: { 200: "{data: [job], total, counts}", 400: "A query it cannot read" },
    },
  },
  "/api/jobs/{id}": {
    params: { id: "The job's id (a positive integer)" },
    get: {
      summary: "A job with its payments, its history [{status, at, byName, reason}] and the moves it may make",
      access: ACCESS.clients,
      responses: { 200: "{data: job}", 404: "Job not found" },
    },
  },
  "/api/jobs/{id}/payments": {
    params: { id: "The job's id (a positive integer)" },
    post: {
      summary: "Take a payment {amount, method, buyerId?} against the job's balance: {data: {paid, balance}}",
      description:
        'Any role. More than the balance, or a job without a price, is a 400; a closed job a 409. Cash falls under the cash rule (409 {error, code: "cash_id_required"}). A layaway paid in full becomes ready.',
      access: ACCESS.clients,
      body: () => jobPaymentSchema(),
      responses: {
        201: "{data: {paid, balance}}",
        404: "Job not found",
        409: 'The job is closed; or {error, code: "cash_id_required"}',
      },
    },
  },
  "/api/jobs/{id}/payments/{paymentId}/refund": {
    params: { id: "The job's id (a positive integer)", paymentId: "The payment's id, as the job's payments give it" },
    post: {
      summary: "Refund one payment of a cancelled job, whole: {data: {paid, balance}}",
      description:
        "Admins, sales front and sales back (others 403). A job not cancelled, or a payment already refunded, is a 409; a payment not of this job a 404. Audited on the client; a cash payment stays in the cash rule's window and report.",
      access: ACCESS.clients,
      responses: {
        200: "{data: {paid, balance}}",
        403: "Not a closing role",
        404: "Job or payment not found",
        409: "The job is not cancelled, or the payment was already refunded",
      },
    },
  },
  "/api/jobs/{id}/photos": {
    params: { id: "The job's id (a positive integer)" },
    post: {
      summary: "Add a photo of the job's piece: 201 {data: {id, fileName, contentType, bytes, url}}",
      description:
        "Any role, as a payment. JPEG, PNG or WebP, read from the file's bytes (not its name or declared type), at most 5 MB; at most 5 photos a job. A refusal stores nothing. The url (/job-photos/{id}) serves the picture to a signed-in user who may see the job.",
      access: ACCESS.clients,
      upload: { field: "photo", description: "The photo: JPEG, PNG or WebP, at most 5 MB" },
      responses: {
        201: "{data: {id, fileName, contentType, bytes, url}}",
        404: "Job not found",
      },
    },
  },
  "/api/jobs/{id}/status": {
    params: { id: "The job's id (a positive integer)" },
    post: {
      summary: "Move a job {status, reason?, override?}: {data: job, refunds}",
      description:
        "Repairs and custom orders: received → in_workshop → ready → delivered; layaways: reserved → ready (paid in full) → delivered; any open job → cancelled with a reason (refunds lists its payments). Delivering and cancelling: admin, sales front and sales back. Delivered while anything is owed is a 409 naming the amount; an admin may deliver anyway with override: true and a reason. Delivering a priced job records its sale, the job number as the invoice.",
      access: ACCESS.clients,
      body: () => jobMoveSchema(),
      responses: {
        200: "{data: job, refunds}",
        403: "Delivering or cancelling by a role that may not",
        404: "Job not found",
        409: "A move the flow does not allow, or a balance outstanding ({error} names the amount)",
      },
    },
  },
  "/api/quotes": {
    post: {
      summary:
        "Give a quote at the latest rate of the day: {data: {id, number, clientId, rates, lines, exchange, subtotal, vat, exchangeCredit, total, validUntil}}",
      description:
        "Lines: {description?, category?, weightGrams (up to 3 decimals), karat (24, 22, 21, 18, platinum, silver), makingCharge, makingChargeType per_gram | fixed, stoneValue?}; exchange: {weightGrams, karat, deductionPercent}. Money is AED as decimal strings with 2 decimals; each line answers metalValue, making, stoneValue, lineTotal and vatRate (a percent: 5.00, or 0.00 for 24K coins and bars). A karat the latest rates do not price, or a total below zero, is a 400.",
      access: ACCESS.clients,
      // The route passes the shop's item categories; the document's shape is the same without them.
      body: (categories: Parameters<typeof quoteInputSchema>[0] = []) => quoteInputSchema(categories),
      responses: { 201: "{data: quote}" },
    },
  },
  "/api/quotes/{id}": {
    params: { id: "The quote's id" },
    get: {
      summary: "A saved quote: {data: quote}",
      access: ACCESS.clients,
      responses: { 200: "{data: quote}", 404: "Quote not found" },
    },
  },
  "/api/reports/sales": {
    get: {
      summary: "Sales not void of a period, grouped; amounts as decimal strings",
      access: ACCESS.reports,
      query: SALES_REPORT_QUERY,
      responses: { 200: "{rows: [{key, label, count, total, average}], totals}", 400: "A query it cannot read" },
    },
  },
  "/api/reports/sales.xlsx": {
    get: {
      summary: "The sales report's table as a workbook",
      access: ACCESS.reports,
      query: SALES_REPORT_QUERY,
      responses: { 200: "The report's workbook", 400: "A query it cannot read" },
      download: XLSX,
    },
  },
  "/api/sales/{id}/void": {
    params: { id: "The sale's id (a positive integer)" },
    post: {
      summary: "Void a sale (an admin, or its recorder on the same day) and recompute the client",
      access: ACCESS.clients,
      body: () => voidSaleSchema(),
      responses: {
        200: "{data, totalSalesValue, tier, lastPurchaseDate}",
        403: "Not an admin or the same-day recorder",
        404: "Sale not found",
        409: "Already void",
      },
    },
  },
  "/api/users": {
    get: {
      summary: "The staff list",
      access: "unlocked-admin",
      // Read by userFiltersFrom (app/domain/user-form.ts).
      query: {
        search: { schema: z.string().max(100), description: "Name or email to search for (q is read too)" },
        role: { schema: z.enum(ROLES), description: "Only staff of this role" },
      },
      responses: { 200: "The staff list" },
    },
    post: {
      summary: "Add a staff member",
      access: "unlocked-admin",
      body: () => UserCreateSchema,
      responses: { 201: "{message, user}", 409: "The email or phone is already a user's" },
    },
  },
  "/api/users/stats": {
    get: {
      summary: "Staff counts by role and status",
      access: "unlocked-admin",
      responses: { 200: "The counts" },
    },
  },
  "/api/users/{id}": {
    params: USER_ID,
    put: {
      summary: "Change a staff member (any of name, email, role, department, phone, isActive, authType)",
      access: "unlocked-admin",
      body: () => UserPatchSchema,
      responses: {
        200: "{message, user}",
        404: "No such user",
        409: "The email or phone is already a user's",
      },
    },
    delete: {
      summary: "Delete a staff member",
      access: "unlocked-admin",
      responses: { 200: "{message}", 400: "A protected account (yourself, the last admin)", 404: "No such user" },
    },
  },
  "/api/users/{id}/generate-otp": {
    params: USER_ID,
    post: {
      summary: "A single-use sign-in code for a staff member, shown this once",
      access: "unlocked-admin",
      responses: { 200: "{otp, expiresAt}", 400: "The account cannot use one", 404: "No such user" },
    },
  },
  "/api/showrooms": shopListPath("showrooms", "showroom"),
  "/api/showrooms/{id}": shopRowPath("showroom"),
  "/api/teams": shopListPath("teams", "team"),
  "/api/teams/{id}": shopRowPath("team"),
  "/api/item-categories": shopListPath("item categories", "item category"),
  "/api/item-categories/{id}": shopRowPath("item category"),
} satisfies Record<string, ApiPath>;

export type ApiRoutePath = keyof typeof API_CONTRACT;
