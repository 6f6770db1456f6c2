import type { IsoDate } from "./calendar";
import {
  COUNTRY_LABELS,
  EMIRATE_LABELS,
  CLIENT_LANGUAGE_LABELS,
  type ANNIVERSARY_TYPES,
  type ClientLanguage,
  type CONTACT_OK,
  type Country,
  type Emirate,
} from "./client-enums";
import type { FieldMask } from "./client-privacy";
import { filsToDecimalString, type Fils } from "./money";
import {
  BUDGET_BAND_LABELS,
  choicesText,
  listFromColumn,
  type BudgetBand,
  type PreferredMetal,
  type PreferredStone,
} from "./preferences";
import { METAL_LABELS, STONE_LABELS } from "./sales";
import { nameOfKey, type ShopChoice } from "./shop-lists";

/**
 * The registry of a client's fields: every reader of "a client's fields" (the validation schema,
 * the New Client and Edit Customer forms, the /api JSON, the import columns and template, the
 * skipped-clients export, the list's table) is derived from this one object. Adding a field is one
 * entry here plus its column in prisma/schema.prisma; the compiler points at anything left to
 * decide (see docs/decisions/011-client-field-registry.md).
 */

/** How a field's value is read, validated, shown in a form and written to a spreadsheet cell. */
export type ClientFieldKind =
  | "name" // the client's name: required, "Name is required"
  | "nameAr" // the name in Arabic script: optional, written right to left
  | "mobile" // normalised to digits, unique
  | "text"
  | "longText" // a textarea across the form
  | "email"
  | "date" // a calendar day, "YYYY-MM-DD"
  | "money" // AED as people type it, stored in fils
  | "country"
  | "emirate" // one of the 8 in the UAE, "none" elsewhere
  | "team"
  | "language" // the language of the client's messages: en or ar, English when not given
  | "anniversaryType"
  | "contactOk" // Yes / No
  | "active" // the Active / Inactive flag
  | "size" // a ring or bangle size as the shop writes it
  | "metals" // preferred metals: a list of the sales vocabulary's metals
  | "stones" // preferred stones: a list of the sales vocabulary's stones
  | "tags" // free style tags, typed comma-separated
  | "budgetBand"; // one of the fixed AED bands

/** Kinds whose value is a list of fixed choices, drawn as checkboxes. */
export type ChoiceListKind = "metals" | "stones";

/** Whether an operation takes the field: required, optional, or not at all. */
export type FieldUse = "required" | "optional" | false;

export type FormMode = "new" | "edit";

/** An importable field: the header the client template prints, the other headers accepted, the template's example. */
export type ImportSpec = { header: string; aliases: readonly string[]; example: string };

export type ClientFieldSpec = {
  /** The label on the forms. */
  label: string;
  kind: ClientFieldKind;
  /** The name in the /api JSON, the forms and import rows, when it is not the column's name. */
  json?: string;
  /** Longest text accepted. */
  max?: number;
  /** Taken by Add New Client (the form, POST /api/clients and every import row). */
  create: FieldUse;
  /** Taken by Edit Customer (the form and PUT /api/clients/:id); a PUT without it keeps the value. */
  edit: FieldUse;
  /** The forms that show an input for it. */
  form: readonly FormMode[];
  /** Written to the skipped-clients export (so the rows can be fixed and imported again). */
  exported: boolean;
  /** A spreadsheet column of the imports and the client template, or not importable. */
  import: ImportSpec | false;
  /** Read for the client list's table. */
  table?: boolean;
  placeholder?: string;
  /**
   * Shown masked or withheld outside the admin role, in every list, page and JSON answer, until
   * revealed (app/domain/client-privacy.ts, docs/privacy.md).
   */
  mask?: FieldMask;
  /** Drawn in its own box on the edit form and the details (the client's jewellery preferences). */
  section?: "preferences";
  /**
   * What erasing the client does to it (docs/decisions/015-client-data-rights.md): "wipe" clears
   * it (the name and mobile, which every client has, get stand-ins: app/domain/client-erasure.ts);
   * "keep" leaves it, for the business's figures, which still count the client's sales.
   */
  erasure: "wipe" | "keep";
};

const BOTH = ["new", "edit"] as const satisfies readonly FormMode[];
const EDIT = ["edit"] as const satisfies readonly FormMode[];
const NONE = [] as const satisfies readonly FormMode[];

/** The Edit form's extra details: optional, shown only when editing, and kept in the skipped-rows export. */
const EDIT_EXTRA = { create: "optional", edit: "optional", form: EDIT, exported: true } as const;

/** Preferences (docs/decisions/019): edit-form extras in the Preferences box. */
const PREFERENCE = { ...EDIT_EXTRA, section: "preferences", erasure: "wipe" } as const;

/**
 * Every client field, keyed by its database column, in the order the forms, the template, the
 * JSON and the export list them.
 */
export const CLIENT_FIELDS = {
  fullName: {
    label: "Full name",
    kind: "name",
    erasure: "wipe",
    max: 200,
    create: "required",
    edit: "required",
    form: BOTH,
    exported: true,
    table: true,
    import: {
      header: "Full Name",
      aliases: ["Name", "Client Name", "Customer Name"],
      example: "Aisha Al Mansoori (example, replace me)",
    },
  },
  fullNameAr: {
    label: "Name in Arabic",
    kind: "nameAr",
    erasure: "wipe",
    max: 200,
    create: "optional",
    edit: "optional",
    form: BOTH,
    exported: true,
    table: true,
    import: {
      header: "Full Name (Arabic)",
      aliases: ["Arabic Name", "Name (Arabic)", "Name in Arabic", "الاسم"],
      example: "عائشة المنصوري",
    },
  },
  mobileNumber: {
    label: "Mobile number",
    kind: "mobile",
    erasure: "wipe",
    create: "required",
    edit: "required",
    form: BOTH,
    exported: true,
    table: true,
    placeholder: "050 123 4567",
    import: {
      header: "Mobile Number",
      aliases: [
        "Mobile",
        "Mobile No",
        "Phone",
        "Phone Number",
        "Phone No",
        "Contact Number",
        "WhatsApp",
        "WhatsApp Number",
      ],
      example: "050 000 0000",
    },
  },
  country: {
    label: "Country",
    kind: "country",
    erasure: "keep",
    create: "required",
    edit: "required",
    form: BOTH,
    exported: true,
    table: true,
    import: { header: "Country", aliases: ["Country of Residence"], example: "United Arab Emirates" },
  },
  emirate: {
    label: "Emirate",
    kind: "emirate",
    erasure: "keep",
    create: "optional",
    edit: "optional",
    form: BOTH,
    exported: true,
    table: true,
    import: { header: "Emirate", aliases: ["State", "State/Emirate"], example: "Dubai" },
  },
  area: {
    label: "Area",
    kind: "text",
    erasure: "wipe",
    max: 200,
    create: "optional",
    edit: "optional",
    form: BOTH,
    exported: true,
    table: true,
    import: { header: "Area", aliases: ["Address", "Location", "Community"], example: "Jumeirah" },
  },
  team: {
    label: "Team",
    kind: "team",
    erasure: "keep",
    create: "required",
    edit: "optional",
    form: BOTH,
    exported: true,
    table: true,
    import: { header: "Team", aliases: ["Sales Team", "Assigned Team"], example: "Team A" },
  },
  totalSalesFils: {
    label: "Total sales (AED)",
    kind: "money",
    erasure: "keep",
    json: "totalSalesValue",
    create: "optional",
    edit: false, // read-only: a new sale adds to it
    form: ["new"],
    exported: true,
    table: true,
    import: {
      header: "Total Sales (AED)",
      aliases: ["Total Sales", "Total Sale", "Total Sales Value", "Total Purchases", "Sales Amount", "Sales"],
      example: "12,500.00",
    },
  },
  lastPurchaseDate: {
    label: "Purchase date",
    kind: "date",
    erasure: "keep",
    create: "optional",
    edit: false, // moved forward by new sales
    form: ["new"],
    exported: true,
    table: true,
    import: {
      header: "Last Purchase Date",
      aliases: ["Last Purchase", "Purchase Date", "Last Purchased"],
      example: "15/01/2025",
    },
  },
  dateOfBirth: {
    label: "Date of birth",
    kind: "date",
    erasure: "wipe",
    create: "optional",
    edit: "optional",
    form: BOTH,
    exported: true,
    table: true,
    import: { header: "Date of Birth", aliases: ["DOB", "Birthday", "Birth Date"], example: "15/03/1990" },
  },
  email: {
    label: "Email",
    kind: "email",
    erasure: "wipe",
    create: "optional",
    edit: "optional",
    form: BOTH,
    exported: true,
    table: true,
    import: { header: "Email", aliases: ["Email Address", "E-mail", "Email ID"], example: "aisha@example.com" },
  },
  preferredLanguage: {
    label: "Preferred language",
    kind: "language",
    erasure: "keep",
    create: "optional",
    edit: "optional",
    form: BOTH,
    exported: true,
    import: { header: "Preferred Language", aliases: ["Language", "اللغة"], example: "English" },
  },
  emiratesId: {
    label: "Emirates ID number",
    kind: "text",
    erasure: "wipe",
    max: 40,
    ...EDIT_EXTRA,
    table: true,
    mask: "emiratesId",
    placeholder: "784-1990-1234567-1",
    import: {
      header: "Emirates ID",
      aliases: ["Emirates ID Number", "Emirates ID No", "ID Number", "EID"],
      example: "784-1990-1234567-1",
    },
  },
  emiratesIdExpiry: {
    label: "Emirates ID expiry",
    kind: "date",
    erasure: "wipe",
    ...EDIT_EXTRA,
    table: true,
    import: {
      header: "Emirates ID Expiry",
      aliases: ["Emirates ID Expiry Date", "ID Expiry", "ID Expiry Date", "EID Expiry", "Expiry Date"],
      example: "31/12/2027",
    },
  },
  pepStatus: {
    label: "PEP status",
    kind: "text",
    erasure: "wipe",
    max: 60,
    ...EDIT_EXTRA,
    table: true,
    placeholder: "e.g. No",
    import: { header: "PEP Status", aliases: ["PEP"], example: "No" },
  },
  anniversaryType: {
    label: "Anniversary type",
    kind: "anniversaryType",
    erasure: "wipe",
    ...EDIT_EXTRA,
    import: {
      header: "Anniversary Type",
      aliases: ["Occasion", "Occasion Type"],
      example: "Wedding Anniversary",
    },
  },
  anniversaryDate: {
    label: "Anniversary date",
    kind: "date",
    erasure: "wipe",
    ...EDIT_EXTRA,
    import: { header: "Anniversary Date", aliases: ["Anniversary", "Occasion Date"], example: "20/11/2015" },
  },
  preferredTime: {
    label: "Preferred time",
    kind: "text",
    erasure: "wipe",
    max: 100,
    ...EDIT_EXTRA,
    placeholder: "e.g. Evenings",
    import: {
      header: "Preferred Time",
      aliases: ["Preferred Contact Time", "Best Time to Contact"],
      example: "Evening",
    },
  },
  preferredCollection: {
    label: "Preferred collection",
    kind: "text",
    erasure: "wipe",
    max: 200,
    ...EDIT_EXTRA,
    import: { header: "Preferred Collection", aliases: ["Collection", "Interested In"], example: "Bridal" },
  },
  meetingComments: {
    label: "Meeting comments",
    kind: "longText",
    erasure: "wipe",
    max: 2000,
    ...EDIT_EXTRA,
    import: { header: "Meeting Comments", aliases: ["Comments", "Notes", "Remarks"], example: "Prefers WhatsApp" },
  },
  contactOk: {
    label: "OK to contact",
    kind: "contactOk",
    erasure: "wipe",
    ...EDIT_EXTRA,
    import: {
      header: "Contact OK",
      aliases: ["OK to Contact", "Contact Permission", "Can We Contact You", "Consent"],
      example: "Yes",
    },
  },
  category: {
    label: "Category",
    kind: "text",
    erasure: "keep",
    max: 100,
    ...EDIT_EXTRA,
    import: { header: "Category", aliases: ["Client Category", "Customer Category"], example: "Walk-in" },
  },
  ringSize: {
    label: "Ring size",
    kind: "size",
    ...PREFERENCE,
    placeholder: "e.g. 14 or N½",
    import: { header: "Ring Size", aliases: ["Ring"], example: "14" },
  },
  bangleSize: {
    label: "Bangle size",
    kind: "size",
    ...PREFERENCE,
    placeholder: "e.g. 2.6",
    import: { header: "Bangle Size", aliases: ["Bangle"], example: "2.6" },
  },
  // No "Metal" or "Stone" alias: those name a sale item's columns, not the client's taste.
  preferredMetals: {
    label: "Preferred metals",
    kind: "metals",
    ...PREFERENCE,
    import: { header: "Preferred Metals", aliases: ["Metals", "Preferred Metal"], example: "Yellow gold, White gold" },
  },
  preferredStones: {
    label: "Preferred stones",
    kind: "stones",
    ...PREFERENCE,
    import: {
      header: "Preferred Stones",
      aliases: ["Stones", "Preferred Stone", "Gemstones"],
      example: "Diamond, Pearl",
    },
  },
  styles: {
    label: "Styles",
    kind: "tags",
    ...PREFERENCE,
    placeholder: "e.g. Classic, Minimal",
    import: { header: "Styles", aliases: ["Style", "Style Tags"], example: "Classic, Minimal" },
  },
  budgetBand: {
    label: "Budget",
    kind: "budgetBand",
    ...PREFERENCE,
    import: { header: "Budget", aliases: ["Budget Band", "Budget (AED)"], example: "AED 5,000 – 20,000" },
  },
  isActive: {
    label: "Status",
    kind: "active",
    erasure: "keep",
    create: "optional",
    edit: "optional",
    form: EDIT,
    exported: false,
    import: false,
  },
  emiratesIdPictures: {
    label: "Emirates ID pictures (links)",
    kind: "text",
    erasure: "wipe",
    max: 2000,
    create: "optional",
    edit: "optional",
    form: EDIT,
    exported: false,
    import: false,
    mask: "withheld",
  },
  emiratesIdPicture: {
    label: "Emirates ID picture (link)",
    kind: "text",
    erasure: "wipe",
    max: 500,
    create: "optional",
    edit: "optional",
    form: NONE, // JSON only; the form edits the list of pictures
    exported: false,
    import: false,
    mask: "withheld",
  },
} as const satisfies Record<string, ClientFieldSpec>;

type Registry = typeof CLIENT_FIELDS;
export type ClientFieldName = keyof Registry;
type Spec<K extends ClientFieldName> = Registry[K];

export const CLIENT_FIELD_NAMES = Object.keys(CLIENT_FIELDS) as ClientFieldName[];

export function clientField(name: ClientFieldName): ClientFieldSpec {
  return CLIENT_FIELDS[name];
}

/** A field's name in the JSON, the forms and import rows. */
export type ClientJsonName<K extends ClientFieldName> = K extends ClientFieldName
  ? Spec<K> extends { json: infer J extends string }
    ? J
    : K
  : never;

export function jsonName<K extends ClientFieldName>(name: K): ClientJsonName<K> {
  const spec: ClientFieldSpec = CLIENT_FIELDS[name];
  return (spec.json ?? name) as ClientJsonName<K>;
}

type Operation = "create" | "edit";

/** The fields an operation takes. */
export type FieldsOf<Op extends Operation> = {
  [K in ClientFieldName]: Spec<K>[Op] extends false ? never : K;
}[ClientFieldName];

/** The fields a form shows. */
export type FormFieldName<M extends FormMode = FormMode> = {
  [K in ClientFieldName]: M extends Spec<K>["form"][number] ? K : never;
}[ClientFieldName];

export type ImportableFieldName = {
  [K in ClientFieldName]: Spec<K>["import"] extends ImportSpec ? K : never;
}[ClientFieldName];

export type TableFieldName = {
  [K in ClientFieldName]: Spec<K> extends { table: true } ? K : never;
}[ClientFieldName];

// Worked out once: every import row asks for them several times.
const FIELDS_OF: Record<Operation, readonly ClientFieldName[]> = {
  create: CLIENT_FIELD_NAMES.filter((k) => clientField(k).create !== false),
  edit: CLIENT_FIELD_NAMES.filter((k) => clientField(k).edit !== false),
};

export function fieldsOf<Op extends Operation>(op: Op): readonly FieldsOf<Op>[] {
  return FIELDS_OF[op] as readonly FieldsOf<Op>[];
}

export function formFields(mode: FormMode): FormFieldName[] {
  return CLIENT_FIELD_NAMES.filter((k) => clientField(k).form.includes(mode)) as FormFieldName[];
}

export type MaskedFieldName = {
  [K in ClientFieldName]: Spec<K> extends { mask: FieldMask } ? K : never;
}[ClientFieldName];

/** The fields shown masked or withheld outside the admin role. */
export const MASKED_FIELDS = CLIENT_FIELD_NAMES.filter((k) => clientField(k).mask) as MaskedFieldName[];

export const TABLE_FIELDS = CLIENT_FIELD_NAMES.filter((k) => clientField(k).table) as TableFieldName[];
export type ExportedFieldName = {
  [K in ClientFieldName]: Spec<K>["exported"] extends true ? K : never;
}[ClientFieldName];

export const EXPORTED_FIELDS = CLIENT_FIELD_NAMES.filter((k) => clientField(k).exported) as ExportedFieldName[];
export const IMPORTABLE_FIELDS = CLIENT_FIELD_NAMES.filter(
  (k) => clientField(k).import !== false,
) as ImportableFieldName[];

// ---------------------------------------------------------------------------------------------
// Values: what a validated field holds, by kind.

type KindValue = {
  name: string;
  nameAr: string;
  mobile: string;
  text: string;
  longText: string;
  email: string;
  date: IsoDate;
  money: Fils;
  country: Country;
  emirate: Emirate | "none";
  /** A team's key (the shop's teams: app/domain/shop-lists.ts). */
  team: string;
  language: ClientLanguage;
  anniversaryType: (typeof ANNIVERSARY_TYPES)[number];
  contactOk: (typeof CONTACT_OK)[number];
  active: boolean;
  size: string;
  metals: PreferredMetal[];
  stones: PreferredStone[];
  tags: string[];
  budgetBand: BudgetBand;
};

/** What a validated field holds (null when not given, for the kinds without a default). */
export type FieldValue<K extends ClientFieldName> = KindValue[Spec<K>["kind"]];

/** Kinds that always hold a value once validated (a default applies when not given). */
type DefaultedKind = "country" | "emirate" | "money" | "active" | "language";

type InputValue<K extends ClientFieldName, Op extends Operation> = Spec<K>[Op] extends "required"
  ? KindValue[Spec<K>["kind"]]
  : Spec<K>["kind"] extends DefaultedKind
    ? KindValue[Spec<K>["kind"]]
    : KindValue[Spec<K>["kind"]] | null;

/** A validated client for an operation, keyed by column: what was not given is null. */
export type ClientInput<Op extends Operation> = { [K in FieldsOf<Op>]: InputValue<K, Op> };

// ---------------------------------------------------------------------------------------------
// Forms: every form field as the text an input holds (no field may be left out).

/** The inputs of the edit form's "Record a new sale" box: an operation, not client fields. */
export const SALE_FIELDS = ["newSaleAmount", "newSaleDate", "newSaleDescription"] as const;

/** An input's value: text, or the ticked choices of a checkbox list. */
type FormValue<K extends ClientFieldName> = Spec<K>["kind"] extends ChoiceListKind ? string[] : string;

export type ClientFormValues = { [K in FormFieldName as ClientJsonName<K>]: FormValue<K> } & Record<
  (typeof SALE_FIELDS)[number],
  string
>;

export function isChoiceListKind(kind: ClientFieldKind): kind is ChoiceListKind {
  return kind === "metals" || kind === "stones";
}

/** A stored value as text (strings, numbers, booleans); anything else is not a field value. */
function plainText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  return "";
}

/** What an empty input of each kind starts with (the forms' defaults). */
function blankFormValue(kind: ClientFieldKind): string {
  if (kind === "country") return "uae";
  if (kind === "emirate") return "dubai";
  if (kind === "active") return "true";
  if (kind === "language") return "en";
  return "";
}

/**
 * The form's starting values: each field from `values` (a client as the JSON carries it) or its
 * blank default. Null becomes an empty input; true/false become the Status select's values; a
 * list of choices stays a list (its ticked boxes), style tags become the text "Classic, Minimal".
 */
export function clientFormValues(values: Record<string, unknown> = {}): ClientFormValues {
  const out: Record<string, string | string[]> = {};
  for (const name of formFields("new").concat(formFields("edit"))) {
    const key = jsonName(name);
    const kind = clientField(name).kind;
    const value = values[key];
    const items = Array.isArray(value) ? value.map(plainText) : null;
    if (isChoiceListKind(kind)) out[key] = items ?? [];
    else if (items) out[key] = items.join(", ");
    else out[key] = value === null || value === undefined ? blankFormValue(kind) : plainText(value);
  }
  for (const key of SALE_FIELDS) out[key] = "";
  return out as ClientFormValues;
}

// ---------------------------------------------------------------------------------------------
// Spreadsheet cells: a validated value as a person (and the import) reads it back.

/** `teams`: the shop's teams, whose English names a team's key is written as (a key no team has, as it is). */
export function fieldCellText(kind: ClientFieldKind, value: unknown, teams: readonly ShopChoice[] = []): string {
  if (value === null || value === undefined) return "";
  const text = plainText(value);
  // A list arrives validated (an array) or as its column stores it (comma-separated).
  const items = Array.isArray(value) ? value.map(plainText) : listFromColumn(text);
  switch (kind) {
    case "metals":
      return choicesText(items, METAL_LABELS);
    case "stones":
      return choicesText(items, STONE_LABELS);
    case "tags":
      return items.join(", ");
    case "budgetBand":
      return BUDGET_BAND_LABELS[text as BudgetBand] ?? text;
    case "money":
      return typeof value === "bigint" ? filsToDecimalString(value) : text;
    case "country":
      return COUNTRY_LABELS[text as Country] ?? text;
    case "emirate":
      return text === "none" ? "" : (EMIRATE_LABELS[text as Emirate] ?? text);
    case "team":
      return nameOfKey(teams, text, "en") ?? text;
    case "language":
      return CLIENT_LANGUAGE_LABELS[text as ClientLanguage] ?? text;
    case "active":
      return value === true ? "Yes" : value === false ? "No" : text;
    default:
      return text;
  }
}

/** The header a spreadsheet gives the field: the template's, else the form's label. */
export function spreadsheetHeader(name: ClientFieldName): string {
  const spec = clientField(name);
  return spec.import ? spec.import.header : spec.label;
}

export type WipedFieldName = {
  [K in ClientFieldName]: Spec<K> extends { erasure: "wipe" } ? K : never;
}[ClientFieldName];

/** The fields erasing a client clears (docs/decisions/015-client-data-rights.md). */
export const WIPED_FIELDS = CLIENT_FIELD_NAMES.filter((k) => clientField(k).erasure === "wipe") as WipedFieldName[];
