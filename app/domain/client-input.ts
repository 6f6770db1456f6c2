import { z } from "zod";
import { isIsoDate, isoFromDate, type IsoDate } from "./calendar";
import {
  clientField,
  fieldsOf,
  jsonName,
  type ClientFieldSpec,
  type ClientInput,
  type SALE_FIELDS,
} from "./client-fields";
import {
  ANNIVERSARY_TYPES,
  CLIENT_LANGUAGE_LABELS,
  CLIENT_LANGUAGES,
  CONTACT_OK,
  COUNTRIES,
  EMIRATES,
  NO_EMIRATE,
  type Country,
} from "./client-enums";
import { MESSAGE_CODES, type MessageCode } from "./message-codes";
import { issueMessage } from "./issue-message";
import type { Message, MessageValue } from "./messages";
import { isValidMobile, normalizeMobile } from "./mobile";
import { MAX_AMOUNT_FILS, parseAedToFils, type Fils } from "./money";
import {
  BUDGET_BANDS,
  choiceOf,
  distinctTags,
  listItems,
  normalizeSize,
  parseBudgetBand,
  PREFERRED_METALS,
  PREFERRED_STONES,
  SIZE_MAX,
  STYLE_TAG_MAX,
  STYLE_TAGS_MAX,
} from "./preferences";
import { AMOUNT_TOO_LARGE, METAL_LABELS, STONE_LABELS } from "./sales";
import { choiceField, resolveChoice, type ShopChoice } from "./shop-lists";
import { BUDGET_BAND_KEYS, METAL_KEYS, STONE_KEYS } from "~/i18n/label-keys";

/**
 * The client rules ('New client', 'Edit client'), pure and form-agnostic: the New Client and Edit
 * Customer forms (through Conform), POST/PUT /api/clients and the spreadsheet imports all validate
 * through these schemas, so a client is the same whichever way it arrives. Which fields each
 * operation takes, and of what kind, comes from the registry in client-fields.ts.
 */

/** The fixed lists a message names, as the forms have always listed them ("A, B, C"; the budget bands by "; "). */
const METAL_CHOICES = {
  labels: PREFERRED_METALS.map((m) => METAL_KEYS[m]),
  separator: "clientForm:messages.fieldSeparator",
};
const STONE_CHOICES = {
  labels: PREFERRED_STONES.map((s) => STONE_KEYS[s]),
  separator: "clientForm:messages.fieldSeparator",
};
const BUDGET_CHOICES = {
  labels: BUDGET_BANDS.map((b) => BUDGET_BAND_KEYS[b]),
  separator: "clientForm:messages.bandSeparator",
};

/** Blank values (empty or whitespace-only strings, null) count as "not given". Numbers become text. */
function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  }
  return value;
}

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().max(max, MESSAGE_CODES.clientTooLong).optional());

const requiredText = (max: number, required: MessageCode) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).max(max, MESSAGE_CODES.clientTooLong));

/** Calendar dates arrive as "YYYY-MM-DD", a full ISO timestamp (JSON clients) or a Date. */
function toIsoDate(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "invalid" : isoFromDate(v);
  if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10);
  return v;
}

const optionalDate = z.preprocess(
  toIsoDate,
  z.string({ error: MESSAGE_CODES.clientDateInvalid }).refine(isIsoDate, MESSAGE_CODES.clientDateInvalid).optional(),
);

const mobileField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: MESSAGE_CODES.clientMobileRequired })
    .transform(normalizeMobile)
    .refine(isValidMobile, MESSAGE_CODES.clientMobileInvalid),
);

const countryField = z.preprocess(
  blankToUndefined,
  z.enum(COUNTRIES, { error: MESSAGE_CODES.clientCountryInvalid }).default("uae"),
);

/** Checked against the country in `withPlace`: the 8 emirates in the UAE, forced to "none" elsewhere. */
const emirateField = z.preprocess(blankToUndefined, z.string().optional());

/**
 * A team by its id, key, or English or Arabic name (any case) → an active team's key; anything else is refused
 * with the active teams named (app/domain/shop-lists.ts). The teams are the shop's rows, read by the caller.
 */
const optionalTeam = (teams: readonly ShopChoice[]) =>
  z.preprocess(
    blankToUndefined,
    choiceField("teams", teams).transform((key) => key ?? undefined),
  );

const requiredTeam = (teams: readonly ShopChoice[]) =>
  z.preprocess(blankToUndefined, z.string({ error: MESSAGE_CODES.clientTeamRequired })).transform((text, ctx) => {
    const found = resolveChoice("teams", teams, text);
    if (found.ok) return found.key;
    ctx.addIssue({ code: "custom", message: found.error.code, params: found.error.values });
    return z.NEVER;
  });

const optionalEmail = z.preprocess((v) => {
  const text = blankToUndefined(v);
  return typeof text === "string" ? text.toLowerCase() : text;
}, z.email(MESSAGE_CODES.clientEmailInvalid).max(254, MESSAGE_CODES.clientTooLong).optional());

/** "en"/"ar" from JSON and forms, "English"/"Arabic" (or "العربية") from a spreadsheet; English when not given. */
const languageField = z.preprocess(
  (v) => {
    const text = blankToUndefined(v);
    if (typeof text !== "string") return text;
    const lower = text.toLowerCase();
    if (lower === "العربية" || lower === "عربي") return "ar";
    const byLabel = CLIENT_LANGUAGES.find((l) => CLIENT_LANGUAGE_LABELS[l].toLowerCase() === lower);
    return byLabel ?? lower;
  },
  z.enum(CLIENT_LANGUAGES, { error: MESSAGE_CODES.clientLanguageInvalid }).default("en"),
);

const anniversaryTypeField = z.preprocess(
  blankToUndefined,
  z.enum(ANNIVERSARY_TYPES, { error: MESSAGE_CODES.clientAnniversaryTypeInvalid }).optional(),
);

const contactOkField = z.preprocess(
  (v) => {
    const text = blankToUndefined(v);
    if (typeof text !== "string") return text;
    const lower = text.toLowerCase();
    return lower === "yes" ? "Yes" : lower === "no" ? "No" : text;
  },
  z.enum(CONTACT_OK, { error: MESSAGE_CODES.clientContactOkInvalid }).optional(),
);

/** Checkboxes send "on"; JSON sends booleans; spreadsheets say yes/no. Absent means active. */
const isActiveField = z.preprocess((v) => {
  const text = blankToUndefined(v);
  if (typeof text === "boolean" || text === undefined) return text;
  if (typeof text === "string") {
    const lower = text.toLowerCase();
    if (["true", "on", "yes", "1", "active"].includes(lower)) return true;
    if (["false", "off", "no", "0", "inactive"].includes(lower)) return false;
  }
  return text;
}, z.boolean().default(true));

/**
 * A ring or bangle size as the shop writes it ("14", "N½", "2.6"); numbers from JSON or a cell become text. Its
 * message names the longest size, which zod's own type error could not carry.
 */
const sizeField = z.preprocess(blankToUndefined, z.unknown()).transform((text, ctx) => {
  if (text === undefined) return undefined;
  const size = typeof text === "string" ? normalizeSize(text) : null;
  if (size === null) {
    ctx.addIssue({ code: "custom", message: MESSAGE_CODES.clientSizeInvalid, params: { max: SIZE_MAX } });
    return z.NEVER;
  }
  return size;
});

/** At most this many items are read from a list (a form has a handful of boxes; more is not a person typing). */
const LIST_ITEMS_MAX = 50;

/**
 * A list of fixed choices (preferred metals or stones) from a JSON array, ticked boxes or a cell
 * ("Yellow gold, Rose gold"), by key or label; repeats are dropped, the list's order kept, and an
 * empty list is "not given".
 */
function choiceListField<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  message: MessageCode,
  choices: MessageValue,
) {
  return z
    .unknown()
    .transform((raw, ctx): T[] | undefined => {
      const items = raw === null || raw === undefined ? [] : listItems(raw);
      const chosen =
        items && items.length <= LIST_ITEMS_MAX ? items.map((item) => choiceOf(item, values, labels)) : null;
      if (chosen === null || chosen.includes(null)) {
        ctx.addIssue({ code: "custom", message, params: { choices } });
        return z.NEVER;
      }
      // In the list's own order, so the same choices are always stored (and compared) alike.
      const inOrder = values.filter((v) => chosen.includes(v));
      return inOrder.length > 0 ? inOrder : undefined;
    })
    .optional();
}

/** Style tags typed comma-separated (or sent as a JSON array): trimmed, repeats dropped, each and all bounded. */
const stylesField = z
  .unknown()
  .transform((raw, ctx): string[] | undefined => {
    const items = raw === null || raw === undefined ? [] : listItems(raw);
    const fail = (message: MessageCode, params?: Record<string, number>) => {
      ctx.addIssue({ code: "custom", message, params });
      return z.NEVER;
    };
    if (items === null || items.length > LIST_ITEMS_MAX) return fail(MESSAGE_CODES.clientStylesInvalid);
    const tags = distinctTags(items);
    if (tags.some((tag) => tag.length > STYLE_TAG_MAX))
      return fail(MESSAGE_CODES.clientStyleTooLong, { max: STYLE_TAG_MAX });
    if (tags.length > STYLE_TAGS_MAX) return fail(MESSAGE_CODES.clientTooManyStyles, { max: STYLE_TAGS_MAX });
    return tags.length > 0 ? tags : undefined;
  })
  .optional();

/** A budget band by key or label, or an amount in AED that falls in one; its message lists the bands. */
const budgetBandField = z.preprocess(blankToUndefined, z.unknown()).transform((text, ctx) => {
  if (text === undefined) return undefined;
  const band = typeof text === "string" ? parseBudgetBand(text) : null;
  if (band === null) {
    ctx.addIssue({
      code: "custom",
      message: MESSAGE_CODES.clientBudgetBandInvalid,
      params: { choices: BUDGET_CHOICES },
    });
    return z.NEVER;
  }
  return band;
});

/** Amounts as people type them ("1,250.50", "AED 300"), parsed to fils without floating point. */
const totalSalesField = z.preprocess(blankToUndefined, z.string().optional()).transform((text, ctx): Fils => {
  if (text === undefined) return 0n;
  const fils = parseAedToFils(text);
  if (fils === null) {
    ctx.addIssue({ code: "custom", message: MESSAGE_CODES.clientAmountInvalid });
    return z.NEVER;
  }
  if (fils > MAX_AMOUNT_FILS) {
    ctx.addIssue({ code: "custom", message: AMOUNT_TOO_LARGE.code, params: AMOUNT_TOO_LARGE.values });
    return z.NEVER;
  }
  return fils;
});

/** Edit client: the new sale is "digits with an optional decimal point", recorded only when above 0. */
const newSaleField = z
  .preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, MESSAGE_CODES.clientSaleAmountInvalid)
      .optional(),
  )
  .transform((text, ctx): Fils | undefined => {
    if (text === undefined) return undefined;
    const fils = parseAedToFils(text);
    if (fils !== null && fils > MAX_AMOUNT_FILS) {
      ctx.addIssue({ code: "custom", message: AMOUNT_TOO_LARGE.code, params: AMOUNT_TOO_LARGE.values });
      return z.NEVER;
    }
    return fils !== null && fils > 0n ? fils : undefined;
  });

/** The validator of one field of a kind, taken as `use` (required or optional) by an operation. */
function fieldSchema(spec: ClientFieldSpec, use: "required" | "optional", teams: readonly ShopChoice[]): z.ZodType {
  const max = spec.max ?? 200;
  switch (spec.kind) {
    case "name":
      return requiredText(max, MESSAGE_CODES.clientNameRequired);
    case "nameAr":
      return optionalText(max);
    case "mobile":
      return mobileField;
    case "text":
    case "longText":
      // No text field is required today (app/domain/client-fields.ts); one that becomes so says the catalog's
      // "Required" under its input, in the page's language, as zod's own missing values do.
      return use === "required" ? requiredText(max, MESSAGE_CODES.required) : optionalText(max);
    case "email":
      return optionalEmail;
    case "date":
      return optionalDate;
    case "money":
      return totalSalesField;
    case "country":
      return countryField;
    case "emirate":
      return emirateField;
    case "team":
      return use === "required" ? requiredTeam(teams) : optionalTeam(teams);
    case "language":
      return languageField;
    case "anniversaryType":
      return anniversaryTypeField;
    case "contactOk":
      return contactOkField;
    case "active":
      return isActiveField;
    case "size":
      return sizeField;
    case "metals":
      return choiceListField(PREFERRED_METALS, METAL_LABELS, MESSAGE_CODES.clientMetalsInvalid, METAL_CHOICES);
    case "stones":
      return choiceListField(PREFERRED_STONES, STONE_LABELS, MESSAGE_CODES.clientStonesInvalid, STONE_CHOICES);
    case "tags":
      return stylesField;
    case "budgetBand":
      return budgetBandField;
  }
}

/** The registry's fields an operation takes, under their JSON names, each with its validator. */
function shapeOf(op: "create" | "edit", teams: readonly ShopChoice[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of fieldsOf(op)) {
    const spec = clientField(name);
    const use = spec[op];
    if (use) shape[jsonName(name)] = fieldSchema(spec, use, teams);
  }
  return shape;
}

type PlaceInput = { country: Country; emirate?: string | undefined };

/** Cross-field rules run even when other fields failed, so a form shows every problem at once. */
const unlessFailed =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

/** In the UAE the emirate is one of the 8 (Dubai when not given); elsewhere it is "none". */
function emirateFor(value: PlaceInput): string {
  return value.country === "uae" ? (value.emirate ?? "dubai") : NO_EMIRATE;
}

function checkEmirate(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const place = value as PlaceInput;
  if (place.country === "uae" && !(EMIRATES as readonly string[]).includes(emirateFor(place))) {
    ctx.addIssue({ code: "custom", path: ["emirate"], message: MESSAGE_CODES.clientEmirateRequired });
  }
}

const TOTAL_SALES = jsonName("totalSalesFils");
const PURCHASE_DATE = jsonName("lastPurchaseDate");

/**
 * One schema per list of teams, built on first use: building a zod schema costs far more than using
 * it (zod compiles its parser per schema), and an import checks every row against the same teams
 * (the kept shop lists' array, app/services/shop-lists.server.ts), as every form post between two
 * writes of the lists does.
 */
function builtOncePerTeams<T>(build: (teams: readonly ShopChoice[]) => T): (teams: readonly ShopChoice[]) => T {
  const built = new WeakMap<readonly ShopChoice[], T>();
  return (teams) => {
    const schema = built.get(teams) ?? build(teams);
    built.set(teams, schema);
    return schema;
  };
}

/** Add New Client; also the shape of POST /api/clients and an import row. `teams`: the shop's teams, all rows. */
export const newClientSchema = builtOncePerTeams((teams) =>
  z
    .object(shapeOf("create", teams))
    .superRefine(checkEmirate, { when: unlessFailed("country", "emirate") })
    .superRefine(
      (value, ctx) => {
        if ((value[TOTAL_SALES] as Fils) > 0n && !value[PURCHASE_DATE]) {
          ctx.addIssue({ code: "custom", path: [PURCHASE_DATE], message: MESSAGE_CODES.clientPurchaseDateRequired });
        }
      },
      { when: unlessFailed(TOTAL_SALES, PURCHASE_DATE) },
    )
    .transform((value) => ({ ...value, emirate: emirateFor(value as PlaceInput) })),
);

/** The new-sale box of the edit form (and newSaleAmount of PUT /api/clients/:id): a sale, not a client field. */
const saleShape = {
  newSaleAmount: newSaleField,
  newSaleDate: optionalDate,
  newSaleDescription: optionalText(200),
} satisfies Record<(typeof SALE_FIELDS)[number], z.ZodType>;

/** Edit Customer; also the shape of PUT /api/clients/:id. Total sales are read-only. */
export const editClientSchema = builtOncePerTeams((teams) =>
  z
    .object({ ...shapeOf("edit", teams), ...saleShape })
    .superRefine(checkEmirate, { when: unlessFailed("country", "emirate") })
    .transform((value) => ({ ...value, emirate: emirateFor(value as unknown as PlaceInput) })),
);

/** A validated new client, keyed by column: optional fields are null when not given; dates are "YYYY-MM-DD". */
export type NewClientInput = ClientInput<"create">;
export type NewSaleInput = {
  newSaleAmount: Fils | null;
  newSaleDate: IsoDate | null;
  newSaleDescription: string | null;
};
export type EditClientInput = ClientInput<"edit"> & NewSaleInput;

/** A rule's code with its values (a refused team names the active ones), or zod's own text as it is. */
export type ClientInputIssue = { path: string; message: string | Message };
export type ClientInputResult<T> = { ok: true; value: T } | { ok: false; issues: ClientInputIssue[] };

/** Every field present under its column name: what was not given is null, so callers can write the value as it is. */
function byColumn(op: "create" | "edit", value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of fieldsOf(op)) out[name] = value[jsonName(name)] ?? null;
  return out;
}

function issuesOf(error: z.ZodError): ClientInputIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "form",
    message: issueMessage(issue as Parameters<typeof issueMessage>[0]),
  }));
}

/** Validates and normalises one new client from any source (form fields, JSON, a spreadsheet row). */
export function parseNewClientInput(
  raw: Record<string, unknown>,
  teams: readonly ShopChoice[],
): ClientInputResult<NewClientInput> {
  const result = newClientSchema(teams).safeParse(raw);
  if (!result.success) return { ok: false, issues: issuesOf(result.error) };
  return { ok: true, value: byColumn("create", result.data) as NewClientInput };
}

/** Validates and normalises an edit of an existing client. */
export function parseEditClientInput(
  raw: Record<string, unknown>,
  teams: readonly ShopChoice[],
): ClientInputResult<EditClientInput> {
  const result = editClientSchema(teams).safeParse(raw);
  if (!result.success) return { ok: false, issues: issuesOf(result.error) };
  const sale: NewSaleInput = {
    newSaleAmount: result.data.newSaleAmount ?? null,
    newSaleDate: result.data.newSaleDate ?? null,
    newSaleDescription: result.data.newSaleDescription ?? null,
  };
  return { ok: true, value: { ...(byColumn("edit", result.data) as ClientInput<"edit">), ...sale } };
}

/** 'Validation failed for:' followed by the field paths. */
export function validationFailedMessage(issues: readonly { path: string; message: unknown }[]): string {
  return `Validation failed for: ${[...new Set(issues.map((i) => i.path))].join(", ")}`;
}
